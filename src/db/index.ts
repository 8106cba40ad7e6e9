export { openTabStorage, phoneDatabase } from './database.ts';
export { ordersOfGuest, type PhoneDatabase } from './idb.ts';
export { isPartyCode, isUuid, type MenuItem, type MenuRecord, type Order, type OrderRow, type UserRow } from './records.ts';
export { onStoresChanged, watchStores, type QuietWait } from './watch.ts';

// The benchmarks (scripts/bench) still make their own databases from here; these go once they import database.ts by path.
export { BarTabDatabase, onDexie } from './database.ts';
