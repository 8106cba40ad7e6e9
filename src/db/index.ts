export { BarTabDatabase, DATABASE_NAME, db, onDexie, openTabStorage, phoneDatabase } from './database.ts';
export type { PhoneDatabase, PhoneRecords, Query, StoreName, Tx } from './idb.ts';
export { guestOfEntry, isUuid, type GuestRecord, type Order, type OrderRow, type OutboxEntry, type ParkedEntry, type SyncState, type UserRow } from './records.ts';
export { onStoresChanged, watchStores, type QuietWait } from './watch.ts';
