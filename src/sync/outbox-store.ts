/**
 * The outbox as the page, the flusher and the service worker all see it: one
 * interface, one transaction per call, over the phone's database (db/idb.ts).
 * A change and its entry are written in one transaction: the tab's writes
 * queue theirs with `queueOrder` and `queueSetActive` inside their own.
 */
// Not db/index.ts: the service worker runs this store, and carries no Dexie.
import type { PhoneDatabase, Tx } from '../db/idb.ts';
import { guestOfEntry, type GuestRecord, type Order, type OrderRow, type OutboxEntry, type ParkedEntry, type SyncState, type UserRow } from '../db/records.ts';
import type { SyncSnapshot } from './status.ts';

/** Which parked entries go back to the queue: all, or those parked by another version than `appVersion`. */
export type ParkedSelection = { readonly all: true } | { readonly parkedBefore: string };

/** What the status line says of the queue: all it shows but the signal and the clock. */
export type QueueSummary = Omit<SyncSnapshot, 'online' | 'now'>;

export interface OutboxStore {
  /**
   * The next entries to send, at most `limit`, in one read: the queued guests' rows if there
   * are any (a guest row depends on nothing, every order on its guest), else the queue in
   * order, leaving out the changes of a guest whose row the server refused (they wait for
   * the guest to fix their name, in order).
   */
  head(limit: number): Promise<OutboxEntry[]>;
  guest(id: string): Promise<GuestRecord | undefined>;
  /** The server has these entries: they leave the queue, and `syncedGuest`'s row is known to be there. */
  delivered(seqs: readonly number[], syncedGuest?: string): Promise<void>;
  /** Moves these entries to the parked ones; their orders are marked refused, a guest's row refused. */
  park(seqs: readonly number[], stamp: Omit<ParkedEntry, 'id' | 'entry'>): Promise<void>;
  /** Queues the guest's row (again), and remembers the guest as queued, in `party` (or the party already kept for them). */
  queueGuest(row: UserRow, now?: number, party?: string): Promise<void>;
  /** Writes what the status line shows; a state equal to the kept one writes nothing. */
  recordSyncState(state: SyncState): Promise<void>;
  /**
   * The guest's row must reach the server before their orders: queued once, when
   * the phone first meets the guest (or again if its entry went missing), and
   * never while the server refuses it (the guest is asked for their name then).
   * `party` is the code of the party the guest joined by its link (none: the
   * default party); it is kept with the guest for every request made for them.
   */
  ensureGuestQueued(row: UserRow, party?: string): Promise<void>;
  /** The party code kept for the guest: a string, null for the default party, undefined when the phone does not know the guest. */
  readonly partyOf: (guestId: string) => Promise<string | null | undefined>;
  /**
   * The guest typed their name again after the server refused it: the refused
   * row leaves the parked entries and the new one is queued, same id, so every
   * order waiting for it follows.
   */
  requeueGuest(row: UserRow, now?: number): Promise<void>;
  /**
   * Puts the selected parked entries back in the queue, as new entries after
   * what is queued, sent as the phone holds things now (so their place does
   * not matter, and the engine sees them arrive). Returns how many left the parked ones.
   */
  retryParked(which: ParkedSelection): Promise<number>;
  /** The seq of every entry in the queue. */
  queuedSeqs(): Promise<number[]>;
  summary(): Promise<QueueSummary>;
  /** Why the server refused the guest's row (their name), or null. */
  guestRefusal(guestId: string): Promise<string | null>;
}

/** Queues an order for the server, inside the transaction that records it. */
export function queueOrder(tx: Tx, row: OrderRow, now = Date.now()): Promise<IDBValidKey> {
  const { id, user_id, product_name, product_price, active, created_at } = row;
  return tx.add('outbox', { kind: 'insert-order', queuedAt: now, row: { id, user_id, product_name, product_price, active, created_at } });
}

/** A reset or a removal (or its undo): exactly these orders' `active`, never one added later. */
export function queueSetActive(tx: Tx, guestId: string, orderIds: readonly string[], active: boolean, now = Date.now()): Promise<IDBValidKey> {
  return tx.add('outbox', { kind: active ? 'reactivate-orders' : 'deactivate-orders', queuedAt: now, guestId, orderIds: [...orderIds] });
}

function withoutRefusal(guest: GuestRecord): GuestRecord {
  const { id, full_name, state, party } = guest;
  return { id, full_name, state, ...inParty(party) };
}

/** The party field of a guest record: absent for the default party. */
const inParty = (party: string | undefined): { party?: string } => (party === undefined ? {} : { party });

function withoutRejection(order: Order): Order {
  const { id, user_id, product_name, product_price, active, created_at } = order;
  return { id, user_id, product_name, product_price, active, created_at };
}

