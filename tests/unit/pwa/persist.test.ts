import { describe, expect, it, vi } from 'vitest';
import { requestPersistentStorage } from '../../../src/pwa/index.ts';

function stubStorage(storage: Partial<StorageManager> | undefined) {
  vi.stubGlobal('navigator', { storage });
}

describe('durable storage', () => {
  it('asks once and reports the browser’s answer', async () => {
    const persist = vi.fn().mockResolvedValue(true);
    stubStorage({ persisted: vi.fn().mockResolvedValue(false), persist });
    expect(await requestPersistentStorage()).toBe(true);
    expect(persist).toHaveBeenCalledTimes(1);
  });

  it('does not ask again when storage is already persistent', async () => {
    const persist = vi.fn();
    stubStorage({ persisted: vi.fn().mockResolvedValue(true), persist });
    expect(await requestPersistentStorage()).toBe(true);
    expect(persist).not.toHaveBeenCalled();
  });

  it('takes a no, a failure, or a browser without the API quietly', async () => {
    stubStorage({ persisted: vi.fn().mockResolvedValue(false), persist: vi.fn().mockResolvedValue(false) });
    expect(await requestPersistentStorage()).toBe(false);
    stubStorage({ persisted: vi.fn().mockRejectedValue(new Error('nope')), persist: vi.fn() });
    expect(await requestPersistentStorage()).toBe(false);
    stubStorage({});
    expect(await requestPersistentStorage()).toBe(false);
    stubStorage(undefined);
    expect(await requestPersistentStorage()).toBe(false);
  });
});
