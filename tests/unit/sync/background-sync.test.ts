/**
 * The queue's own worker (src/sync/background-sync.ts): registered only when
 * its script can be fetched, never while a flush has just failed, and
 * Background Sync asked of it, never of the app's worker.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { askForBackgroundSync, BACKGROUND_SYNC_TAG, keepSyncWorker, SYNC_WORKER_URL } from '../../../src/sync/background-sync.ts';

interface FakeRegistration {
  readonly scope: string;
  readonly active: object | null;
  readonly installing: null;
  readonly waiting: null;
  readonly sync: { register: ReturnType<typeof vi.fn> };
}

const registrationAt = (path: string): FakeRegistration => ({
  scope: `https://bar.test${path}`,
  active: {},
  installing: null,
  waiting: null,
  sync: { register: vi.fn(() => Promise.resolve()) },
});

let registrations: FakeRegistration[];
let register: ReturnType<typeof vi.fn>;
/** The look at the worker's script: answers, or fails as with no signal. */
let signal: boolean;
const fetchScript = vi.fn((url: string, init?: RequestInit) =>
  signal
    ? Promise.resolve(new Response(null, { status: 200, headers: { 'x-asked': `${init?.method ?? 'GET'} ${url}` } }))
    : Promise.reject(new TypeError('Failed to fetch')),
);

beforeEach(() => {
  const app = registrationAt('/');
  registrations = [app];
  register = vi.fn((_url: string, options: { scope: string }) => {
    const made = registrationAt(options.scope);
    registrations.push(made);
    return Promise.resolve(made);
  });
  // As the browser answers getRegistration: the registration with the longest scope that holds the address.
  const getRegistration = (path: string) =>
    Promise.resolve(registrations.filter((each) => path.startsWith(new URL(each.scope).pathname)).sort((a, b) => b.scope.length - a.scope.length)[0]);
  vi.stubGlobal('navigator', { serviceWorker: { ready: Promise.resolve(app), register, getRegistration } });
  vi.stubGlobal('SyncManager', function SyncManager() {});
  signal = true;
  fetchScript.mockClear();
  vi.stubGlobal('fetch', fetchScript);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('keepSyncWorker', () => {
  it('registers the queue’s worker under a scope no page lives in, once its script answers', async () => {
    const kept = await keepSyncWorker();
    expect(fetchScript).toHaveBeenCalledWith(SYNC_WORKER_URL, { method: 'HEAD', cache: 'no-store' });
    expect(register).toHaveBeenCalledWith(SYNC_WORKER_URL, { scope: '/sync-worker/' });
    expect(kept?.scope).toBe('https://bar.test/sync-worker/');
  });

  it('registers nothing with no signal: the failed look is only a failed request', async () => {
    signal = false;
    expect(await keepSyncWorker()).toBeUndefined();
    expect(register).not.toHaveBeenCalled();
  });

  it('asks nothing of the network once the browser keeps it', async () => {
    await keepSyncWorker();
    fetchScript.mockClear();
    register.mockClear();
    expect((await keepSyncWorker())?.scope).toBe('https://bar.test/sync-worker/');
    expect(fetchScript).not.toHaveBeenCalled();
    expect(register).not.toHaveBeenCalled();
  });

  it('does nothing where the browser has no Background Sync', async () => {
    vi.stubGlobal('SyncManager', undefined);
    Reflect.deleteProperty(globalThis, 'SyncManager');
    expect(await keepSyncWorker()).toBeUndefined();
    expect(fetchScript).not.toHaveBeenCalled();
  });
});

describe('askForBackgroundSync', () => {
  it('asks it of the queue’s worker', async () => {
    await keepSyncWorker();
    await askForBackgroundSync();
    expect(registrations[1]?.scope).toBe('https://bar.test/sync-worker/');
    expect(registrations[1]?.sync.register).toHaveBeenCalledWith(BACKGROUND_SYNC_TAG);
    expect(registrations[0]?.sync.register).not.toHaveBeenCalled();
  });

  it('neither registers a worker nor asks the app’s when the queue’s is not there yet', async () => {
    await askForBackgroundSync();
    expect(register).not.toHaveBeenCalled();
    expect(fetchScript).not.toHaveBeenCalled();
    expect(registrations[0]?.sync.register).not.toHaveBeenCalled();
  });
});
