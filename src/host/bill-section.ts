/** What the bar's bill section uses (bill.ts, bill-table.ts, bill-photo.ts), apart from index.ts so the host's page loads it only when the section shows. */
export {
  BILL_MESSAGES,
  checkBillTotal,
  NO_BILL,
  NOT_ON_LIST,
  NOTHING_CHANGED,
  spreadWords,
  useHostBill,
  type BillState,
  type HostBill,
  type LateOrder,
} from './bill.ts';
export {
  draftOfReading,
  draftOfSaved,
  draftOfText,
  EMPTY_DRAFT,
  linesToSave,
  nearProduct,
  newRow,
  rowLine,
  totalSentence,
  type BillDraft,
  type BillRow,
  type ListedProduct,
} from './bill-table.ts';
export { prepareReading, readBillPhoto, useBillPhoto, type PhotoReader } from './bill-photo.ts';
