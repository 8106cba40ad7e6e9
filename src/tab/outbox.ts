/**
 * The tab's kinds of change in the phone's outbox (sync/): the guest's row,
 * picks (one bulk upsert per run of one guest's picks), and the `active` flag
 * of orders (a reset, a 'Quitar', their 'Deshacer'). Each says how it goes to
 * the server (the queue's PostgREST requests, sync/transport.ts), what the
 * server's answer means for it (sync/classify.ts), what the phone marks when
 * it is refused for good, and how it goes back on 'Reintentar'. The page and
 * the queue's worker register the same kinds, each over its own transport.
 */
import type { Order, OrderRow, PhoneDatabase } from '../db/index.ts';
import type { PhoneRecords, Tx } from '../db/idb.ts';
import {
  chunk,
  enqueue,
  jsonBytes,
  SENT,
  settleAnswer,
  sortAnswer,
  type OutboxKind,
  type Pass,
  type Queued,
  type QueuedEntry,
  type Step,
  type SyncTransport,
} from '../sync/queue.ts';
import { checkActive, checkGuestRow, checkOrder, type ActiveEntry, type GuestRowEntry, type OrderEntry } from './entries.ts';
import { claimKind, unclaimKind } from './claims.ts';
import { changeGuest, queueGuestAgain, refusedGuests, withoutRefusal } from './guest-rows.ts';
import { refusedForGood } from './refusals.ts';

/** Order ids per request: 40 UUIDs keep the URL near 1.6 KB. */
export const RESET_CHUNK_IDS = 40;
/** Rows per bulk upsert (and the most the flush reads at once). */
const MAX_ROWS = 500;

/** Queues an order for the server, inside the transaction that records it. */
export function queueOrder(tx: Tx, row: OrderRow, now = Date.now()): Promise<IDBValidKey> {
  const { id, user_id, product_name, product_price, active, created_at } = row;
  const entry: OrderEntry = { kind: 'insert-order', queuedAt: now, row: { id, user_id, product_name, product_price, active, created_at } };
  return enqueue(tx, entry);
}

/**
 * Refused picks the guest takes off the tab: the server holds the tab as the phone does (the row, inactive), so each
 * goes back to the queue as it now is, its refusal cleared, unless the server's reason still holds (it would be
 * refused again: it stays parked, and off the line, as its kind's `stands` says). The records as written.
 */
export async function requeueRemovedRefusals(tx: Tx, removed: readonly Order[], now = Date.now()): Promise<Order[]> {
  const again = removed.filter((order) => order.rejected !== undefined && !refusedForGood(order.rejected));
  if (again.length === 0) return [];
  const ids = new Set(again.map((order) => order.id));
  for (const item of await tx.getAll('parked', { index: 'kind', only: 'insert-order' })) {
    const row = (item.entry as { row?: { id?: unknown } } | null)?.row;
    if (typeof row?.id === 'string' && ids.has(row.id) && item.id !== undefined) void tx.delete('parked', item.id);
  }
  const rows = again.map((order) => withoutRejection({ ...order, active: false }));
  for (const row of rows) {
    void tx.put('orders', row);
    await queueOrder(tx, row, now);
  }
  return rows;
}

/** A reset or a removal (or its undo): exactly these orders' `active`, never one added later. */
export function queueSetActive(tx: Tx, guestId: string, orderIds: readonly string[], active: boolean, now = Date.now()): Promise<IDBValidKey> {
  const entry: ActiveEntry = { kind: active ? 'reactivate-orders' : 'deactivate-orders', queuedAt: now, guestId, orderIds: [...orderIds] };
  return enqueue(tx, entry);
}

/** Consecutive entries of one guest; a bulk upsert carries one guest's header. */
function runsByGuest<Entry extends { readonly row: object }>(entries: readonly Entry[], guestOf: (entry: Entry) => string): Entry[][] {
  const runs: Entry[][] = [];
  for (const entry of entries) {
    const last = runs.at(-1);
    if (last?.[0] && guestOf(last[0]) === guestOf(entry)) last.push(entry);
    else runs.push([entry]);
  }
  return runs;
}

