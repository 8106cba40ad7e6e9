/**
 * A claim of the bar's bill ('Es mío', 'Lo compartimos', 'Unirme'): a line on
 * the tab like a pick, written with its outbox entry in one transaction, sent
 * by the queue through `rpc/claim_bill_line` (page or queue's worker alike),
 * and judged by the server, which answers the claim as stored (its amount to
 * the peso), the share as it now is when the split changed meanwhile (an
 * offer: 'Ahora son 3 partes de $5.663. ¿Te unes?'), or a refusal with its
 * reason. 'Quitar' on a claim takes it back (`rpc/unclaim_bill_line`). The id
 * and the tap's time are the phone's, so a replay claims nothing twice.
 */
import { newId } from '../platform/index.ts';
import { isTime, isUuid, type BillClaimMark, type Order, type PhoneDatabase, type UnclaimedLine } from '../db/index.ts';
import type { Tx } from '../db/idb.ts';
import { enqueue, settleAnswer, sortAnswer, type OutboxKind, type ParkedStanding, type QueuedEntry, type SyncTransport } from '../sync/queue.ts';
import { shareAmount } from '../../supabase/functions/_shared/bill-claims.ts';
import { guestCallKind, queueGuestAgain } from './guest-rows.ts';
import { refusedForGood } from './refusals.ts';

export const CLAIM_KIND = 'claim-bill-line';
export const UNCLAIM_KIND = 'unclaim-bill-line';

export interface ClaimEntry extends QueuedEntry {
  readonly kind: typeof CLAIM_KIND;
  readonly guestId: string;
  readonly claim: {
    readonly id: string;
    readonly line: string;
    readonly shares: number;
    readonly created_at: string;
    readonly join?: boolean;
    readonly sawShare?: boolean;
  };
}

/** 'Quitar' on a claim: the claim's id and the tap's time (after the close, only a tap before it is taken). */
export interface UnclaimEntry extends QueuedEntry {
  readonly kind: typeof UNCLAIM_KIND;
  readonly guestId: string;
  readonly claim: { readonly id: string; readonly at: string };
}

export function checkClaim(entry: QueuedEntry): ClaimEntry | string {
  const raw = entry as Partial<ClaimEntry>;
  const claim = raw.claim;
  const valid =
    isUuid(raw.guestId) &&
    claim !== undefined &&
    isUuid(claim.id) &&
    isUuid(claim.line) &&
    Number.isSafeInteger(claim.shares) &&
    isTime(claim.created_at) &&
    (claim.join === undefined || typeof claim.join === 'boolean') &&
    (claim.sawShare === undefined || typeof claim.sawShare === 'boolean');
  return valid ? (entry as ClaimEntry) : 'invalid claim payload';
}

export function checkUnclaim(entry: QueuedEntry): UnclaimEntry | string {
  const raw = entry as Partial<UnclaimEntry>;
  return isUuid(raw.guestId) && isUuid(raw.claim?.id) && isTime(raw.claim.at) ? (entry as UnclaimEntry) : 'invalid unclaim payload';
}

/** The open share a claim of `shares` would join: the first of that split with a share left. */
export const openShareOf = (line: UnclaimedLine, shares: number) => line.open_shares.find((unit) => unit.shares === shares && unit.left > 0);

/**
 * What a claim of `line` charges until the server says: the whole unit, or
 * the share the unit it would join has next (the server's one rule,
 * `shareAmount`: the first price mod shares shares one peso more).
 */
export function claimEstimate(line: UnclaimedLine, shares: number): number {
  if (shares <= 1) return line.unit_price;
  const open = openShareOf(line, shares);
  return shareAmount(line.unit_price, shares, open ? shares - open.left : 0);
}

/**
 * A claim as the tab keeps it: an order record marked with the bill's line, at
 * the bill's price. `join`: a share of what is there; otherwise, whether the
 * line showed a share open that the guest chose not to join.
 */
