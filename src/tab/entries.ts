/**
 * The tab's entries in the phone's outbox (sync/): the guest's row, a pick,
 * and the `active` flag of orders (a reset, a 'Quitar', their 'Deshacer').
 * Their shapes are what phones already keep in IndexedDB: never renamed.
 */
import { isUuid, type OrderRow, type UserRow } from '../db/records.ts';
import { countCharacters, GUEST_NAME_LENGTH } from '../../supabase/functions/_shared/rules.ts';
import type { QueuedEntry } from '../sync/queue.ts';

export interface GuestRowEntry extends QueuedEntry {
  readonly kind: 'insert-user';
  readonly row: UserRow;
}

export interface OrderEntry extends QueuedEntry {
  readonly kind: 'insert-order';
  readonly row: OrderRow;
}

export interface ActiveEntry extends QueuedEntry {
  /** A reset, or one pick taken off the tab ('Quitar'); 'reactivate-orders' is its 'Deshacer'. */
  readonly kind: 'deactivate-orders' | 'reactivate-orders';
  readonly guestId: string;
  /** Exactly the orders that were active (or taken off) on the phone when the guest tapped. */
  readonly orderIds: readonly string[];
}

export type TabEntry = GuestRowEntry | OrderEntry | ActiveEntry;

/** The guest an entry belongs to ('' when it is too broken to say). */
export function guestOfEntry(entry: QueuedEntry): string {
  const raw = entry as { readonly kind?: unknown; readonly guestId?: unknown; readonly row?: Partial<OrderRow> & Partial<UserRow> };
  if (typeof raw.guestId === 'string') return raw.guestId;
  return (raw.kind === 'insert-user' ? raw.row?.id : raw.row?.user_id) ?? '';
}

/**
 * A guest row is sent whatever its name: one queued under an earlier, looser
 * name rule is the bar's to refuse, and its refusal asks the guest for the
 * name again with the tab kept, where parking it here would strand the tab.
 */
export function checkGuestRow(entry: QueuedEntry): GuestRowEntry | string {
  const row = (entry as Partial<GuestRowEntry>).row as Partial<UserRow> | null | undefined;
  const length = typeof row?.full_name === 'string' ? countCharacters(row.full_name) : 0;
  return row && isUuid(row.id) && length >= GUEST_NAME_LENGTH.min && length <= GUEST_NAME_LENGTH.max ? (entry as GuestRowEntry) : 'invalid guest payload';
}

export function checkOrder(entry: QueuedEntry): OrderEntry | string {
  const order = (entry as Partial<OrderEntry>).row as Partial<OrderRow> | null | undefined;
  const valid =
    order &&
    isUuid(order.id) &&
    isUuid(order.user_id) &&
    typeof order.product_name === 'string' &&
    typeof order.product_price === 'number' &&
    typeof order.active === 'boolean' &&
    typeof order.created_at === 'string' &&
    !Number.isNaN(Date.parse(order.created_at));
  return valid ? (entry as OrderEntry) : 'invalid order payload';
}

export function checkActive(entry: QueuedEntry): ActiveEntry | string {
  const raw = entry as Partial<ActiveEntry>;
  return isUuid(raw.guestId) && Array.isArray(raw.orderIds) && raw.orderIds.every(isUuid) ? (entry as ActiveEntry) : 'invalid reset payload';
}
