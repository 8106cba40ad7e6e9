import { db, type Order } from '../db/index.ts';
import * as records from './orders.ts';

export type { Order } from '../db/index.ts';
export { openTabStorage } from '../db/index.ts';
export { formatPesos, formatPrice, paymentLink, PRICE_ERROR_TEXT, tabTotal, tippedTotal } from './money.ts';
export type { Pick } from './orders.ts';
export { useActiveOrders } from './useTab.ts';

/** Records one pick on this phone (and queues it for the server). */
export function addOrder(userId: string, pick: records.Pick, now?: Date): Promise<Order> {
  return records.addOrder(db, userId, pick, now);
}

/** The guest's active orders on this phone, newest first. */
export function activeOrders(userId: string): Promise<Order[]> {
  return records.activeOrders(db, userId);
}

/** Empties the guest's tab on this phone (and queues the reset for the server). */
export function resetTab(userId: string): Promise<string[]> {
  return records.resetTab(db, userId);
}

/** The same operations on another database: the sync tests and benchmarks run many phones. */
export const tabOn = records;
