/**
 * The outbox's storage over IndexedDB itself, the one the flush uses in the
 * page (on Dexie's own connection) and in the service worker (which carries no
 * Dexie): the stores, keys and records database.ts declares. After each write
 * it tells every Dexie of the origin what changed, on Dexie's own channel, so
 * the views' live queries follow a flush wherever it ran.
 */
import type { BarTabDatabase, GuestRecord, OrderRow, OutboxEntry, ParkedEntry, SyncState } from '../db/index.ts';
import { DATABASE_NAME, IDB_VERSION } from '../db/schema.ts';
import { guestOfEntry } from './batches.ts';
import type { OutboxStore } from './flush.ts';

type StoreName = 'outbox' | 'parked' | 'orders' | 'guests' | 'syncState';

function done<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

/** Values of a cursor's walk that `keep` accepts, at most `limit`. */
function collect<T>(request: IDBRequest<IDBCursorWithValue | null>, keep: (value: T) => boolean, limit: number): Promise<T[]> {
  return new Promise((resolve, reject) => {
    const found: T[] = [];
    request.onerror = () => reject(request.error ?? new Error('IndexedDB cursor failed'));
    request.onsuccess = () => {
      const cursor = request.result;
      if (!cursor || found.length >= limit) {
        resolve(found);
        return;
      }
      if (keep(cursor.value as T)) found.push(cursor.value as T);
      cursor.continue();
    };
  });
}

/** Dexie's channel between tabs and workers, also its own window event (STORAGE_MUTATED_DOM_EVENT_NAME in dexie.mjs), and its range for every key. */
const DEXIE_CHANNEL = 'x-storagemutated-1';
const EVERY_KEY = { d: 1, from: -Infinity, to: [[[]]] };

/** What Dexie would announce after writing these stores: every key of each, and of each index. */
function changedParts(database: IDBDatabase, transaction: IDBTransaction, names: readonly StoreName[]): Record<string, unknown> {
  const parts: Record<string, unknown> = {};
  for (const name of names) {
    const base = `idb://${database.name}/${name}/`;
    for (const part of ['', ':dels', ...Array.from(transaction.objectStore(name).indexNames)]) parts[base + part] = EVERY_KEY;
  }
  return parts;
}

function announce(parts: Record<string, unknown>): void {
  if (typeof BroadcastChannel === 'undefined') {
    // Without the channel (Safari before 15.4) Dexie still hears its own window's event.
    if (typeof CustomEvent !== 'undefined' && typeof dispatchEvent === 'function') dispatchEvent(new CustomEvent(DEXIE_CHANNEL, { detail: parts }));
    return;
  }
  const channel = new BroadcastChannel(DEXIE_CHANNEL);
  channel.postMessage(parts);
  channel.close();
}

async function transact<T>(
  database: IDBDatabase,
  names: readonly StoreName[],
  mode: IDBTransactionMode,
  body: (transaction: IDBTransaction) => Promise<T> | T,
): Promise<T> {
  const transaction = database.transaction([...names], mode);
  const parts = mode === 'readwrite' ? changedParts(database, transaction, names) : null;
  const finished = new Promise<void>((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted'));
  });
  finished.catch(() => undefined);
  try {
    const result = await body(transaction);
    await finished;
    if (parts) announce(parts);
    return result;
  } catch (error) {
    try {
      transaction.abort();
    } catch {
      // It had finished already (committed or aborted).
    }
    throw error;
  }
}

/** Reads a record and writes it back changed; nothing when it is not there (as Dexie's update). */
async function change<T>(store: IDBObjectStore, key: string, update: (value: T) => T): Promise<void> {
  const value = await done(store.get(key) as IDBRequest<T | undefined>);
  if (value !== undefined) store.put(update(value));
}

function withoutRefusal(guest: GuestRecord): GuestRecord {
  const { id, full_name, state } = guest;
  return { id, full_name, state };
}

const rowId = (entry: OutboxEntry): unknown => (entry as { row?: Partial<OrderRow> | null }).row?.id;

/** A parked entry's mark on the phone: its order "no aceptado", or its guest refused. */
function markRefused(transaction: IDBTransaction, entry: OutboxEntry, error: string): Promise<void> {
  const id = rowId(entry);
  if (typeof id !== 'string') return Promise.resolve();
  if (entry.kind === 'insert-order') return change<OrderRow>(transaction.objectStore('orders'), id, (order) => ({ ...order, rejected: error }));
  if (entry.kind === 'insert-user') return change<GuestRecord>(transaction.objectStore('guests'), id, (guest) => ({ ...guest, state: 'refused', refusal: error }));
  return Promise.resolve();
}

