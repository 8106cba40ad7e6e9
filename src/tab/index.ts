import { db, type Order } from '../db/index.ts';
import { forgetInactive, rememberInactive } from '../sync/index.ts';
import * as records from './orders.ts';
import { forgetPending, forgetPendingOf, showPending } from './pending.ts';

export type { Order } from '../db/index.ts';
export { openTabStorage } from '../db/index.ts';
export { formatPesos, formatPrice, paymentLink, PRICE_ERROR_TEXT, tabTotal, tippedTotal } from './money.ts';
export type { Pick } from './orders.ts';
export { useActiveOrders } from './useTab.ts';

/**
 * Records one pick on this phone (and queues it for the server). The pick shows
 * in the tab at once; if the phone refuses to store it, it disappears again and
 * the promise rejects.
 */
export async function addOrder(userId: string, pick: records.Pick, now?: Date): Promise<Order> {
  const order = records.newOrder(userId, pick, now);
  showPending(order);
  try {
    await records.saveOrder(db, order);
  } catch (error) {
    forgetPending([order.id]);
    throw error;
  }
  return order;
}

/** The guest's active orders on this phone, newest first. */
export function activeOrders(userId: string): Promise<Order[]> {
  return records.activeOrders(db, userId);
}

/**
 * Empties the guest's tab on this phone (and queues the reset for the server).
 * The ids are also kept beside `user`, so a tab read back from the server after
 * the browser evicted IndexedDB never shows them again.
 */
export async function resetTab(userId: string): Promise<string[]> {
  forgetPendingOf(userId);
  const ids = await records.resetTab(db, userId);
  rememberInactive(userId, ids);
  return ids;
}

/** Takes one pick off the tab ('Quitar'), on this phone and, through the queue, on the server. */
export async function removeOrder(userId: string, orderId: string): Promise<boolean> {
  const removed = await records.setOrderActive(db, userId, orderId, false);
  if (removed) rememberInactive(userId, [orderId]);
  return removed;
}

/** Puts a removed pick back ('Deshacer'): the same order, active again. */
export async function undoRemoval(userId: string, orderId: string): Promise<boolean> {
  const restored = await records.setOrderActive(db, userId, orderId, true);
  if (restored) forgetInactive(userId, [orderId]);
  return restored;
}

/** The same operations on another database: the sync tests and benchmarks run many phones. */
export const tabOn = records;
