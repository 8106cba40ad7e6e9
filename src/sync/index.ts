// What the rest of the page uses of the queue: the tab queues its changes in its own write and keeps
// what it took off; the status line's words. The page's hooks are in ./hooks.ts, the service worker's
// flush in ./worker.ts. Free of React and of Vite's import.meta.env, so Node tools can load it.
export { forgetInactive, rememberInactive } from './inactive-memory.ts';
export { queueOrder, queueSetActive } from './outbox-store.ts';
export type { SyncLine, SyncTone } from './status.ts';

// The benchmarks (scripts/bench) still flush from here; these go once they import flush.ts, lock.ts, outbox-store.ts,
// scheduler.ts and transport.ts by path.
export { createFlushScheduler } from './scheduler.ts';
export { flushOutbox } from './flush.ts';
export { inProcessLock } from './lock.ts';
export { outboxStore } from './outbox-store.ts';
export { createSupabaseTransport, type SyncTransport } from './transport.ts';
