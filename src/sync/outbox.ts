/**
 * Writing to the outbox. Each function runs inside the Dexie transaction that
 * makes the local change (or opens one), so no change exists without its entry.
 */
import type { BarTabDatabase, OrderRow, UserRow } from '../db/index.ts';

/** Queues the guest's row and remembers it, so the queue can send it again if the server ever lacks it. */
export function queueGuest(database: BarTabDatabase, row: UserRow, now = Date.now()): Promise<number> {
  const { id, full_name } = row;
  return database.transaction('rw', database.outbox, database.guests, async () => {
    await database.guests.put({ id, full_name, state: 'queued' });
    return database.outbox.add({ kind: 'insert-user', queuedAt: now, row: { id, full_name } });
  });
}

/**
 * The guest typed their name again after the server refused it: the refused
 * row leaves the parked entries and the new one is queued, same id, so every
 * order waiting for it follows.
 */
export function requeueGuest(database: BarTabDatabase, row: UserRow, now = Date.now()): Promise<number> {
  return database.transaction('rw', database.outbox, database.guests, database.parked, async () => {
    await database.parked.filter((item) => isGuestEntry(item.entry, row.id)).delete();
    await database.outbox.filter((entry) => isGuestEntry(entry, row.id)).delete();
    return queueGuest(database, row, now);
  });
}

function isGuestEntry(entry: unknown, guestId: string): boolean {
  const candidate = entry as { kind?: unknown; row?: { id?: unknown } } | null;
  return candidate?.kind === 'insert-user' && candidate.row?.id === guestId;
}

export function queueOrder(database: BarTabDatabase, row: OrderRow, now = Date.now()): Promise<number> {
  const { id, user_id, product_name, product_price, active, created_at } = row;
  return database.outbox.add({
    kind: 'insert-order',
    queuedAt: now,
    row: { id, user_id, product_name, product_price, active, created_at },
  });
}

/** A reset or a removal: exactly these orders go inactive on the server, never one added later. */
export function queueReset(database: BarTabDatabase, guestId: string, orderIds: readonly string[], now = Date.now()): Promise<number> {
  return database.outbox.add({ kind: 'deactivate-orders', queuedAt: now, guestId, orderIds: [...orderIds] });
}

/** An undone removal: the same orders active again on the server, replayed after the removal. */
export function queueReactivate(database: BarTabDatabase, guestId: string, orderIds: readonly string[], now = Date.now()): Promise<number> {
  return database.outbox.add({ kind: 'reactivate-orders', queuedAt: now, guestId, orderIds: [...orderIds] });
}