/** Reads the order and writes it back changed; nothing when it is not there. */
async function changeOrder(tx: Tx, id: string, update: (order: Order) => Order): Promise<void> {
  const order = await tx.get('orders', id);
  if (order !== undefined) void tx.put('orders', update(order));
}

/** Reads the guest and writes them back changed; nothing when they are not there. */
async function changeGuest(tx: Tx, id: string, update: (guest: GuestRecord) => GuestRecord): Promise<void> {
  const guest = await tx.get('guests', id);
  if (guest !== undefined) void tx.put('guests', update(guest));
}

const rowId = (entry: unknown): unknown => (entry as { row?: { id?: unknown } | null } | null)?.row?.id;
const isObject = (value: unknown): value is object => typeof value === 'object' && value !== null;

/** A parked entry's mark on the phone: its order "no aceptado", or its guest refused. */
function markRefused(tx: Tx, entry: OutboxEntry, error: string): Promise<void> {
  const id = rowId(entry);
  if (typeof id !== 'string') return Promise.resolve();
  if (entry.kind === 'insert-order') return changeOrder(tx, id, (order) => ({ ...order, rejected: error }));
  if (entry.kind === 'insert-user') return changeGuest(tx, id, (guest) => ({ ...guest, state: 'refused', refusal: error }));
  return Promise.resolve();
}

function isGuestEntry(entry: unknown, guestId: string): boolean {
  const candidate = entry as { kind?: unknown; row?: { id?: unknown } } | null;
  return candidate?.kind === 'insert-user' && candidate.row?.id === guestId;
}

/** Queues the guest's row; the guest keeps the party they were kept in unless `party` names it. */
async function addGuest(tx: Tx, { id, full_name }: UserRow, now: number, party?: string): Promise<IDBValidKey> {
  const kept = party ?? (await tx.get('guests', id))?.party;
  void tx.put('guests', { id, full_name, state: 'queued', ...inParty(kept) });
  return tx.add('outbox', { kind: 'insert-user', queuedAt: now, row: { id, full_name } });
}

/**
 * A parked entry as it goes back to the queue: an order with its current
 * active flag (the guest may have taken it off since), a guest's row with the
 * name the guest has now, and a reset, removal or undo with only the orders
 * that still stand as it left them: one the guest changed again since was
 * sent by a later entry, which this one must not undo. Null when nothing is
 * left to send. A malformed entry goes back as it was: the flusher checks it
 * again and parks it again.
 */
async function asTheyAreNow(tx: Tx, entry: OutboxEntry): Promise<OutboxEntry | null> {
  const id = rowId(entry);
  if (entry.kind === 'insert-order' && typeof id === 'string') {
    const order = await tx.get('orders', id);
    return order ? { ...entry, row: { ...entry.row, active: order.active } } : entry;
  }
  if (entry.kind === 'insert-user' && typeof id === 'string') {
    const guest = await tx.get('guests', id);
    return guest ? { ...entry, row: { id: guest.id, full_name: guest.full_name } } : entry;
  }
  if ((entry.kind === 'deactivate-orders' || entry.kind === 'reactivate-orders') && Array.isArray(entry.orderIds)) {
    const wanted = entry.kind === 'reactivate-orders';
    const orders = await Promise.all(entry.orderIds.map((orderId) => (typeof orderId === 'string' ? tx.get('orders', orderId) : Promise.resolve(undefined))));
    const standing = entry.orderIds.filter((_, index) => orders[index]?.active !== !wanted);
    return standing.length === 0 ? null : { ...entry, orderIds: standing };
  }
  return entry;
}

/** The entry without its old seq: the queue gives it the next one. */
function asNewEntry(entry: OutboxEntry): OutboxEntry {
  const fresh: { seq?: number } & Omit<OutboxEntry, 'seq'> = { ...entry };
  delete fresh.seq;
  return fresh as OutboxEntry;
}

async function summarize(tx: Tx): Promise<QueueSummary> {
  const [queued, guestRows, oldest, parked, state] = await Promise.all([
    tx.count('outbox'),
    tx.count('outbox', { index: 'kind', only: 'insert-user' }),
    tx.getAll('outbox', { limit: 1 }),
    tx.getAll('parked'),
    tx.get('syncState', 'flush'),
  ]);
  const rejectedOrders = parked.filter((item) => (item.entry as { kind?: unknown } | null)?.kind === 'insert-order').length;
  return {
    pending: queued - guestRows,
    oldestQueuedAt: oldest[0]?.queuedAt,
    rejectedOrders,
    rejectedOther: parked.length - rejectedOrders,
    configError: state?.configError,
  };
}

