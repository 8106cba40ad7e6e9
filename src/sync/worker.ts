/**
 * The service worker's side of the queue: the browser fires Background Sync
 * when the signal returns, even with the app closed, and the worker runs the
 * very same flush as the page, over the same outbox store, the same kinds
 * (src/sync-worker.ts registers them) and the same requests, under the same
 * lock. It carries no Dexie: it opens the page's database itself (db/idb.ts).
 */
import type { BackendConfig } from '../config/env-rules.ts';
import { env } from '../config/env.ts';
import { openMadeDatabase, overIndexedDb, type PhoneDatabase } from '../db/idb.ts';
import { SIGN_OF_LIFE_MESSAGE } from './background-sync.ts';
import { flushOutbox } from './flush.ts';
import { outboxKinds, type OutboxKind } from './kinds.ts';
import { flushLock } from './lock.ts';
import { outboxStore } from './outbox-store.ts';

export { BACKGROUND_SYNC_TAG } from './background-sync.ts';
export { signalProbe } from './signal.ts';
export { createSyncTransport } from './transport.ts';

/** The worker's clients, as far as telling the pages goes (this module is typed for the page too, which has no worker types). */
interface Pages {
  matchAll(options: { type: 'window'; includeUncontrolled: true }): Promise<readonly { postMessage(message: unknown): void }[]>;
}

/** The sync event is a sign of life: the app's open pages try too (engine.ts), whether or not the worker gets the lock. */
export async function tellPages(clients: Pages): Promise<void> {
  const pages = await clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const page of pages) page.postMessage({ type: SIGN_OF_LIFE_MESSAGE });
}

/** The kinds the worker sends, over its own connection to the database. */
export type WorkerKinds = (database: PhoneDatabase, backend: BackendConfig) => readonly OutboxKind[];

/**
 * Resolves when the queue is empty or must wait for a fix, or when the page
 * must flush instead (no database yet, or one of another version); rejects
 * when it should be retried, so the browser schedules another sync with its own backoff.
 */
export async function flushFromWorker(kindsFor: WorkerKinds): Promise<void> {
  const backend = env.backend;
  if (!backend) return;
  const connection = await openMadeDatabase();
  if (!connection) return;
  try {
    const database = overIndexedDb(connection.name, () => Promise.resolve(connection));
    const kinds = outboxKinds(kindsFor(database, backend));
    const outcome = await flushOutbox({ store: outboxStore(database, kinds), kinds, lock: flushLock(), appVersion: env.appVersion });
    if (outcome.kind === 'retry' || outcome.kind === 'busy') throw new Error(`outbox not flushed: ${outcome.kind}`);
  } finally {
    connection.close();
  }
}