export function newClaim(guestId: string, line: UnclaimedLine, shares: number, now: Date, join = false): Order {
  const sawShare = !join && line.open_shares.some((unit) => unit.left > 0);
  return {
    id: newId(),
    user_id: guestId,
    product_name: line.product_name,
    product_price: claimEstimate(line, shares),
    active: true,
    created_at: now.toISOString(),
    bill: { line: line.line_id, shares, ...(join ? { join } : {}), ...(sawShare ? { sawShare } : {}) },
  };
}

/** 'Sí, me uno' to the server's offer: the same claim, now a share of the split as it is, at that share's amount. */
export function joinedOffer(order: Order): Order | null {
  const offer = order.bill?.offer;
  if (!order.bill || !offer) return null;
  const { line } = order.bill;
  return { ...withoutRefusal(order), product_price: offer.amount, bill: { line, shares: offer.shares, join: true } };
}

/** Whether the server holds this claim as the phone last heard: delivered, not refused, not waiting for the guest's answer. */
export const onServer = (order: Order): boolean =>
  order.bill !== undefined && order.rejected === undefined && order.bill.offer === undefined && order.bill.takenAt !== undefined;

/** Whether the server ever hears of it: a claim refused, or only offered, was never stored there. */
export const sentToServer = (order: Order): boolean => order.bill !== undefined && order.rejected === undefined && order.bill.offer === undefined;

function withoutRefusal(order: Order): Order {
  const { id, user_id, product_name, product_price, active, created_at, bill } = order;
  return { id, user_id, product_name, product_price, active, created_at, ...(bill ? { bill } : {}) };
}

/** Queues the claim, inside the transaction that records it on the tab. */
export function queueClaim(tx: Tx, order: Order, now = Date.now()): Promise<IDBValidKey> {
  const { id, user_id, bill, created_at } = order;
  const claim = {
    id,
    line: bill?.line ?? '',
    shares: bill?.shares ?? 1,
    created_at,
    ...(bill?.join ? { join: true } : {}),
    ...(bill?.sawShare ? { sawShare: true } : {}),
  };
  const entry: ClaimEntry = { kind: CLAIM_KIND, queuedAt: now, guestId: user_id, claim };
  return enqueue(tx, entry);
}

/** Queues the claim's taking back ('Quitar'), inside the transaction that takes it off the tab. */
export function queueUnclaim(tx: Tx, order: Order, now = Date.now()): Promise<IDBValidKey> {
  const entry: UnclaimEntry = { kind: UNCLAIM_KIND, queuedAt: now, guestId: order.user_id, claim: { id: order.id, at: new Date(now).toISOString() } };
  return enqueue(tx, entry);
}

/** The server's answer to a claim: the claim as stored (its amount and split), or the share as it now is; null when it says neither (a replay answered as a duplicate). */
function answered(data: unknown): { readonly amount: number; readonly shares: number | null } | { readonly offer: { shares: number; amount: number } } | null {
  const answer = data as { amount?: unknown; shares?: unknown; offer?: { shares?: unknown; amount?: unknown } } | null;
  const whole = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value);
  const offer = answer?.offer;
  if (offer && whole(offer.shares) && whole(offer.amount)) return { offer: { shares: offer.shares, amount: offer.amount } };
  return whole(answer?.amount) ? { amount: answer.amount, shares: whole(answer.shares) ? answer.shares : null } : null;
}

async function changeClaim(tx: Tx, id: string, update: (order: Order, bill: BillClaimMark) => Order): Promise<void> {
  const order = await tx.get('orders', id);
  if (order?.bill !== undefined) void tx.put('orders', update(order, order.bill));
}

type Transport = () => SyncTransport | Promise<SyncTransport>;

/**
 * Whether the line can still be claimed as the phone last heard the bill: a
 * refusal for what was taken, declared or settled still holds until it can.
 */
async function claimableNow(tx: Tx, entry: ClaimEntry): Promise<boolean> {
  const bill = await tx.get('bills', entry.guestId);
  const line = bill?.unclaimed.find((candidate) => candidate.line_id === entry.claim.line);
  return line !== undefined && (line.units_left > 0 || line.open_shares.some((unit) => unit.left > 0));
}