export function outboxStore(database: PhoneDatabase): OutboxStore {
  return {
    head: (limit) =>
      database.read(['outbox', 'guests'], async (tx) => {
        // The kind index lists entries in key (seq) order within a kind, as the store does overall.
        const guestRows = await tx.getAll('outbox', { index: 'kind', only: 'insert-user', limit });
        if (guestRows.length > 0) return guestRows;
        const guests = await tx.getAll('guests');
        const held = new Set(guests.filter((guest) => guest.state === 'refused').map((guest) => guest.id));
        if (held.size === 0) return tx.getAll('outbox', { limit });
        return tx.filter('outbox', (entry) => !held.has(guestOfEntry(entry)), limit);
      }),
    guest: (id) => database.read(['guests'], (tx) => tx.get('guests', id)),
    delivered: (seqs, syncedGuest) =>
      database.write(['outbox', 'guests'], async (tx) => {
        for (const seq of seqs) void tx.delete('outbox', seq);
        if (syncedGuest !== undefined) await changeGuest(tx, syncedGuest, (guest) => ({ ...withoutRefusal(guest), state: 'synced' }));
      }),
    park: (seqs, stamp) =>
      database.write(['outbox', 'parked', 'orders', 'guests'], async (tx) => {
        const found = await Promise.all(seqs.map((seq) => tx.get('outbox', seq)));
        const entries = found.filter((entry): entry is OutboxEntry => entry !== undefined);
        for (const entry of entries) void tx.add('parked', { entry, ...stamp });
        for (const seq of seqs) void tx.delete('outbox', seq);
        await Promise.all(entries.map((entry) => markRefused(tx, entry, stamp.error)));
      }),
    queueGuest: (row, now = Date.now(), party) =>
      database.write(['outbox', 'guests'], async (tx) => {
        await addGuest(tx, row, now, party);
      }),
    async recordSyncState(state) {
      // Almost every pass ends as the last one did: a read, and a write only when it changed.
      const kept = await database.read(['syncState'], (tx) => tx.get('syncState', 'flush'));
      if (kept !== undefined && kept.configError === state.configError) return;
      await database.write(['syncState'], async (tx) => {
        await tx.put('syncState', state);
      });
    },
    ensureGuestQueued: (row, party) =>
      database.write(['outbox', 'guests'], async (tx) => {
        const known = await tx.get('guests', row.id);
        // A guest kept before the phone knew parties: their party is the one the page knows now.
        if (known !== undefined && known.party === undefined && party !== undefined) void tx.put('guests', { ...known, party });
        if (known?.state === 'synced' || known?.state === 'refused') return;
        const waiting = await tx.getAll('outbox', { index: 'kind', only: 'insert-user' });
        if (!waiting.some((entry) => isGuestEntry(entry, row.id))) await addGuest(tx, row, Date.now(), party);
      }),
    partyOf: (guestId) =>
      database.read(['guests'], async (tx) => {
        const guest = await tx.get('guests', guestId);
        return guest === undefined ? undefined : (guest.party ?? null);
      }),
    requeueGuest: (row, now = Date.now()) =>
      database.write(['outbox', 'guests', 'parked'], async (tx) => {
        for (const item of await tx.getAll('parked')) if (isGuestEntry(item.entry, row.id) && item.id !== undefined) void tx.delete('parked', item.id);
        for (const entry of await tx.getAll('outbox', { index: 'kind', only: 'insert-user' })) {
          if (isGuestEntry(entry, row.id) && entry.seq !== undefined) void tx.delete('outbox', entry.seq);
        }
        await addGuest(tx, row, now);
      }),
    retryParked: (which) =>
      database.write(['parked', 'outbox', 'orders', 'guests'], async (tx) => {
        // Something that is not even an object cannot be queued; it stays parked, in sight.
        const items = (await tx.getAll('parked')).filter((item) => ('all' in which || item.appVersion !== which.parkedBefore) && isObject(item.entry));
        for (const item of items) {
          const entry = await asTheyAreNow(tx, item.entry as OutboxEntry);
          if (item.id !== undefined) void tx.delete('parked', item.id);
          if (entry === null) continue;
          void tx.add('outbox', asNewEntry(entry));
          const id = rowId(entry);
          if (typeof id !== 'string') continue;
          if (entry.kind === 'insert-order') await changeOrder(tx, id, withoutRejection);
          if (entry.kind === 'insert-user') await changeGuest(tx, id, (guest) => ({ ...withoutRefusal(guest), state: 'queued' }));
        }
        return items.length;
      }),
    queuedSeqs: () => database.read(['outbox'], async (tx) => (await tx.keys('outbox')) as number[]),
    summary: () => database.read(['outbox', 'parked', 'syncState'], summarize),
    guestRefusal: (guestId) =>
      database.read(['guests'], async (tx) => {
        const guest = await tx.get('guests', guestId);
        return guest?.state === 'refused' ? (guest.refusal ?? '') : null;
      }),
  };
}
