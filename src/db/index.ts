export { BarTabDatabase, DATABASE_NAME, db, openTabStorage } from './database.ts';
export type { Order, OrderRow, OutboxEntry, ParkedEntry, SyncState, UserRow } from './records.ts';
