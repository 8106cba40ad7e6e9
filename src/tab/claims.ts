/**
 * A claim of the bar's bill ('Es mío', 'Lo compartimos'): a line on the tab
 * like a pick, written with its outbox entry in one transaction, sent by the
 * queue through `rpc/claim_bill_line` (page or queue's worker alike), and
 * judged by the server, which answers the claim as stored (its amount to the
 * peso) or refuses it (`bill_line_taken`: another guest was first). The id
 * and the tap's time are the phone's, so a replay claims nothing twice.
 */
import { newId } from '../platform/index.ts';
import { isUuid, type Order, type PhoneDatabase, type UnclaimedLine } from '../db/index.ts';
import type { Tx } from '../db/idb.ts';
import { enqueue, SENT, settleAnswer, sortAnswer, type OutboxKind, type QueuedEntry, type SyncTransport } from '../sync/queue.ts';
import { shareAmount } from '../../supabase/functions/_shared/bar-bill.ts';
import { queueGuestAgain, refusedGuests } from './guest-rows.ts';

export const CLAIM_KIND = 'claim-bill-line';

export interface ClaimEntry extends QueuedEntry {
  readonly kind: typeof CLAIM_KIND;
  readonly guestId: string;
  readonly claim: { readonly id: string; readonly line: string; readonly shares: number; readonly created_at: string };
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
    typeof claim.created_at === 'string' &&
    !Number.isNaN(Date.parse(claim.created_at));
  return valid ? (entry as ClaimEntry) : 'invalid claim payload';
}

/**
 * What a claim of `line` charges until the server says: the whole unit, or
 * the share the unit it would join has next (the server's one rule,
 * `shareAmount`: the first price mod shares shares one peso more).
 */
export function claimEstimate(line: UnclaimedLine, shares: number): number {
  if (shares <= 1) return line.unit_price;
  const open = line.open_shares.find((unit) => unit.shares === shares && unit.left > 0);
  return shareAmount(line.unit_price, shares, open ? shares - open.left : 0);
}

/** A claim as the tab keeps it: an order record marked with the bill's line, at the bill's price. */
export function newClaim(guestId: string, line: UnclaimedLine, shares: number, now: Date): Order {
  return {
    id: newId(),
    user_id: guestId,
    product_name: line.product_name,
    product_price: claimEstimate(line, shares),
    active: true,
    created_at: now.toISOString(),
    bill: { line: line.line_id, shares },
  };
}

/** Queues the claim, inside the transaction that records it on the tab. */
export function queueClaim(tx: Tx, order: Order, now = Date.now()): Promise<IDBValidKey> {
  const { id, user_id, bill, created_at } = order;
  const entry: ClaimEntry = { kind: CLAIM_KIND, queuedAt: now, guestId: user_id, claim: { id, line: bill?.line ?? '', shares: bill?.shares ?? 1, created_at } };
  return enqueue(tx, entry);
}

/** The amount the server answered for a claim, or null when its answer says none (a replay answered as a duplicate). */
function storedAmount(data: unknown): number | null {
  const amount = (data as { amount?: unknown } | null)?.amount;
  return typeof amount === 'number' && Number.isSafeInteger(amount) ? amount : null;
}

async function changeClaim(tx: Tx, id: string, update: (order: Order) => Order): Promise<void> {
  const order = await tx.get('orders', id);
  if (order !== undefined) void tx.put('orders', update(order));
}

type Transport = () => SyncTransport | Promise<SyncTransport>;

/** The claims' kind in the outbox: one request per claim (the server locks the product's lines for each), in tap order. */
export function claimKind(database: PhoneDatabase, transport: Transport): OutboxKind<ClaimEntry> {
  return {
    names: [CLAIM_KIND],
    check: checkClaim,
    holds: refusedGuests,
    stores: ['orders'],
    async send([entry], pass) {
      if (!entry) return SENT;
      const { id, line, shares, created_at } = entry.claim;
      const answer = await (
        await transport()
      ).callFunction(entry.guestId, 'claim_bill_line', { p_id: id, p_line: line, p_shares: shares, p_created_at: created_at });
      return settleAnswer(sortAnswer(answer), pass, [entry], {
        guestMissing: (error) => queueGuestAgain(database, entry.guestId, error, pass),
        // The claim as the server stored it: its amount (a share's, to the peso) replaces the phone's estimate. Written
        // before the entry leaves, on its own (a delivery touching the tab's records would make every delivery wait on them):
        // a replay after a crash in between is answered with the same claim.
        async taken() {
          const amount = storedAmount(answer.data);
          if (amount !== null) await database.write(['orders'], (tx) => changeClaim(tx, id, (order) => ({ ...order, product_price: amount })));
        },
      });
    },
    // Refused for good ('Otra persona ya lo reclamó.', a bill settled or changed): it stays on the tab, struck through, and leaves the total.
    parked: (tx, entry, error) => changeClaim(tx, entry.claim.id, (order) => ({ ...order, rejected: error })),
    async retried(tx, entry) {
      const order = await tx.get('orders', entry.claim.id);
      // Taken off the tab since ('Quitar' on the refused claim): nothing to ask for.
      if (order?.active === false) return null;
      await changeClaim(tx, entry.claim.id, (kept) => ({ ...kept, rejected: undefined }));
      return entry;
    },
    line: { queued: true, refused: 'orders' },
  };
}
