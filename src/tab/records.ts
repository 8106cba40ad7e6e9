/**
 * The tab's records on the phone: each change writes its orders and its
 * outbox entry in one transaction, and answers with the rows as they are
 * stored afterwards, changed or not. The network is never waited for.
 */
import { newId } from '../platform/index.ts';
import { ordersOfGuest, type BillRecord, type Order, type PhoneDatabase } from '../db/index.ts';
import { joinedOffer, queueClaim, queueUnclaim, sentToServer } from './claims.ts';
import type { Tx } from '../db/idb.ts';
import { queueOrder, queueSetActive, requeueRemovedRefusals } from './outbox.ts';

export interface Pick {
  readonly name: string;
  readonly price: number;
}

/** A new pick as the phone records it: a phone-made id and the tap's time. */
export function newOrder(userId: string, pick: Pick, now: Date): Order {
  return {
    id: newId(),
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
  /** The guest's active orders (claims of the bar's bill included), newest first, and the bill as the server last told it. */
  activeOrders(guestId: string): Promise<Order[]>;
  tabOf(guestId: string): Promise<{ readonly orders: Order[]; readonly bill: BillRecord | undefined }>;
  /** Records the pick and queues it, once: a pick written again (from the journal, or by another tab) changes nothing. */
  recordPick(order: Order): Promise<Written>;
  /** Records a claim of the bar's bill and queues it as a claim, once, as a pick. */
  recordClaim(order: Order): Promise<Written>;
  /** 'Sí, me uno': the offered claim becomes a share of the split as it now is, queued again under its id. Nothing when it was no offer. */
  joinOffer(orderId: string): Promise<Written>;
  /** Sets `active` on these orders of the guest (every active one when `orderIds` is null) and queues exactly those it changed. */
  setActive(guestId: string, orderIds: readonly string[] | null, active: boolean): Promise<Written>;
}

/**
 * An order with its `active` flag set. A claim taken back forgets what the
 * server said of it, and one put back waits for the server's answer again.
 */
function activeAs(order: Order, active: boolean): Order {
  if (order.bill === undefined) return { ...order, active };
  const { line, shares, join, offer } = order.bill;
  return { ...order, active, bill: { line, shares, ...(join ? { join } : {}), ...(offer ? { offer } : {}) } };
}

export function tabRecords(database: PhoneDatabase): TabRecords {
  // One getAll filtered in memory: a cursor would be one round trip per row on a long tab.
  const active = async (tx: Tx, guestId: string) => (await tx.getAll('orders', ordersOfGuest(guestId))).filter((order) => order.active).reverse();
  const record = (queue: (tx: Tx, order: Order) => Promise<IDBValidKey>) => (order: Order) =>
    database.write(['orders', 'outbox'], async (tx): Promise<Written> => {
      const stored = await tx.get('orders', order.id);
      if (stored) return { rows: [stored], changed: [] };
      void tx.add('orders', order);
      await queue(tx, order);
      return { rows: [order], changed: [order.id] };
    });
  return {
    activeOrders: (guestId) => database.read(['orders'], (tx) => active(tx, guestId)),
    tabOf: (guestId) =>
      database.read(['orders', 'bills'], async (tx) => {
        const [orders, bill] = await Promise.all([active(tx, guestId), tx.get('bills', guestId)]);
        return { orders, bill };
      }),
    recordPick: record((tx, order) => queueOrder(tx, order)),
    recordClaim: record((tx, order) => queueClaim(tx, order)),
    joinOffer: (orderId) =>
      database.write(['orders', 'outbox'], async (tx): Promise<Written> => {
        const stored = await tx.get('orders', orderId);
        const joined = stored?.active ? joinedOffer(stored) : null;
        if (!stored || !joined) return { rows: stored ? [stored] : [], changed: [] };
        void tx.put('orders', joined);
        await queueClaim(tx, joined);
        return { rows: [joined], changed: [joined.id] };
      }),
    setActive: (guestId, orderIds, active) =>
      database.write(['orders', 'outbox', 'parked'], async (tx) => {
        const found =
          orderIds === null
            ? (await tx.getAll('orders', ordersOfGuest(guestId))).filter((order) => order.active)
            : await Promise.all(orderIds.map((id) => tx.get('orders', id)));
        const theirs = found.filter((order): order is Order => order?.user_id === guestId);
        const rows = theirs.map((order) => (order.active === active ? order : activeAs(order, active)));
        const changed = theirs.filter((order) => order.active !== active);
        for (const [index, row] of rows.entries()) if (row !== theirs[index]) void tx.put('orders', row);
        // A claim goes as a claim: taken back ('Quitar'), or claimed again ('Deshacer'); one refused or only offered never was on the server.
        const changedPicks = changed.filter((order) => order.bill === undefined);
        // A refused pick taken off the tab goes as it is now (inactive), unless the server's reason still holds.
        const requeued = new Map((active ? [] : await requeueRemovedRefusals(tx, changedPicks)).map((row) => [row.id, row]));
        const picks = changedPicks.map((order) => order.id);
        if (picks.length > 0) await queueSetActive(tx, guestId, picks, active);
        for (const claim of changed.filter(sentToServer)) await (active ? queueClaim(tx, activeAs(claim, true)) : queueUnclaim(tx, claim));
        return { rows: rows.map((row) => requeued.get(row.id) ?? row), changed: changed.map((order) => order.id) };
      }),
  };
}