/** The claims' kind in the outbox: one request per claim (the server locks the product's lines for each), in tap order. */
export function claimKind(database: PhoneDatabase, transport: Transport): OutboxKind<ClaimEntry> {
  return {
    ...guestCallKind(CLAIM_KIND, checkClaim, ['orders', 'bills'], async (entry, pass) => {
      const { id, line, shares, created_at, join, sawShare } = entry.claim;
      const args = {
        p_id: id,
        p_line: line,
        p_shares: shares,
        p_created_at: created_at,
        ...(join ? { p_join: true } : {}),
        ...(sawShare ? { p_saw_share: true } : {}),
      };
      const answer = await (await transport()).callFunction(entry.guestId, 'claim_bill_line', args);
      return settleAnswer(sortAnswer(answer), pass, [entry], {
        guestMissing: (error) => queueGuestAgain(database, entry.guestId, error, pass),
        // The claim as the server stored it (its amount, a share's to the peso, replaces the phone's estimate), or the share as it
        // now is, for the guest to answer. Written before the entry leaves, on its own (a delivery touching the tab's records would
        // make every delivery wait on them): a replay after a crash in between is answered with the same claim.
        async taken() {
          const heard = answered(answer.data);
          const takenAt = Date.now();
          if (heard === null) return;
          await database.write(['orders'], (tx) =>
            changeClaim(tx, id, (order, bill) =>
              'offer' in heard
                ? { ...order, bill: { line: bill.line, shares: bill.shares, offer: heard.offer } }
                : {
                    ...order,
                    product_price: heard.amount,
                    bill: { line: bill.line, shares: heard.shares ?? bill.shares, ...(bill.join ? { join: true } : {}), takenAt },
                  },
            ),
          );
        },
      });
    }),
    // Refused for good ('Otra persona ya lo reclamó.', a bill settled or changed): it stays on the tab, struck through, and leaves the total.
    parked: (tx, entry, error) => changeClaim(tx, entry.claim.id, (order) => ({ ...order, rejected: error })),
    async retried(tx, entry) {
      const order = await tx.get('orders', entry.claim.id);
      // Taken off the tab since ('Quitar' on the refused claim): nothing to ask for.
      if (order?.active === false) return null;
      await changeClaim(tx, entry.claim.id, (kept) => withoutRefusal(kept));
      return entry;
    },
    // Off the tab, it asks nothing more; refused for a reason that still holds (the line is not there to claim), 'Reintentar' waits.
    async stands(tx, entry, error): Promise<ParkedStanding> {
      const order = await tx.get('orders', entry.claim.id);
      if (order?.active !== true || order.rejected === undefined) return 'gone';
      if (refusedForGood(error)) return 'holds';
      return (await claimableNow(tx, entry)) ? 'open' : 'holds';
    },
    line: { queued: true, refused: 'orders' },
  };
}

/**
 * Taking a claim back in the outbox: one request per claim, after whatever the
 * guest queued before it (the claim itself, if it had not gone yet). The
 * server answers the same whether it held the claim or not. Refused (the party
 * is over, the phone's clock), the claim is back on the tab with why: the
 * server still counts it.
 */
export function unclaimKind(transport: Transport): OutboxKind<UnclaimEntry> {
  return {
    ...guestCallKind(UNCLAIM_KIND, checkUnclaim, ['orders'], async (entry, pass) => {
      const answer = await (await transport()).callFunction(entry.guestId, 'unclaim_bill_line', { p_id: entry.claim.id, p_at: entry.claim.at });
      return settleAnswer(sortAnswer(answer), pass, [entry]);
    }),
    parked: (tx, entry, error) => changeClaim(tx, entry.claim.id, (order, bill) => ({ ...order, active: true, bill: { ...bill, kept: error } })),
    // The claim's own line says it: nothing to send again (the server's reason, the close or the clock, still holds).
    retried: () => Promise.resolve(null),
    stands: () => Promise.resolve('gone'),
    line: { queued: true, refused: 'other' },
  };
}
