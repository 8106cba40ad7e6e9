/**
 * The flush as the page runs it (on Dexie's connection) and as the service
 * worker runs it (on a connection of its own, without Dexie): the same suites
 * run against both.
 */
import { db } from '../../src/db/index.ts';
import { flushOutbox, idbOutboxStore, openTabDatabase, type FlushOutcome } from '../../src/sync/index.ts';

type Options = Omit<Parameters<typeof flushOutbox>[0], 'database' | 'store'>;

export interface Flusher {
  flush(options: Options): Promise<FlushOutcome>;
  close(): void;
}

async function inTheWorker(): Promise<Flusher> {
  await db.open();
  const connection = await openTabDatabase(db.name);
  if (!connection) throw new Error('the worker could not open the page’s database at this schema');
  const store = idbOutboxStore(() => Promise.resolve(connection));
  return { flush: (options) => flushOutbox({ ...options, store }), close: () => connection.close() };
}

function inThePage(): Promise<Flusher> {
  return Promise.resolve({ flush: (options) => flushOutbox({ ...options, database: db }), close: () => undefined });
}

export const FLUSHERS: readonly (readonly [string, () => Promise<Flusher>])[] = [
  ['in the page', inThePage],
  ['in the service worker', inTheWorker],
];
