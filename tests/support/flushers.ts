/**
 * The flush as the page runs it (on Dexie's connection) and as the service
 * worker runs it (on a connection of its own, without Dexie): the same suites
 * run against both.
 */
import { openMadeDatabase, overIndexedDb } from '../../src/db/idb.ts';
import { phoneDatabase } from '../../src/db/index.ts';
import { db } from '../../src/db/database.ts';
import { flushOutbox, type FlushOutcome } from '../../src/sync/flush.ts';
import { outboxStore } from '../../src/sync/outbox-store.ts';

type Options = Omit<Parameters<typeof flushOutbox>[0], 'store'>;

export interface Flusher {
  flush(options: Options): Promise<FlushOutcome>;
  close(): void;
}

async function inTheWorker(): Promise<Flusher> {
  await db.open();
  const connection = await openMadeDatabase(db.name);
  if (!connection) throw new Error('the worker could not open the page’s database at this schema');
  const store = outboxStore(overIndexedDb(connection.name, () => Promise.resolve(connection)));
  return { flush: (options) => flushOutbox({ ...options, store }), close: () => connection.close() };
}

function inThePage(): Promise<Flusher> {
  const store = outboxStore(phoneDatabase);
  return Promise.resolve({ flush: (options) => flushOutbox({ ...options, store }), close: () => undefined });
}

export const FLUSHERS: readonly (readonly [string, () => Promise<Flusher>])[] = [
  ['in the page', inThePage],
  ['in the service worker', inTheWorker],
];
