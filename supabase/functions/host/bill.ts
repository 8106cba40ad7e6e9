/**
 * The host's actions on the bar's bill (issue 32), each one SQL function of
 * 20261130000100_bar_bill.sql: save the bill, read the comparison, settle what
 * was left, set the guest of honour. A save, a settlement or a guest of honour
 * runs through host_bill_change (issue 42): undone, and refused 'moves_paid',
 * when it changes what a guest who already paid owes and the host has not
 * confirmed it; undone whole when it is refused. A guest's claim is taken back
 * (issue 43, 20261204000100) as it comes. The comparison carries the
 * orders that came after a settlement ('Llegó después de repartir'). Kept
 * apart from handler.ts, which only routes these actions here and maps their
 * refusals.
 */
import type { Database, DatabaseAnswer } from '../_shared/database.ts';
import { BILL_ERRORS, HOST_ERRORS } from '../_shared/host-errors.ts';
import type { HostAction } from '../_shared/host-request.ts';
import type { ErrorAnswer } from '../_shared/responses.ts';

export type BillAction = Extract<HostAction, { action: 'save_bill' | 'bill' | 'settle_bill' | 'unclaim' | 'honour' | 'money' }>;

const BILL_ACTION_NAMES: ReadonlySet<string> = new Set<BillAction['action']>(['save_bill', 'bill', 'settle_bill', 'unclaim', 'honour', 'money']);

export const isBillAction = (action: HostAction): action is BillAction => BILL_ACTION_NAMES.has(action.action);

/** What the bill's SQL functions answer as { refused }: status and reason. */
export const BILL_REFUSALS: Readonly<Record<string, ErrorAnswer>> = {
  no_bill: { status: 404, error: BILL_ERRORS.noBill },
  no_guests: { status: 409, error: BILL_ERRORS.noGuests },
  bill_claimed: { status: 409, error: BILL_ERRORS.claimed },
  bill_race: { status: 409, error: BILL_ERRORS.race },
  unknown_product: { status: 404, error: HOST_ERRORS.unknownProduct },
};

/**
 * Two of the host's tabs saving at once wait for each other on the bill's row
 * locks; should PostgreSQL still give up on one (a deadlock or a serialization
 * failure, class 40), that host hears a 409 to try again, not a 503.
 */
function raceAsRefusal(answer: DatabaseAnswer): DatabaseAnswer {
  if (answer.ok || !/"code":"40(001|P01)"/.test(answer.reason)) return answer;
  return { ok: true, text: JSON.stringify({ refused: 'bill_race' }) };
}

/** The comparison with the orders that arrived after what was left was settled. */
async function withLateOrders(database: Database, p_party: string, answer: DatabaseAnswer): Promise<DatabaseAnswer> {
  if (!answer.ok) return answer;
  const comparison: unknown = JSON.parse(answer.text);
  if (typeof comparison !== 'object' || comparison === null || !('billed' in comparison)) return answer;
  const late = await database('bill_late_orders', { p_party });
  if (!late.ok) return late;
  return { ok: true, text: JSON.stringify({ ...comparison, late: JSON.parse(late.text) as unknown }) };
}

/** A change that may move what paid guests owe: asked first unless confirmed. */
function change(database: Database, p_party: string, action: Extract<BillAction, { action: 'save_bill' | 'settle_bill' | 'honour' }>) {
  const { action: p_action, confirm, ...args } = action;
  return database('host_bill_change', { p_party, p_action, p_args: args, p_confirmed: confirm === true });
}

export async function billAction(database: Database, p_party: string, action: BillAction): Promise<DatabaseAnswer> {
  switch (action.action) {
    case 'save_bill':
    case 'settle_bill':
      return withLateOrders(database, p_party, raceAsRefusal(await change(database, p_party, action)));
    case 'unclaim':
      return database('host_unclaim_bill_line', { p_party, p_user_id: action.guestId, p_claim: action.claimId });
    case 'honour':
      return change(database, p_party, action);
    case 'bill':
      return withLateOrders(database, p_party, await database('host_bill', { p_party }));
    case 'money':
      return database('host_money', { p_party });
  }
}