/** A row's share of a bulk upsert's body: consecutive rows go together up to a quarter of what the server takes. */
const rowBytes = (entry: { readonly row: object }): number => jsonBytes(entry.row);

/** Reads the order and writes it back changed; nothing when it is not there. */
async function changeOrder(tx: Tx, id: string, update: (order: Order) => Order): Promise<void> {
  const order = await tx.get('orders', id);
  if (order !== undefined) void tx.put('orders', update(order));
}

function withoutRejection(order: Order): Order {
  const { id, user_id, product_name, product_price, active, created_at } = order;
  return { id, user_id, product_name, product_price, active, created_at };
}

/**
 * A parked row going back to the queue: its record's refusal cleared, and the
 * entry rewritten to the record as the phone holds it now (as sent, if gone).
 */
async function backToQueue<Store extends 'guests' | 'orders', Entry extends { readonly row: { readonly id: string } }>(
  tx: Tx,
  store: Store,
  entry: Entry,
  cleared: (record: PhoneRecords[Store]) => PhoneRecords[Store],
  row: (record: PhoneRecords[Store]) => Entry['row'],
): Promise<Entry> {
  const record = await tx.get(store, entry.row.id);
  if (record === undefined) return entry;
  void tx.put(store, cleared(record));
  return { ...entry, row: row(record) };
}

type Transport = () => SyncTransport | Promise<SyncTransport>;

interface Inserts<Entry extends GuestRowEntry | OrderEntry> {
  readonly table: 'users' | 'orders';
  readonly guestOf: (entry: Entry) => string;
  readonly transport: Transport;
  /** The server has no row for the guest: queue it again (once per pass), the orders wait. */
  readonly guestMissing?: (guestId: string, error: string, pass: Pass) => Promise<Step>;
}

/**
 * One upsert per guest run (the header names the guest). A refusal is split in
 * halves until the refused row is alone and parked, so one bad row never holds back the rest.
 */
async function sendInserts<Entry extends GuestRowEntry | OrderEntry>(how: Inserts<Entry>, entries: readonly Queued<Entry>[], pass: Pass): Promise<Step> {
  for (const run of runsByGuest(entries, how.guestOf)) {
    const first = run[0];
    if (!first) continue;
    const step = await upsertOrSplit(how, run, how.guestOf(first), pass);
    if (step.kind !== 'sent') return step;
  }
  return SENT;
}

async function upsertOrSplit<Entry extends GuestRowEntry | OrderEntry>(
  how: Inserts<Entry>,
  entries: readonly Queued<Entry>[],
  guestId: string,
  pass: Pass,
): Promise<Step> {
  const transport = await how.transport();
  const answer = await transport.insertRows(
    how.table,
    guestId,
    entries.map((entry) => entry.row),
  );
  // A refused run is split in halves until the refused row is alone: then it is parked.
  const halves = async (): Promise<Step> => {
    const middle = Math.ceil(entries.length / 2);
    const first = await upsertOrSplit(how, entries.slice(0, middle), guestId, pass);
    return first.kind === 'sent' ? upsertOrSplit(how, entries.slice(middle), guestId, pass) : first;
  };
  return settleAnswer(sortAnswer(answer), pass, entries, {
    guestMissing: (error) => (how.guestMissing ? how.guestMissing(guestId, error, pass) : Promise.resolve({ kind: 'retry', error })),
    refused: entries.length > 1 ? halves : undefined,
  });
}

/** What a kind of row the phone inserts (the guest's, an order) is: its name and check, batches of rows, its store, sent by sendInserts. */
function insertKind<Entry extends GuestRowEntry | OrderEntry>(
  name: string,
  check: (entry: QueuedEntry) => Entry | string,
  store: 'guests' | 'orders',
  how: Inserts<Entry>,
): Pick<OutboxKind<Entry>, 'names' | 'check' | 'batch' | 'stores' | 'send'> {
  return { names: [name], check, batch: { max: MAX_ROWS, bytes: rowBytes }, stores: [store], send: (run, pass) => sendInserts(how, run, pass) };
}

