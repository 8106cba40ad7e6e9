import Dexie from 'dexie';
import { db } from './db.ts';
import type { Order } from './types.ts';

export interface Pick {
  readonly name: string;
  readonly price: number;
}

/** Records one pick on the phone at once; the network is never waited for. */
export async function addOrder(userId: string, pick: Pick, now: Date = new Date()): Promise<Order> {
  const order: Order = {
    id: crypto.randomUUID(),
    user_id: userId,
    product_name: pick.name,
    product_price: pick.price,
    active: true,
    created_at: now.toISOString(),
  };
  await db.orders.add(order);
  return order;
}

function ordersOf(userId: string) {
  return db.orders
    .where('[user_id+created_at]')
    .between([userId, Dexie.minKey], [userId, Dexie.maxKey]);
}

/** The guest's active orders, newest first. */
export function activeOrders(userId: string): Promise<Order[]> {
  return ordersOf(userId)
    .reverse()
    .filter((order) => order.active)
    .toArray();
}

/** Marks every active order of the guest inactive, in one transaction; returns their ids. */
export function resetTab(userId: string): Promise<string[]> {
  return db.transaction('rw', db.orders, async () => {
    const active = await ordersOf(userId)
      .filter((order) => order.active)
      .primaryKeys();
    await db.orders.bulkUpdate(active.map((key) => ({ key, changes: { active: false } })));
    return active;
  });
}
