/**
 * The one module that speaks IndexedDB itself. Every read and write of the
 * phone's records, in the page and in the service worker, is a transaction
 * run here over the stores database.ts declares; a write is announced once it
 * has committed, so whatever watches the database in any tab or worker hears
 * it: in the page through Dexie's own event (database.ts), in the service
 * worker on Dexie's channel (dexie-channel.ts). It imports no Dexie: the
 * service worker carries it alone.
 */
import { announceOnChannel, changedParts, IDB_VERSION } from './dexie-channel.ts';
// The outbox's records are the queue's to declare: only their types cross, no code.
import type { BillRecord, GuestRecord, MenuRecord, Order, ParkedEntry, QueuedEntry, SyncState, TransferNoticeRecord } from './records.ts';
import { DATABASE_NAME } from './schema.ts';

/** Each store and the record it keeps. */
export interface PhoneRecords {
  readonly orders: Order;
  readonly outbox: QueuedEntry;
  readonly parked: ParkedEntry;
  readonly guests: GuestRecord;
  readonly syncState: SyncState;
  readonly menus: MenuRecord;
  readonly bills: BillRecord;
  readonly transfers: TransferNoticeRecord;
}

export type StoreName = keyof PhoneRecords;

/** Which records of a store: by key or through an index, all of them or a range, at most `limit`. */
export interface Query {
  readonly index?: string;
  readonly only?: IDBValidKey;
  readonly from?: IDBValidKey;
  readonly to?: IDBValidKey;
  readonly limit?: number;
}

/** One guest's orders, oldest first, through the index [user_id+created_at]: a long night's tab is one read. */
export const ordersOfGuest = (guestId: string): Query => ({ index: '[user_id+created_at]', from: [guestId, ''], to: [guestId, '\uffff'] });

/** One transaction's requests. Writes need not be awaited: a failed one aborts the transaction, and the run rejects. */
export interface Tx {
  get<S extends StoreName>(store: S, key: IDBValidKey): Promise<PhoneRecords[S] | undefined>;
  getAll<S extends StoreName>(store: S, query?: Query): Promise<PhoneRecords[S][]>;
  count(store: StoreName, query?: Query): Promise<number>;
  /** Every primary key, in order. */
  keys(store: StoreName): Promise<IDBValidKey[]>;
  /** The records `keep` accepts, in key order, at most `limit`: a cursor's walk. */
  filter<S extends StoreName>(store: S, keep: (record: PhoneRecords[S]) => boolean, limit?: number): Promise<PhoneRecords[S][]>;
  put<S extends StoreName>(store: S, record: PhoneRecords[S]): Promise<IDBValidKey>;
  add<S extends StoreName>(store: S, record: PhoneRecords[S]): Promise<IDBValidKey>;
  delete(store: StoreName, key: IDBValidKey): Promise<void>;
  /** Every record keyed from `from` to `to`, both included: one request however many there are. */
  deleteRange(store: StoreName, from: IDBValidKey, to: IDBValidKey): Promise<void>;
}

/** The phone's database, one transaction per call. */
export interface PhoneDatabase {
  readonly name: string;
  read<T>(stores: readonly StoreName[], body: (tx: Tx) => Promise<T>): Promise<T>;
  /** Commits, then tells every Dexie of the origin that these stores changed. */
  write<T>(stores: readonly StoreName[], body: (tx: Tx) => Promise<T>): Promise<T>;
}

function settle<T>(request: IDBRequest<T>): Promise<T> {
  const result = new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
  // An unawaited write that fails aborts its transaction, which is what the run reports.
  result.catch(() => undefined);
  return result;
}

function range({ only, from, to }: Query): IDBKeyRange | null {
  if (only !== undefined) return IDBKeyRange.only(only);
  if (from !== undefined && to !== undefined) return IDBKeyRange.bound(from, to);
  if (from !== undefined) return IDBKeyRange.lowerBound(from);
  if (to !== undefined) return IDBKeyRange.upperBound(to);
  return null;
}

function requests(transaction: IDBTransaction): Tx {
  const source = (store: StoreName, query: Query = {}) => {
    const objects = transaction.objectStore(store);
    return query.index === undefined ? objects : objects.index(query.index);
  };
  return {
    get: (store, key) => settle(transaction.objectStore(store).get(key)) as Promise<never>,
    getAll: (store, query = {}) => settle(source(store, query).getAll(range(query), query.limit)) as Promise<never>,
    count: (store, query = {}) => settle(source(store, query).count(range(query) ?? undefined)),
    keys: (store) => settle(transaction.objectStore(store).getAllKeys()),
    filter: (store, keep, limit = Infinity) =>
      new Promise((resolve, reject) => {
        const found: never[] = [];
        const walk = transaction.objectStore(store).openCursor();
        walk.onerror = () => reject(walk.error ?? new Error('IndexedDB cursor failed'));
        walk.onsuccess = () => {
          const cursor = walk.result;
          if (!cursor || found.length >= limit) {
            resolve(found);
            return;
          }
          if (keep(cursor.value as never)) found.push(cursor.value as never);
          cursor.continue();
        };
      }),
    put: (store, record) => settle(transaction.objectStore(store).put(record)),
    add: (store, record) => settle(transaction.objectStore(store).add(record)),
    delete: (store, key) => settle(transaction.objectStore(store).delete(key)),
    deleteRange: (store, from, to) => settle(transaction.objectStore(store).delete(IDBKeyRange.bound(from, to))),
  };
}

/** Tells every Dexie of the origin which parts of the database a committed write changed. */
export type Announce = (parts: Record<string, unknown>) => void;

/** Runs `body` in one transaction; a write, once committed, is announced. */
async function transact<T>(
  connection: IDBDatabase,
  stores: readonly StoreName[],
  mode: IDBTransactionMode,
  body: (tx: Tx) => Promise<T>,
  announce: Announce,
): Promise<T> {
  const transaction = connection.transaction([...stores], mode);
  const finished = new Promise<void>((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted'));
  });
  finished.catch(() => undefined);
  const written = mode === 'readwrite' ? stores.map((store) => ({ name: store, indexNames: Array.from(transaction.objectStore(store).indexNames) })) : [];
  try {
    const result = await body(requests(transaction));
    await finished;
    if (written.length > 0) announce(changedParts(connection.name, written));
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

/** The database `connect` opens (and opens again after it was closed); without Dexie, writes are announced on its channel. */
export function overIndexedDb(name: string, connect: () => Promise<IDBDatabase>, announce: Announce = announceOnChannel): PhoneDatabase {
  return {
    name,
    read: async (stores, body) => transact(await connect(), stores, 'readonly', body, announce),
    write: async (stores, body) => transact(await connect(), stores, 'readwrite', body, announce),
  };
}

/**
 * The service worker's connection: only to the database the page made, at the
 * schema this build knows. A missing, older or newer database is the page's to
 * create or upgrade: null then, and the page flushes. It gives way to an upgrade.
 */
export function openMadeDatabase(name: string = DATABASE_NAME, version: number = IDB_VERSION): Promise<IDBDatabase | null> {
  return new Promise((resolve) => {
    const request = indexedDB.open(name);
    // Only a database that does not exist yet is upgraded by an open without a version: never create it here.
    request.onupgradeneeded = () => request.transaction?.abort();
    request.onerror = () => resolve(null);
    request.onsuccess = () => {
      const connection = request.result;
      if (connection.version !== version) {
        connection.close();
        resolve(null);
        return;
      }
      connection.onversionchange = () => connection.close();
      resolve(connection);
    };
  });
}
