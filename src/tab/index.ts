import { phoneDatabase } from '../db/index.ts';
import { keepServerBill as keepBill } from './bill.ts';
import { changeQueued } from './on-outbox.ts';
import { TabStore } from './store.ts';

export type { Order } from '../db/index.ts';
export { guestRows, type GuestRows } from './guest-rows.ts';
export type { ServerTabLine, UnclaimedLine } from '../db/index.ts';
export { resendGuest, useActiveOrders, useGuestRefusal, useServerLines, useTabState, useTabTotal, useUnclaimed } from './hooks.ts';
export { formatPesos, formatPrice, paymentLink, tippedTotal } from './money.ts';
export { keptLine, refusalLine } from './refusals.ts';
export { tabOnOutbox, type ArrivingGuest } from './on-outbox.ts';
export { TabStore, type TabReset } from './store.ts';

const tabs = new Map<string, TabStore>();

/** The guest's tab on this phone: one store per guest for the page's life, whatever screen shows it. */
export function guestTab(guestId: string): TabStore {
  let tab = tabs.get(guestId);
  if (!tab) tabs.set(guestId, (tab = new TabStore(phoneDatabase, guestId, changeQueued)));
  return tab;
}

/** What the server said of the guest's bar's bill (`my_tab_status.bill`) to a question asked at `askedAt`, kept for the tab and the basement. */
export const keepServerBill = (guestId: string, json: unknown, askedAt: number): Promise<void> => keepBill(phoneDatabase, guestId, json, askedAt);
