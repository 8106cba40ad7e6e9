/**
 * The tab's records on the phone: each change writes its orders and its
 * outbox entry in one transaction, and answers with the rows as they are
 * stored afterwards, changed or not. The network is never waited for.
 */
import { ordersOfGuest, type Order, type PhoneDatabase } from '../db/index.ts';
import { queueOrder, queueSetActive } from './outbox.ts';

export interface Pick {
  readonly name: string;
  readonly price: number;
}

/** A new pick as the phone records it: a phone-made id and the tap's time. */
export function newOrder(userId: string, pick: Pick, now: Date): Order {
  return {
    id: crypto.randomUUID(),
    user_id: userId,
    product_name: pick.name,
    product_price: pick.price,
    active: true,
    created_at: now.toISOString(),
  };
}

/** The rows a change left, and which of them it changed. */
export interface Written {
  readonly rows: readonly Order[];
  readonly changed: readonly string[];
}

export interface TabRecords {
  /** The guest's active orders, newest first. */
  activeOrders(guestId: string): Promise<Order[]>;
  /** Records the pick and queues it, once: a pick written again (from the journal, or by another tab) changes nothing. */
  recordPick(order: Order): Promise<Written>;
  /** Sets `active` on these orders of the guest (every active one when `orderIds` is null) and queues exactly those it changed. */
  setActive(guestId: string, orderIds: readonly string[] | null, active: boolean): Promise<Written>;
}

export function tabRecords(database: PhoneDatabase): TabRecords {
  return {
    activeOrders: (guestId) =>
      database.read(['orders'], async (tx) => {
        // One getAll filtered in memory: a cursor would be one round trip per row on a long tab.
        const oldestFirst = await tx.getAll('orders', ordersOfGuest(guestId));
        return oldestFirst.filter((order) => order.active).reverse();
      }),
    recordPick: (order) =>
      database.write(['orders', 'outbox'], async (tx) => {
        const stored = await tx.get('orders', order.id);
        if (stored) return { rows: [stored], changed: [] };
        void tx.add('orders', order);
        await queueOrder(tx, order);
        return { rows: [order], changed: [order.id] };
      }),
    setActive: (guestId, orderIds, active) =>
      database.write(['orders', 'outbox'], async (tx) => {
        const found =
          orderIds === null
            ? (await tx.getAll('orders', ordersOfGuest(guestId))).filter((order) => order.active)
            : await Promise.all(orderIds.map((id) => tx.get('orders', id)));
        const theirs = found.filter((order): order is Order => order?.user_id === guestId);
        const rows = theirs.map((order) => (order.active === active ? order : { ...order, active }));
        const changed = theirs.filter((order) => order.active !== active).map((order) => order.id);
        for (const [index, row] of rows.entries()) if (row !== theirs[index]) void tx.put('orders', row);
        if (changed.length > 0) await queueSetActive(tx, guestId, changed, active);
        return { rows, changed };
      }),
  };
}
