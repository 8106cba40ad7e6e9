/**
 * What a guest does to their tab, as pure rules over the tab's active orders
 * (newest first). The store lays the changes not yet written over what
 * IndexedDB holds with these, and a change's write answers with the stored
 * rows it touched, merged in with `withRows`: what the screen shows and what
 * the phone holds are computed the same way, so they cannot drift.
 */
import type { Order } from '../db/index.ts';

export type Change =
  /** A pick, or 'Otra'. */
  | { readonly kind: 'add'; readonly order: Order }
  /** 'Quitar'. */
  | { readonly kind: 'take-off'; readonly orderId: string }
  /** 'Deshacer': the order a 'Quitar' took off, or the orders a reset took off. */
  | { readonly kind: 'put-back'; readonly orders: readonly Order[] }
  /** 'Estaba jugando, resetear lo consumido': these orders, or every active one when the tab was not read yet. */
  | { readonly kind: 'reset'; readonly orderIds: readonly string[] | null };

/**
 * Newest first, as IndexedDB lists the guest's orders backwards: by tap time,
 * then by id (two taps in the same millisecond).
 */
export function newestFirst(a: Order, b: Order): number {
  if (a.created_at !== b.created_at) return a.created_at < b.created_at ? 1 : -1;
  if (a.id === b.id) return 0;
  return a.id < b.id ? 1 : -1;
}

/** The tab without these orders; the same array when none of them is on it. */
function without(orders: readonly Order[], ids: ReadonlySet<string>): readonly Order[] {
  return orders.some((order) => ids.has(order.id)) ? orders.filter((order) => !ids.has(order.id)) : orders;
}

/** The tab, which does not hold `order`, with it in its place by time. */
function inserted(orders: readonly Order[], order: Order): readonly Order[] {
  // A new pick is almost always the newest: look from the top.
  let at = 0;
  while (at < orders.length && newestFirst(orders[at] as Order, order) < 0) at += 1;
  return [...orders.slice(0, at), order, ...orders.slice(at)];
}

/** The tab with `order` in its place by time (in place of an earlier copy of it). */
const withOrder = (orders: readonly Order[], order: Order) => inserted(without(orders, new Set([order.id])), order);

/** The tab after the change. */
export function applyChange(orders: readonly Order[], change: Change): readonly Order[] {
  switch (change.kind) {
    case 'add':
      return withOrder(orders, change.order);
    case 'put-back':
      return change.orders.reduce((tab, order) => withOrder(tab, { ...order, active: true }), orders);
    case 'take-off':
      return without(orders, new Set([change.orderId]));
    case 'reset':
      return change.orderIds === null ? [] : without(orders, new Set(change.orderIds));
  }
}

/** The tab with these rows as IndexedDB now holds them: an active row in its place, an inactive one gone. */
export function withRows(orders: readonly Order[], rows: readonly Order[]): readonly Order[] {
  let merged = without(orders, new Set(rows.map((row) => row.id)));
  for (const row of rows) if (row.active) merged = inserted(merged, row);
  return merged;
}

/** A claim's mark as the guest sees it: its split, and the server's offer or why it kept it. */
const sameClaim = (a: Order['bill'], b: Order['bill']) =>
  a === b ||
  (a !== undefined &&
    b !== undefined &&
    a.line === b.line &&
    a.shares === b.shares &&
    a.join === b.join &&
    a.offer?.shares === b.offer?.shares &&
    a.offer?.amount === b.offer?.amount &&
    a.kept === b.kept);

const sameOrder = (a: Order, b: Order) =>
  a === b ||
  (a.id === b.id &&
    a.user_id === b.user_id &&
    a.product_name === b.product_name &&
    a.product_price === b.product_price &&
    a.active === b.active &&
    a.created_at === b.created_at &&
    a.rejected === b.rejected &&
    sameClaim(a.bill, b.bill));

/** True when both show the guest the same rows. */
export const sameTab = (a: readonly Order[], b: readonly Order[]) =>
  a === b || (a.length === b.length && a.every((order, index) => sameOrder(order, b[index] as Order)));
