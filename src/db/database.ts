import Dexie, { type EntityTable, type Table } from 'dexie';
import { overIndexedDb, type PhoneDatabase } from './idb.ts';
// The outbox's records are the queue's to declare: only their types cross, no code.
import type { BillRecord, GuestRecord, MenuRecord, Order, ParkedEntry, QueuedEntry, SyncState, TransferNoticeRecord } from './records.ts';
import { DATABASE_NAME } from './schema.ts';

export { DATABASE_NAME };

/**
 * The phone's copy of the tab and the queue of changes waiting for the
 * server, as Dexie declares, opens and upgrades it. Each schema change is a
 * new `version()`; earlier versions stay so Dexie can upgrade old phones.
 * Records are read and written through `onDexie` (idb.ts), the same code the
 * service worker runs; Dexie's events tell every tab what changed.
 */
export class BarTabDatabase extends Dexie {
  orders!: EntityTable<Order, 'id'>;
  // Plain tables: their keys are auto-incremented, and EntityTable does not take the outbox's union type.
  outbox!: Table<QueuedEntry, number>;
  parked!: Table<ParkedEntry, number>;
  syncState!: EntityTable<SyncState, 'key'>;
  guests!: EntityTable<GuestRecord, 'id'>;
  menus!: EntityTable<MenuRecord, 'party'>;
  bills!: EntityTable<BillRecord, 'guest'>;
  transfers!: EntityTable<TransferNoticeRecord, 'id'>;

  constructor(name: string = DATABASE_NAME) {
    super(name);
    // `active` is a boolean, which IndexedDB cannot index: the guest's orders
    // are read by [user_id+created_at] and filtered on `active` in memory.
    this.version(1).stores({ orders: 'id, [user_id+created_at]' });
    this.version(2).stores({ outbox: '++seq', parked: '++id', syncState: 'key' });
    // Guests are sent first whatever their place in the queue: find them by index, not by a scan.
    this.version(3).stores({ outbox: '++seq, kind' });
    // The guest's row and whether the server has it, readable by the service worker too.
    this.version(4).stores({ guests: 'id' });
    // The lists of the parties the phone has been in, by party code ('' for the default party), for the basement.
    // A new store only: a phone at version 4 keeps everything and starts with no list (the built-in one until it hears its party's).
    this.version(5).stores({ menus: 'party' });
    // The outbox is every capability's (sync/): a parked entry keeps its kind beside it, so each capability reads its own
    // (the host's refused marks) by index. Entries parked before carry theirs inside: it is copied out, nothing else moves.
    this.version(6)
      .stores({ parked: '++id, kind' })
      .upgrade((tx) =>
        tx
          .table<ParkedEntry, number>('parked')
          .toCollection()
          .modify((item) => {
            const kind = (item.entry as { kind?: unknown } | null)?.kind;
            if (typeof kind === 'string') (item as { kind?: string }).kind = kind;
          }),
      );
    // The bar's bill as the server last told each guest (its lines on the tab, what nobody claimed), for the basement.
    // A new store only: a phone at version 6 keeps everything and shows the server's lines once it hears them.
    // A claim is an order record with its `bill` mark (no index): nothing stored before changes.
    this.version(7).stores({ bills: 'guest' });
    // The guest's 'Ya transferí' notices (payments/), by guest: the tab says them with no signal, and once the host has them.
    // A new store only: a phone at version 7 keeps everything and has no notice yet.
    this.version(8).stores({ transfers: 'id, guest' });
  }
}

/**
 * The database Dexie keeps open (and opens again after an upgrade elsewhere
 * closed it), for reads and writes. A write is announced through Dexie's own
 * (documented) event: this tab's watchers hear it at once, and Dexie carries
 * it to the other tabs and the service worker.
 */
export function onDexie(database: BarTabDatabase): PhoneDatabase {
  const connect = async () => {
    // Always through open(), which answers at once once Dexie is open: Dexie holds the connection (isOpen() is
    // true) while the upgrade that first makes the database still runs, and a transaction started then throws.
    await database.open();
    return database.backendDB();
  };
  return overIndexedDb(database.name, connect, (parts) => {
    Dexie.on('storagemutated').fire(parts);
  });
}

/** The phone's one database; tests and the sync benchmark make their own. */
export const db = new BarTabDatabase();

/** Its records. */
export const phoneDatabase = onDexie(db);

/**
 * Opens the phone's storage; false when the browser will not give us IndexedDB
 * (some private modes, no quota), so the guest can be told instead of shown a blank page.
 */
export async function openTabStorage(database: BarTabDatabase = db): Promise<boolean> {
  try {
    await database.open();
    return true;
  } catch {
    return false;
  }
}
