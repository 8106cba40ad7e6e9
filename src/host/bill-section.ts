/** What the bar's bill section uses (bill.ts), apart from index.ts so the host's page loads it only when the section shows. */
export {
  BILL_MESSAGES,
  checkBillTotal,
  NO_BILL,
  NOT_ON_LIST,
  NOTHING_CHANGED,
  previewBill,
  spreadWords,
  useHostBill,
  type BillPreviewLine,
  type BillState,
  type HostBill,
  type LateOrder,
} from './bill.ts';
