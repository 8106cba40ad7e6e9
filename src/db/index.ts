export { BarTabDatabase, DATABASE_NAME, db, openTabStorage } from './database.ts';
export { isUuid, type GuestRecord, type Order, type OrderRow, type OutboxEntry, type ParkedEntry, type SyncState, type UserRow } from './records.ts';
export { touchesStores, watchStores, type QuietWait } from './watch.ts';
