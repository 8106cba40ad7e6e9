/**
 * Phones for sync tests in Node: each has its own IndexedDB (fake-indexeddb),
 * the app's own tab and outbox code, and the real transport, flushing as the
 * page does (on Dexie's connection) or as the service worker does (on a
 * connection of its own).
 */
import '../../scripts/lib/node-phone.ts';
import { openMadeDatabase, overIndexedDb } from '../../src/db/idb.ts';
import type { PhoneDatabase, UserRow } from '../../src/db/index.ts';
import { BarTabDatabase, onDexie } from '../../src/db/database.ts';
import type { FlushOutcome } from '../../src/sync/flush.ts';
import { inProcessLock } from '../../src/sync/lock.ts';
import { tabOutbox, type TabOutbox } from '../../scripts/lib/tab-outbox.ts';
import { createSyncTransport, type SyncTransport } from '../../src/sync/transport.ts';
import { TabStore } from '../../src/tab/index.ts';

/** Who flushes: the page, or the service worker (Background Sync). */
export type Side = 'page' | 'worker';
export const SIDES: readonly (readonly [string, Side])[] = [
  ['by the page', 'page'],
  ['by the service worker', 'worker'],
];

export interface Phone {
  readonly guest: UserRow;
  readonly database: BarTabDatabase;
  /** Its records, as the page reads and writes them. */
  readonly records: PhoneDatabase;
  readonly tab: TabStore;
  readonly transport: SyncTransport;
  addOrder(name?: string, price?: number): Promise<string>;
  reset(): Promise<string[]>;
  flush(): Promise<FlushOutcome>;
  /** Flushes until the queue is empty, at most `attempts` times (no waiting: tests control faults). */
  flushUntilDone(attempts?: number): Promise<FlushOutcome>;
  close(): Promise<void>;
}

let made = 0;

/** The worker's store, on its own connection to the database the page made. */
async function workerStore(database: BarTabDatabase): Promise<{ store: TabOutbox; close: () => void }> {
  await database.open();
  const connection = await openMadeDatabase(database.name);
  if (!connection) throw new Error(`the worker could not open ${database.name}`);
  return { store: tabOutbox(overIndexedDb(connection.name, () => Promise.resolve(connection))), close: () => connection.close() };
}

export interface PhoneOptions {
  readonly timeoutMs?: number;
  readonly name?: string;
  readonly side?: Side;
  /** The code of the party the guest joined by its link; none: the default party. */
  readonly party?: string;
}

export async function makePhone(apiUrl: string, anonKey: string, options: PhoneOptions = {}): Promise<Phone> {
  made += 1;
  const guest: UserRow = { id: crypto.randomUUID(), full_name: options.name ?? `Invitado ${made}` };
  const database = new BarTabDatabase(`phone-${guest.id}`);
  const records = onDexie(database);
  const pageStore = tabOutbox(records);
  const tab = new TabStore(records, guest.id);
  const worker = options.side === 'worker';
  await pageStore.queueGuest(guest, undefined, options.party);
  const own = worker ? await workerStore(database) : null;
  // Each side reads the guest's party where it would: the page through its store, the worker on its own connection.
  const settings = { url: apiUrl, anonKey, partyOf: (own?.store ?? pageStore).partyOf, ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}) };
  const transport = createSyncTransport(settings);
  const lock = inProcessLock();
  const phone: Phone = {
    guest,
    database,
    records,
    tab,
    transport,
    async addOrder(name = 'Aperol Spritz', price = 6500) {
      return (await tab.addOrder({ name, price })).id;
    },
    reset: async () => [...(await tab.reset())],
    flush: () => (own?.store ?? pageStore).flush({ transport, lock }),
    async flushUntilDone(attempts = 50) {
      let outcome: FlushOutcome = { kind: 'busy' };
      for (let attempt = 0; attempt < attempts; attempt += 1) {
        outcome = await phone.flush();
        if (outcome.kind === 'done') return outcome;
      }
      return outcome;
    },
    async close() {
      own?.close();
      database.close();
      await BarTabDatabase.delete(database.name);
    },
  };
  return phone;
}