export function idbOutboxStore(open: () => Promise<IDBDatabase>): OutboxStore {
  const run = async <T>(names: readonly StoreName[], mode: IDBTransactionMode, body: (transaction: IDBTransaction) => Promise<T> | T) =>
    transact(await open(), names, mode, body);
  return {
    head: (limit) =>
      run(['outbox', 'guests'], 'readonly', async (transaction) => {
        const outbox = transaction.objectStore('outbox');
        // The kind index lists entries in key (seq) order within a kind, as the store does overall.
        const guestRows = await done(outbox.index('kind').getAll(IDBKeyRange.only('insert-user'), limit) as IDBRequest<OutboxEntry[]>);
        if (guestRows.length > 0) return guestRows;
        const guests = await done(transaction.objectStore('guests').getAll() as IDBRequest<GuestRecord[]>);
        const held = new Set(guests.filter((guest) => guest.state === 'refused').map((guest) => guest.id));
        if (held.size === 0) return done(outbox.getAll(null, limit) as IDBRequest<OutboxEntry[]>);
        return collect<OutboxEntry>(outbox.openCursor(), (entry) => !held.has(guestOfEntry(entry)), limit);
      }),
    guest: (id) => run(['guests'], 'readonly', (transaction) => done(transaction.objectStore('guests').get(id) as IDBRequest<GuestRecord | undefined>)),
    delivered: (seqs, syncedGuest) =>
      run(['outbox', 'guests'], 'readwrite', async (transaction) => {
        for (const seq of seqs) transaction.objectStore('outbox').delete(seq);
        if (syncedGuest !== undefined) {
          await change<GuestRecord>(transaction.objectStore('guests'), syncedGuest, (guest) => ({ ...withoutRefusal(guest), state: 'synced' }));
        }
      }),
    park: (seqs, stamp) =>
      run(['outbox', 'parked', 'orders', 'guests'], 'readwrite', async (transaction) => {
        const outbox = transaction.objectStore('outbox');
        const found = await Promise.all(seqs.map((seq) => done(outbox.get(seq) as IDBRequest<OutboxEntry | undefined>)));
        const entries = found.filter((entry): entry is OutboxEntry => entry !== undefined);
        for (const entry of entries) transaction.objectStore('parked').add({ entry, ...stamp } satisfies ParkedEntry);
        for (const seq of seqs) outbox.delete(seq);
        await Promise.all(entries.map((entry) => markRefused(transaction, entry, stamp.error)));
      }),
    queueGuest: ({ id, full_name }, now) =>
      run(['outbox', 'guests'], 'readwrite', (transaction) => {
        transaction.objectStore('guests').put({ id, full_name, state: 'queued' } satisfies GuestRecord);
        transaction.objectStore('outbox').add({ kind: 'insert-user', queuedAt: now, row: { id, full_name } } satisfies OutboxEntry);
      }),
    async recordSyncState(state) {
      // Almost every pass ends as the last one did: a read, and a write only when it changed.
      const read = (transaction: IDBTransaction) => done(transaction.objectStore('syncState').get('flush') as IDBRequest<SyncState | undefined>);
      const kept = await run(['syncState'], 'readonly', read);
      if (kept !== undefined && kept.configError === state.configError) return;
      await run(['syncState'], 'readwrite', (transaction) => void transaction.objectStore('syncState').put(state));
    },
  };
}

/** The page's store: on Dexie's own connection, opened (or reopened after an upgrade elsewhere) by Dexie. */
export function databaseStore(database: BarTabDatabase): OutboxStore {
  return idbOutboxStore(async () => {
    if (!database.isOpen()) await database.open();
    return database.backendDB();
  });
}

/**
 * The worker's connection: only to the database the page made, at the schema
 * this build knows. A missing, older or newer database is the page's to create
 * or upgrade: null then, and the page flushes. It gives way to an upgrade.
 */
export function openTabDatabase(name: string = DATABASE_NAME, version: number = IDB_VERSION): Promise<IDBDatabase | null> {
  return new Promise((resolve) => {
    const request = indexedDB.open(name);
    // Only a database that does not exist yet is upgraded by an open without a version: never create it here.
    request.onupgradeneeded = () => request.transaction?.abort();
    request.onerror = () => resolve(null);
    request.onsuccess = () => {
      const database = request.result;
      if (database.version !== version) {
        database.close();
        resolve(null);
        return;
      }
      database.onversionchange = () => database.close();
      resolve(database);
    };
  });
}
