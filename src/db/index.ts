export { openTabStorage, phoneDatabase } from './database.ts';
export { ordersOfGuest, type PhoneDatabase } from './idb.ts';
export {
  isPartyCode,
  isTime,
  isUuid,
  type BillClaimMark,
  type ClaimOffer,
  type BillRecord,
  type GuestRecord,
  type MenuItem,
  type MenuRecord,
  type Order,
  type OrderRow,
  type ServerTabLine,
  type TransferNoticeRecord,
  type UnclaimedLine,
  type UserRow,
} from './records.ts';
export { onStoresChanged, watchStores, type QuietWait } from './watch.ts';
