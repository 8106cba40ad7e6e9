/**
 * Parked entries are never dropped: a new version of the app retries the ones
 * an older version parked (it may fix what was refused), and the guest can
 * retry them all ('Reintentar'). What the server still refuses is parked again.
 */
import type { BarTabDatabase, OutboxEntry, ParkedEntry } from '../db/index.ts';

/** Which parked entries go back to the queue: all, or those parked by another version than `appVersion`. */
export type ParkedSelection = { readonly all: true } | { readonly parkedBefore: string };

function selected(item: ParkedEntry, which: ParkedSelection): boolean {
  return 'all' in which || item.appVersion !== which.parkedBefore;
}

/**
 * Puts the selected entries back in the queue at their old places (their
 * original seq), sent as the phone holds things now: an order goes with its
 * current active flag (the guest may have reset it since), a guest's row with
 * the name the guest has now. Returns how many went back.
 */
export function retryParked(database: BarTabDatabase, which: ParkedSelection): Promise<number> {
  return database.transaction('rw', [database.parked, database.outbox, database.orders, database.guests], async () => {
    // Something that is not even an object cannot be queued; it stays parked, in sight.
    const items = (await database.parked.toArray()).filter((item) => selected(item, which) && isObject(item.entry));
    for (const item of items) {
      const entry = await asTheyAreNow(database, item.entry as OutboxEntry);
      await database.outbox.put(entry);
      const id = (entry as { row?: { id?: unknown } }).row?.id;
      if (typeof id !== 'string') continue;
      if (entry.kind === 'insert-order') await database.orders.update(id, { rejected: undefined });
      if (entry.kind === 'insert-user') await database.guests.update(id, { state: 'queued', refusal: undefined });
    }
    await database.parked.bulkDelete(items.flatMap((item) => (item.id === undefined ? [] : [item.id])));
    return items.length;
  });
}

const isObject = (value: unknown): value is object => typeof value === 'object' && value !== null;

/** A malformed entry goes back as it was: the flusher checks it again and parks it again. */
async function asTheyAreNow(database: BarTabDatabase, entry: OutboxEntry): Promise<OutboxEntry> {
  if (entry.kind === 'insert-order' && isObject(entry.row) && typeof entry.row.id === 'string') {
    const order = await database.orders.get(entry.row.id);
    return order ? { ...entry, row: { ...entry.row, active: order.active } } : entry;
  }
  if (entry.kind === 'insert-user' && isObject(entry.row) && typeof entry.row.id === 'string') {
    const guest = await database.guests.get(entry.row.id);
    return guest ? { ...entry, row: { id: guest.id, full_name: guest.full_name } } : entry;
  }
  return entry;
}
