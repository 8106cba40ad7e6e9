import { describe, expect, it, vi } from 'vitest';
import { requestPersistentStorage } from '../../../src/pwa/index.ts';

interface Browser {
  readonly storage?: Partial<StorageManager> | undefined;
  /** The state `permissions.query({ name: 'persistent-storage' })` answers; undefined: it throws. */
  readonly permission?: PermissionState;
  /** Chromium has navigator.userAgentData. */
  readonly chromium?: boolean;
  /** Running installed (iOS's flag; display-mode is not in jsdom). */
  readonly installed?: boolean;
}

function stubBrowser({ storage, permission, chromium = false, installed = false }: Browser) {
  const query = vi.fn(() => (permission ? Promise.resolve({ state: permission }) : Promise.reject(new TypeError('unknown permission'))));
  vi.stubGlobal('navigator', {
    storage,
    permissions: { query },
    ...(chromium ? { userAgentData: { brands: [] } } : {}),
    ...(installed ? { standalone: true } : {}),
  });
  return query;
}

const notYet = () => ({ persisted: vi.fn().mockResolvedValue(false), persist: vi.fn().mockResolvedValue(true) });

describe('durable storage', () => {
  it('asks Chromium, which decides without a prompt, once, and reports its answer', async () => {
    const storage = notYet();
    stubBrowser({ storage, permission: 'prompt', chromium: true });
    expect(await requestPersistentStorage()).toBe(true);
    expect(storage.persist).toHaveBeenCalledTimes(1);
  });

  it('never asks where asking shows the guest a prompt (Firefox), unless already granted or running installed', async () => {
    const firefox = notYet();
    const query = stubBrowser({ storage: firefox, permission: 'prompt' });
    expect(await requestPersistentStorage()).toBe(false);
    expect(query).toHaveBeenCalledWith({ name: 'persistent-storage' });
    expect(firefox.persist).not.toHaveBeenCalled();

    const granted = notYet();
    stubBrowser({ storage: granted, permission: 'granted' });
    expect(await requestPersistentStorage()).toBe(true);
    expect(granted.persist).toHaveBeenCalledTimes(1);

    const installed = notYet();
    stubBrowser({ storage: installed, installed: true });
    expect(await requestPersistentStorage()).toBe(true);
    expect(installed.persist).toHaveBeenCalledTimes(1);

    const safariTab = notYet();
    stubBrowser({ storage: safariTab });
    expect(await requestPersistentStorage()).toBe(false);
    expect(safariTab.persist).not.toHaveBeenCalled();
  });

  it('does not ask again when storage is already persistent', async () => {
    const persist = vi.fn();
    stubBrowser({ storage: { persisted: vi.fn().mockResolvedValue(true), persist }, chromium: true });
    expect(await requestPersistentStorage()).toBe(true);
    expect(persist).not.toHaveBeenCalled();
  });

  it('takes a no, a failure, or a browser without the API quietly', async () => {
    stubBrowser({ storage: { persisted: vi.fn().mockResolvedValue(false), persist: vi.fn().mockResolvedValue(false) }, chromium: true });
    expect(await requestPersistentStorage()).toBe(false);
    stubBrowser({ storage: { persisted: vi.fn().mockRejectedValue(new Error('nope')), persist: vi.fn() }, chromium: true });
    expect(await requestPersistentStorage()).toBe(false);
    stubBrowser({ storage: {} });
    expect(await requestPersistentStorage()).toBe(false);
    stubBrowser({ storage: undefined });
    expect(await requestPersistentStorage()).toBe(false);
  });
});