/** The guest's row: sent ahead of everything, refused only for its name (the guest is asked again). */
function guestRowKind(transport: Transport): OutboxKind<GuestRowEntry> {
  const how: Inserts<GuestRowEntry> = { table: 'users', guestOf: (entry) => entry.row.id, transport };
  return {
    ...insertKind('insert-user', checkGuestRow, 'guests', how),
    first: true,
    async delivered(tx, entries) {
      for (const entry of entries) await changeGuest(tx, entry.row.id, (guest) => ({ ...withoutRefusal(guest), state: 'synced' }));
    },
    parked: (tx, entry, error) => changeGuest(tx, entry.row.id, (guest) => ({ ...guest, state: 'refused', refusal: error })),
    retried: (tx, entry) =>
      backToQueue(
        tx,
        'guests',
        entry,
        (guest) => ({ ...withoutRefusal(guest), state: 'queued' }),
        (guest) => ({ id: guest.id, full_name: guest.full_name }),
      ),
    line: { queued: false, refused: 'other' },
  };
}

function orderKind(database: PhoneDatabase, transport: Transport): OutboxKind<OrderEntry> {
  const how: Inserts<OrderEntry> = {
    table: 'orders',
    guestOf: (entry) => entry.row.user_id,
    transport,
    guestMissing: (guestId, error, pass) => queueGuestAgain(database, guestId, error, pass),
  };
  return {
    ...insertKind('insert-order', checkOrder, 'orders', how),
    holds: refusedGuests,
    // Refused for good: the order stays on the tab, marked "no aceptado".
    parked: (tx, entry, error) => changeOrder(tx, entry.row.id, (order) => ({ ...order, rejected: error })),
    // With its active flag as it is now (the guest may have taken it off since).
    retried: (tx, entry) => backToQueue(tx, 'orders', entry, withoutRejection, (order) => ({ ...entry.row, active: order.active })),
    // Taken off the tab, the refused pick asks nothing more of the guest; tapped after the close, it is never taken.
    async stands(tx, entry, error) {
      const order = await tx.get('orders', entry.row.id);
      if (order?.active !== true || order.rejected === undefined) return 'gone';
      return refusedForGood(error) ? 'holds' : 'open';
    },
    line: { queued: true, refused: 'orders' },
  };
}

/** A reset, a removal or its undo: the same orders' `active`, set by id; setting a flag is idempotent. */
function activeKind(transport: Transport): OutboxKind<ActiveEntry> {
  return {
    names: ['deactivate-orders', 'reactivate-orders'],
    check: checkActive,
    holds: refusedGuests,
    stores: ['orders'],
    async send([entry], pass) {
      if (!entry) return SENT;
      const active = entry.kind === 'reactivate-orders';
      // Chunks already sent may be sent again after a retry.
      for (const ids of chunk(entry.orderIds, RESET_CHUNK_IDS)) {
        const sorted = sortAnswer(await (await transport()).setOrdersActive(entry.guestId, ids, active));
        // Refused, or its guest missing: parked (no guest's row is queued again for a flag).
        if (sorted.kind !== 'ok') return settleAnswer(sorted, pass, [entry]);
      }
      await pass.delivered([entry]);
      return SENT;
    },
    /**
     * Only the orders that still stand as it left them: one the guest changed
     * again since was sent by a later entry, which this one must not undo.
     */
    async retried(tx, entry) {
      const wanted = entry.kind === 'reactivate-orders';
      const orders = await Promise.all(entry.orderIds.map((orderId) => tx.get('orders', orderId)));
      const standing = entry.orderIds.filter((_, index) => orders[index]?.active !== !wanted);
      return standing.length === 0 ? null : { ...entry, orderIds: standing };
    },
    // A reset refused as the party is over (it crossed the close with no signal) is never taken: 'Reintentar' is not offered for it.
    stands: (_tx, _entry, error) => Promise.resolve(refusedForGood(error) ? 'holds' : 'open'),
    line: { queued: true, refused: 'other' },
  };
}

/** The tab's kinds, sending over `transport` (the page's or the queue's worker's), marking the phone's records in `database`. */
export function tabKinds(database: PhoneDatabase, transport: Transport): OutboxKind[] {
  return [guestRowKind(transport), orderKind(database, transport), activeKind(transport), claimKind(database, transport), unclaimKind(transport)];
}
