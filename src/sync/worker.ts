/**
 * The service worker's side of the queue: the browser fires Background Sync
 * when the signal returns, even with the app closed, and the worker runs the
 * very same flush as the page, over the same outbox store and the same
 * requests, under the same lock. It carries no Dexie: it opens the page's
 * database itself (db/idb.ts).
 */
import { env } from '../config/env.ts';
import { openMadeDatabase, overIndexedDb } from '../db/idb.ts';
import { flushOutbox } from './flush.ts';
import { flushLock } from './lock.ts';
import { outboxStore } from './outbox-store.ts';
import { createSyncTransport } from './transport.ts';

export { BACKGROUND_SYNC_TAG } from './background-sync.ts';

/**
 * Resolves when the queue is empty or must wait for a fix, or when the page
 * must flush instead (no database yet, or one of another version); rejects
 * when it should be retried, so the browser schedules another sync with its own backoff.
 */
export async function flushFromWorker(): Promise<void> {
  const backend = env.backend;
  if (!backend) return;
  const connection = await openMadeDatabase();
  if (!connection) return;
  try {
    const store = outboxStore(overIndexedDb(connection.name, () => Promise.resolve(connection)));
    // No localStorage here: each guest's party is read from the guest's record in IndexedDB.
    const transport = createSyncTransport({ url: backend.supabaseUrl, anonKey: backend.supabaseAnonKey, partyOf: store.partyOf });
    const outcome = await flushOutbox({ store, transport, lock: flushLock(), appVersion: env.appVersion });
    if (outcome.kind === 'retry' || outcome.kind === 'busy') throw new Error(`outbox not flushed: ${outcome.kind}`);
  } finally {
    connection.close();
  }
}
