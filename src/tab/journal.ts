/**
 * Picks on their way to IndexedDB, kept synchronously in localStorage at the
 * tap. The screen shows a pick before IndexedDB has it; a reload or a closed
 * tab in that moment would lose it, and a guest's pick is never lost: the next
 * start writes what the journal still holds.
 *
 * One key per pick (`picksOnTheirWay:<id>`): the tap writes one small value
 * instead of reading and rewriting a list, and two tabs never overwrite each
 * other's picks. The list under `picksOnTheirWay` itself, as earlier versions
 * kept it, is still read and emptied.
 */
import { isUuid, type Order } from '../db/index.ts';
import { localKeysStartingWith, parseStoredJson, readLocal, removeLocal, writeLocal } from '../platform/index.ts';

export const JOURNAL_KEY = 'picksOnTheirWay';
const pickKey = (orderId: string) => `${JOURNAL_KEY}:${orderId}`;

function isOrder(value: unknown): value is Order {
  if (typeof value !== 'object' || value === null) return false;
  const order = value as Record<string, unknown>;
  return (
    isUuid(order.id) &&
    isUuid(order.user_id) &&
    typeof order.product_name === 'string' &&
    Number.isSafeInteger(order.product_price) &&
    order.active === true &&
    typeof order.created_at === 'string'
  );
}

/** The journal's picks; anything corrupt is no pick. */
export function parseJournal(raw: string | null): Order[] {
  const value = parseStoredJson(raw);
  return Array.isArray(value) ? value.filter(isOrder) : [];
}

/** The journal's picks (a corrupt one is no pick), each once. */
export function journalled(): Order[] {
  const picks = new Map(parseJournal(readLocal(JOURNAL_KEY)).map((order) => [order.id, order]));
  for (const key of localKeysStartingWith(`${JOURNAL_KEY}:`)) {
    const order = parseStoredJson(readLocal(key));
    if (isOrder(order)) picks.set(order.id, order);
    else removeLocal(key);
  }
  return [...picks.values()];
}

export function journal(order: Order): void {
  writeLocal(pickKey(order.id), JSON.stringify(order));
}

export function unjournal(orderId: string): void {
  removeLocal(pickKey(orderId));
  const earlier = readLocal(JOURNAL_KEY);
  if (earlier === null) return;
  const kept = parseJournal(earlier).filter((order) => order.id !== orderId);
  if (kept.length === 0) removeLocal(JOURNAL_KEY);
  else writeLocal(JOURNAL_KEY, JSON.stringify(kept));
}
