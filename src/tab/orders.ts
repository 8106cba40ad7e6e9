import Dexie from 'dexie';
import type { BarTabDatabase, Order } from '../db/index.ts';
import { queueOrder, queueReactivate, queueReset } from '../sync/index.ts';

export interface Pick {
  readonly name: string;
  readonly price: number;
}

/** A new pick as the phone records it: a phone-made id and the tap's time. */
export function newOrder(userId: string, pick: Pick, now: Date = new Date()): Order {
  return {
    id: crypto.randomUUID(),
    user_id: userId,
    product_name: pick.name,
    product_price: pick.price,
    active: true,
    created_at: now.toISOString(),
  };
}

/**
 * Writes the order and its outbox entry in one transaction; the network is
 * never waited for. Once only: a pick written again from the journal (or by
 * another tab replaying it) changes nothing.
 */
export async function saveOrder(database: BarTabDatabase, order: Order): Promise<void> {
  await database.transaction('rw', database.orders, database.outbox, async () => {
    if (await database.orders.get(order.id)) return;
    await database.orders.add(order);
    await queueOrder(database, order);
  });
}

function ordersOf(database: BarTabDatabase, userId: string) {
  return database.orders
    .where('[user_id+created_at]')
    .between([userId, Dexie.minKey], [userId, Dexie.maxKey]);
}

/**
 * The guest's active orders, newest first. Read in one getAll and filtered in
 * memory: a Dexie filter() would walk an IndexedDB cursor, one round trip per
 * row, which is far slower on a phone with a long tab.
 */
export async function activeOrders(database: BarTabDatabase, userId: string): Promise<Order[]> {
  const oldestFirst = await ordersOf(database, userId).toArray();
  return oldestFirst.filter((order) => order.active).reverse();
}

/**
 * Marks every active order of the guest inactive and queues exactly those ids
 * for the server, in one transaction; returns the ids.
 */
export function resetTab(database: BarTabDatabase, userId: string): Promise<string[]> {
  return database.transaction('rw', database.orders, database.outbox, async () => {
    const active = (await ordersOf(database, userId).toArray()).filter((order) => order.active).map((order) => order.id);
    if (active.length === 0) return active;
    await database.orders.bulkUpdate(active.map((key) => ({ key, changes: { active: false } })));
    await queueReset(database, userId, active);
    return active;
  });
}

/**
 * Takes one pick off the guest's tab ('Quitar') or puts it back ('Deshacer'):
 * the same order's `active` flag, with its outbox entry in the same
 * transaction. False when the order is not the guest's or already so.
 */
export function setOrderActive(database: BarTabDatabase, userId: string, orderId: string, active: boolean): Promise<boolean> {
  return database.transaction('rw', database.orders, database.outbox, async () => {
    const order = await database.orders.get(orderId);
    if (order?.user_id !== userId || order.active === active) return false;
    await database.orders.update(orderId, { active });
    await (active ? queueReactivate : queueReset)(database, userId, [orderId]);
    return true;
  });
}
