/**
 * Picks on their way to IndexedDB, kept synchronously in localStorage at the
 * tap. The screen shows a pick before IndexedDB has it; a reload or a closed
 * tab in that moment would lose it, and a guest's pick is never lost: the next
 * start writes what the journal still holds.
 */
import { isUuid, type Order } from '../db/index.ts';
import { readLocal, writeLocal } from '../platform/index.ts';

export const JOURNAL_KEY = 'picksOnTheirWay';

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
  if (raw === null) return [];
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value.filter(isOrder) : [];
  } catch {
    return [];
  }
}

export const journalled = (): Order[] => parseJournal(readLocal(JOURNAL_KEY));

export function journal(order: Order): void {
  writeLocal(JOURNAL_KEY, JSON.stringify([...journalled(), order]));
}

export function unjournal(orderId: string): void {
  const kept = journalled().filter((order) => order.id !== orderId);
  writeLocal(JOURNAL_KEY, JSON.stringify(kept));
}
