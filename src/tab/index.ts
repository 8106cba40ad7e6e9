import { db, type Order } from '../db/index.ts';
import { forgetInactive, rememberInactive } from '../sync/index.ts';
import * as records from './orders.ts';
import { forgetPending, forgetPendingOf, hiddenWritten, hidePending, showPending, shownWritten } from './pending.ts';

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
    await inTurn(order.id, () => records.saveOrder(db, order));
  } catch (error) {
    forgetPending({ shown: [order.id] });
    throw error;
  }
  shownWritten(order.id);
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

const inFlight = new Map<string, Promise<unknown>>();

/** The next task: the tap's own frame shows the change first, the phone's write follows right after. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Writes to one order run one after the other, as tapped: 'Quitar' on a pick still being saved waits for the save. */
function inTurn<T>(orderId: string, write: () => Promise<T>): Promise<T> {
  const written = (inFlight.get(orderId) ?? nextTask()).then(write, write);
  const done = written.catch(() => undefined);
  inFlight.set(orderId, done);
  void done.then(() => {
    if (inFlight.get(orderId) === done) inFlight.delete(orderId);
  });
  return written;
}

/**
 * 'Quitar': the pick leaves the tab on screen at once, then on the phone and,
 * through the queue, on the server. If the phone refuses the write it shows
 * again and the promise rejects; false when it was already off the tab.
 */
export async function takeOffTab(order: Order): Promise<boolean> {
  hidePending(order.id);
  try {
    const removed = await inTurn(order.id, () => removeOrder(order.user_id, order.id));
    if (removed) hiddenWritten(order.id);
    else forgetPending({ hidden: [order.id] });
    return removed;
  } catch (error) {
    forgetPending({ hidden: [order.id] });
    throw error;
  }
}

/** 'Deshacer': the same order back on the tab at once, then on the phone and on the server. */
export async function putBackOnTab(order: Order): Promise<boolean> {
  forgetPending({ hidden: [order.id] });
  showPending({ ...order, active: true });
  try {
    const restored = await inTurn(order.id, () => undoRemoval(order.user_id, order.id));
    if (restored) shownWritten(order.id);
    else forgetPending({ shown: [order.id] });
    return restored;
  } catch (error) {
    forgetPending({ shown: [order.id] });
    throw error;
  }
}

/** The same operations on another database: the sync tests and benchmarks run many phones. */
export const tabOn = records;
