export { BarTabDatabase, DATABASE_NAME, db, onDexie, openTabStorage, phoneDatabase } from './database.ts';
export { ordersOfGuest, type PhoneDatabase, type PhoneRecords, type Query, type StoreName, type Tx } from './idb.ts';
export { guestOfEntry, isPartyCode, isUuid, type GuestRecord, type MenuItem, type MenuRecord, type Order, type OrderRow, type OutboxEntry, type ParkedEntry, type SyncState, type UserRow } from './records.ts';
export { onStoresChanged, watchStores, type QuietWait } from './watch.ts';
