// The queue's core, free of React and of Vite's import.meta.env, so Node tools can use it;
// the page's hooks are in ./hooks.ts, the service worker's flush in ./worker.ts.
export { BACKGROUND_SYNC_TAG } from './background-sync.ts';
export { startSyncEngine, type SyncEngine } from './engine.ts';
export { retryDelay, BACKOFF_CAP_MS } from './backoff.ts';
export { createFlushScheduler, LOCAL_WRITE_DEBOUNCE_MS, type FlushScheduler } from './scheduler.ts';
export { classifyAnswer, type Verdict } from './classify.ts';
export { flushOutbox, type FlushOutcome } from './flush.ts';
export { flushLock, inProcessLock, type FlushLock } from './lock.ts';
export { forgetInactive, rememberInactive, rememberedInactive } from './inactive-memory.ts';
export { outboxStore, queueOrder, queueSetActive, type OutboxStore, type ParkedSelection, type QueueSummary } from './outbox-store.ts';
export { restoreEvictedTab } from './restore.ts';
export { describeSync, type SyncLine, type SyncSnapshot, type SyncTone } from './status.ts';
export { createSupabaseTransport, PARTY_HEADER, type PartyOf, type SyncTransport, type WriteResult } from './transport.ts';
