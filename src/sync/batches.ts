/** How the outbox is cut into requests: FIFO, consecutive inserts into one table together. */
import { countCharacters, GUEST_NAME_LENGTH } from '../../supabase/functions/_shared/rules.ts';
import { isUuid, type OrderRow, type OutboxEntry, type UserRow } from '../db/records.ts';

export const MAX_BATCH_ROWS = 500;
/**
 * Bytes of JSON per request: a quarter of the 1 MB the server takes, so a
 * batch of rows with long names is split by size as well as by count.
 */
export const MAX_BATCH_BYTES = 256 * 1024;
/** Order ids per reset request: 40 UUIDs keep the URL near 1.6 KB. */
export const RESET_CHUNK_IDS = 40;

export type Batch =
  | { readonly kind: 'insert-user'; readonly entries: readonly QueuedInsert<UserRow>[] }
  | { readonly kind: 'insert-order'; readonly entries: readonly QueuedInsert<OrderRow>[] }
  | {
      readonly kind: 'set-active';
      readonly seq: number;
      readonly guestId: string;
      readonly orderIds: readonly string[];
      readonly active: boolean;
    }
  | { readonly kind: 'corrupt'; readonly seq: number; readonly entry: unknown; readonly reason: string };

export interface QueuedInsert<Row> {
  readonly seq: number;
  readonly row: Row;
}

/**
 * A guest row is sent whatever its name: one queued under an earlier, looser
 * name rule is the bar's to refuse, and its refusal asks the guest for the
 * name again with the tab kept, where parking it here would strand the tab.
 */
function validUser(row: unknown): row is UserRow {
  if (typeof row !== 'object' || row === null) return false;
  const candidate = row as Partial<UserRow>;
  const length = typeof candidate.full_name === 'string' ? countCharacters(candidate.full_name) : 0;
  return isUuid(candidate.id) && length >= GUEST_NAME_LENGTH.min && length <= GUEST_NAME_LENGTH.max;
}

/** The UTF-8 size of a row as JSON (an upper bound: every non-ASCII UTF-16 unit counted as 3 bytes). */
export function jsonBytes(row: object): number {
  const json = JSON.stringify(row);
  let bytes = json.length;
  for (let index = 0; index < json.length; index += 1) if (json.charCodeAt(index) > 0x7f) bytes += 2;
  return bytes;
}

function validOrder(row: unknown): row is OrderRow {
  if (typeof row !== 'object' || row === null) return false;
  const order = row as Partial<OrderRow>;
  return (
    isUuid(order.id) &&
    isUuid(order.user_id) &&
    typeof order.product_name === 'string' &&
    typeof order.product_price === 'number' &&
    typeof order.active === 'boolean' &&
    typeof order.created_at === 'string' &&
    !Number.isNaN(Date.parse(order.created_at))
  );
}

/** Checks an entry read back from storage; anything malformed is parked, never retried forever. */
function readEntry(entry: OutboxEntry): Batch | QueuedInsert<UserRow> | QueuedInsert<OrderRow> {
  const seq = entry.seq ?? -1;
  const raw = entry as Partial<Record<string, unknown>>;
  switch (raw.kind) {
    case 'insert-user':
      return validUser(raw.row) ? { seq, row: raw.row } : { kind: 'corrupt', seq, entry, reason: 'invalid guest payload' };
    case 'insert-order':
      return validOrder(raw.row) ? { seq, row: raw.row } : { kind: 'corrupt', seq, entry, reason: 'invalid order payload' };
    case 'deactivate-orders':
    case 'reactivate-orders':
      return isUuid(raw.guestId) && Array.isArray(raw.orderIds) && raw.orderIds.every(isUuid)
        ? { kind: 'set-active', seq, guestId: raw.guestId, orderIds: raw.orderIds, active: raw.kind === 'reactivate-orders' }
        : { kind: 'corrupt', seq, entry, reason: 'invalid reset payload' };
    default:
      return { kind: 'corrupt', seq, entry, reason: 'unknown outbox entry' };
  }
}

/** The next request's worth of entries from the head of the outbox (oldest first). */
export function nextBatch(head: readonly OutboxEntry[]): Batch | null {
  const first = head[0];
  if (!first) return null;
  const firstRead = readEntry(first);
  if ('kind' in firstRead) return firstRead;
  const kind = first.kind as 'insert-user' | 'insert-order';
  const entries = [firstRead];
  let bytes = jsonBytes(firstRead.row);
  for (const entry of head.slice(1, MAX_BATCH_ROWS)) {
    if (entry.kind !== kind) break;
    const read = readEntry(entry);
    if ('kind' in read) break;
    bytes += jsonBytes(read.row) + 1;
    if (bytes > MAX_BATCH_BYTES) break;
    entries.push(read);
  }
  return kind === 'insert-user' ? { kind, entries: entries as QueuedInsert<UserRow>[] } : { kind, entries: entries as QueuedInsert<OrderRow>[] };
}

/** Splits ids into chunks that keep each request's URL short. */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}
