/**
 * Writing to the outbox. Each function is called inside the Dexie transaction
 * that makes the local change, so no change exists without its entry.
 */
import type { BarTabDatabase, OrderRow, UserRow } from '../db/index.ts';

export function queueGuest(database: BarTabDatabase, row: UserRow, now = Date.now()): Promise<number> {
  return database.outbox.add({ kind: 'insert-user', queuedAt: now, row: { id: row.id, full_name: row.full_name } });
}

export function queueOrder(database: BarTabDatabase, row: OrderRow, now = Date.now()): Promise<number> {
  const { id, user_id, product_name, product_price, active, created_at } = row;
  return database.outbox.add({
    kind: 'insert-order',
    queuedAt: now,
    row: { id, user_id, product_name, product_price, active, created_at },
  });
}

/** A reset: exactly these orders go inactive on the server, never one added later. */
export function queueReset(database: BarTabDatabase, guestId: string, orderIds: readonly string[], now = Date.now()): Promise<number> {
  return database.outbox.add({ kind: 'deactivate-orders', queuedAt: now, guestId, orderIds: [...orderIds] });
}
