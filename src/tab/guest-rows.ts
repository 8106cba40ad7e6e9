/**
 * The guest's own row on its way to the server, and the guest's record on
 * the phone (db's `guests` store): whether the server has the row, why it
 * refused it, and the guest's party, which every request for the guest names
 * (the queue's worker reads it here, having no localStorage). The row belongs
 * to the tab: every order needs it on the server first, an order refused for
 * a missing guest queues it again, and a refused name holds the tab's changes.
 */
import type { GuestRecord, PhoneDatabase, UserRow } from '../db/index.ts';
import type { StoreName, Tx } from '../db/idb.ts';
import { enqueue, SENT, type OutboxHold, type OutboxKind, type Pass, type Queued, type QueuedEntry, type Step } from '../sync/queue.ts';
import { guestOfEntry, type GuestRowEntry } from './entries.ts';

/** The party field of a guest record: absent for the default party. */
const inParty = (party: string | undefined): { party?: string } => (party === undefined ? {} : { party });

export function withoutRefusal(guest: GuestRecord): GuestRecord {
  const { id, full_name, state, party } = guest;
  return { id, full_name, state, ...inParty(party) };
}

/** Reads the guest and writes them back changed; nothing when they are not there. */
export async function changeGuest(tx: Tx, id: string, update: (guest: GuestRecord) => GuestRecord): Promise<void> {
  const guest = await tx.get('guests', id);
  if (guest !== undefined) void tx.put('guests', update(guest));
}

function isGuestEntry(entry: unknown, guestId: string): boolean {
  const candidate = entry as { kind?: unknown; row?: { id?: unknown } } | null;
  return candidate?.kind === 'insert-user' && candidate.row?.id === guestId;
}

/** Queues the guest's row; the guest keeps the party they were kept in unless `party` names it. */
export async function addGuest(tx: Tx, { id, full_name }: UserRow, now: number, party?: string): Promise<IDBValidKey> {
  const kept = party ?? (await tx.get('guests', id))?.party;
  void tx.put('guests', { id, full_name, state: 'queued', ...inParty(kept) });
  const entry: GuestRowEntry = { kind: 'insert-user', queuedAt: now, row: { id, full_name } };
  return enqueue(tx, entry);
}

/** A guest whose row the server refused: their changes wait, in order, for the guest's new name. */
/** The guest's row again, once per pass, when the server lost it (its database was reset, or the guest was marked sent too soon): the change waits for it. */
export async function queueGuestAgain(database: PhoneDatabase, guestId: string, error: string, pass: Pass): Promise<Step> {
  const guest = await database.read(['guests'], (tx) => tx.get('guests', guestId));
  if (!guest || !pass.once(`guest:${guestId}`)) return { kind: 'retry', error };
  await database.write(['outbox', 'guests'], (tx) => addGuest(tx, { id: guest.id, full_name: guest.full_name }, pass.now()));
  return SENT;
}

export const refusedGuests: OutboxHold = {
  stores: ['guests'],
  async read(tx) {
    const guests = await tx.getAll('guests');
    const held = new Set(guests.filter((guest) => guest.state === 'refused').map((guest) => guest.id));
    return held.size === 0 ? null : (entry) => held.has(guestOfEntry(entry));
  },
};

export interface GuestRows {
  guest(id: string): Promise<GuestRecord | undefined>;
  /** Queues the guest's row (again), and remembers the guest as queued, in `party` (or the party already kept for them). */
  queueGuest(row: UserRow, now?: number, party?: string): Promise<void>;
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
  /** Why the server refused the guest's row (their name), or null. */
  guestRefusal(guestId: string): Promise<string | null>;
}

export function guestRows(database: PhoneDatabase): GuestRows {
  return {
    guest: (id) => database.read(['guests'], (tx) => tx.get('guests', id)),
    queueGuest: (row, now = Date.now(), party) =>
      database.write(['outbox', 'guests'], async (tx) => {
        await addGuest(tx, row, now, party);
      }),
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
    guestRefusal: (guestId) =>
      database.read(['guests'], async (tx) => {
        const guest = await tx.get('guests', guestId);
        return guest?.state === 'refused' ? (guest.refusal ?? '') : null;
      }),
  };
}

/**
 * A kind whose every entry is one call of a function for the guest (a claim, a claim taken back, a transfer
 * notice): sent one at a time, in tap order, after the guest's row, and held while that row is refused.
 */
export function guestCallKind<Entry extends QueuedEntry>(
  name: string,
  check: (entry: QueuedEntry) => Entry | string,
  stores: readonly StoreName[],
  call: (entry: Queued<Entry>, pass: Pass) => Promise<Step>,
): Pick<OutboxKind<Entry>, 'names' | 'check' | 'holds' | 'stores' | 'send'> {
  return { names: [name], check, holds: refusedGuests, stores, send: ([entry], pass) => (entry ? call(entry, pass) : Promise.resolve(SENT)) };
}
