/** How the outbox is cut into requests: FIFO, consecutive entries of one kind together as far as the kind takes them. */
import type { Queued, QueuedEntry } from './entries.ts';
import type { OutboxKind, OutboxKinds } from './kinds.ts';

/** The most entries the head of the queue is read with: a batch is never larger. */
export const MAX_BATCH_ROWS = 500;
/**
 * Bytes of JSON per request: a quarter of the 1 MB the server takes, so a
 * batch of rows with long names is split by size as well as by count.
 */
export const MAX_BATCH_BYTES = 256 * 1024;

export type Batch =
  | { readonly kind: string; readonly owner: OutboxKind; readonly entries: readonly Queued[] }
  | { readonly kind: 'corrupt'; readonly seq: number; readonly entry: unknown; readonly reason: string };

/** The UTF-8 size of a row as JSON (an upper bound: every non-ASCII UTF-16 unit counted as 3 bytes). */
export function jsonBytes(row: object): number {
  const json = JSON.stringify(row);
  let bytes = json.length;
  for (let index = 0; index < json.length; index += 1) if (json.charCodeAt(index) > 0x7f) bytes += 2;
  return bytes;
}

/** An entry read back from storage, checked by its kind; anything malformed or of no known kind is parked, never retried forever. */
function readEntry(entry: Queued, kinds: OutboxKinds): { readonly owner: OutboxKind; readonly entry: Queued } | { readonly problem: string } {
  const raw = entry as Partial<QueuedEntry> | null;
  const owner = typeof raw?.kind === 'string' ? kinds.of(raw.kind) : undefined;
  if (!owner) return { problem: 'unknown outbox entry' };
  const checked = owner.check(entry);
  return typeof checked === 'string' ? { problem: checked } : { owner, entry: { ...checked, seq: entry.seq } };
}

/** The next request's worth of entries from the head of the outbox (oldest first). */
export function nextBatch(head: readonly Queued[], kinds: OutboxKinds): Batch | null {
  const first = head[0];
  if (!first) return null;
  const read = readEntry(first, kinds);
  const seq = (first as Partial<Queued> | null)?.seq ?? -1;
  if ('problem' in read) return { kind: 'corrupt', seq, entry: first, reason: read.problem };
  const { owner } = read;
  const entries: Queued[] = [read.entry];
  const max = Math.min(owner.batch?.max ?? 1, MAX_BATCH_ROWS);
  // Each entry is measured once: the batch's size is kept as it grows, so cutting 500 rows costs 500 measures.
  const { batch } = owner;
  let bytes = batch?.bytes?.(read.entry) ?? 0;
  for (const entry of head.slice(1, max)) {
    if (entry.kind !== first.kind) break;
    const next = readEntry(entry, kinds);
    if ('problem' in next) break;
    if (batch?.bytes) {
      const grown = bytes + 1 + batch.bytes(next.entry);
      if (grown > MAX_BATCH_BYTES) break;
      bytes = grown;
    }
    entries.push(next.entry);
  }
  return { kind: first.kind, owner, entries };
}

/** Splits items into chunks that keep each request short. */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}
