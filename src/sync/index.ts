// What the page uses of the outbox: the page's engine, its store and lock, the queue's requests, and the
// status line's words. What a capability needs to own a kind of change is in ./queue.ts, the page's hooks
// in ./hooks.ts, the service worker's flush in ./worker.ts. Free of React and of Vite's import.meta.env,
// so Node tools can load it.
export { createOutbox, type Outbox } from './engine.ts';
export type { SyncState } from './entries.ts';
export { flushOutbox, type FlushOutcome } from './flush.ts';
export { outboxKinds, waitingKind, type OutboxKinds } from './kinds.ts';
export { flushLock, inProcessLock, type FlushLock } from './lock.ts';
export { outboxStore, type OutboxStore, type QueueSummary } from './outbox-store.ts';
export type { SyncLine, SyncTone } from './status.ts';
export { loadSyncTransport } from './lazy-transport.ts';
export { signalProbe, type Probe } from './signal.ts';
export type { SyncTransport } from './transport.ts';
