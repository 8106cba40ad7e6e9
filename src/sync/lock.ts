/**
 * One flusher at a time across tabs and the service worker: a Web Lock, which
 * dies with its tab so another takes over. Where Web Locks are missing (Node,
 * old browsers) a lock within this JavaScript realm does the job; replays are
 * harmless anyway, because every write is an idempotent upsert by id.
 */

export type FlushLock = (<T>(task: () => Promise<T>) => Promise<T | null>) & {
  /** Resolves once the flusher holding the lock lets go; absent where nobody else can hold it. */
  readonly released?: () => Promise<void>;
};

export const FLUSH_LOCK_NAME = 'bar-tab-outbox-flush';

export function inProcessLock(): FlushLock {
  let held = false;
  return async (task) => {
    if (held) return null;
    held = true;
    try {
      return await task();
    } finally {
      held = false;
    }
  };
}

export function flushLock(name = FLUSH_LOCK_NAME): FlushLock {
  const locks = (globalThis.navigator as { locks?: LockManager } | undefined)?.locks;
  if (!locks) return inProcessLock();
  const run = async <T>(task: () => Promise<T>): Promise<T | null> => {
    let result: T | null = null;
    await locks.request(name, { ifAvailable: true }, async (lock) => {
      if (lock) result = await task();
    });
    return result;
  };
  return Object.assign(run, { released: () => locks.request(name, () => undefined) });
}
