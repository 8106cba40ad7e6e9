/**
 * The flush as the page runs it (on Dexie's connection) and as the service
 * worker runs it (on a connection of its own, without Dexie): the same suites
 * run against both.
 */
import { openMadeDatabase, overIndexedDb } from '../../src/db/idb.ts';
import { phoneDatabase } from '../../src/db/index.ts';
import { db } from '../../src/db/database.ts';
import type { FlushOutcome } from '../../src/sync/index.ts';
import { tabOutbox, type TabFlush } from '../../scripts/lib/tab-outbox.ts';

type Options = TabFlush;

export interface Flusher {
  flush(options: Options): Promise<FlushOutcome>;
  close(): void;
}

async function inTheWorker(): Promise<Flusher> {
  await db.open();
  const connection = await openMadeDatabase(db.name);
  if (!connection) throw new Error('the worker could not open the page’s database at this schema');
  const store = tabOutbox(overIndexedDb(connection.name, () => Promise.resolve(connection)));
  return { flush: (options) => store.flush(options), close: () => connection.close() };
}

function inThePage(): Promise<Flusher> {
  const store = tabOutbox(phoneDatabase);
  return Promise.resolve({ flush: (options) => store.flush(options), close: () => undefined });
}

export const FLUSHERS: readonly (readonly [string, () => Promise<Flusher>])[] = [
  ['in the page', inThePage],
  ['in the service worker', inTheWorker],
];
