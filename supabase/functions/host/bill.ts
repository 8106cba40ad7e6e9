/**
 * The host's actions on the bar's bill (issue 32), each one SQL function of
 * 20261130000100_bar_bill.sql: save the bill, read the comparison, settle what
 * was left, set the guest of honour; and take a guest's claim back (issue 43,
 * 20261204000100). Kept apart from handler.ts, which only routes these actions
 * here and maps their refusals.
 */
import type { Database, DatabaseAnswer } from '../_shared/database.ts';
import { BILL_ERRORS } from '../_shared/host-errors.ts';
import type { HostAction } from '../_shared/host-request.ts';
import type { ErrorAnswer } from '../_shared/responses.ts';

export type BillAction = Extract<HostAction, { action: 'save_bill' | 'bill' | 'settle_bill' | 'unclaim' | 'honour' }>;

const BILL_ACTION_NAMES: ReadonlySet<string> = new Set<BillAction['action']>(['save_bill', 'bill', 'settle_bill', 'unclaim', 'honour']);

export const isBillAction = (action: HostAction): action is BillAction => BILL_ACTION_NAMES.has(action.action);

/** What the bill's SQL functions answer as { refused }: status and reason. */
export const BILL_REFUSALS: Readonly<Record<string, ErrorAnswer>> = {
  no_bill: { status: 404, error: BILL_ERRORS.noBill },
  no_guests: { status: 409, error: BILL_ERRORS.noGuests },
  bill_claimed: { status: 409, error: BILL_ERRORS.claimed },
  bill_race: { status: 409, error: BILL_ERRORS.race },
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

export async function billAction(database: Database, p_party: string, action: BillAction): Promise<DatabaseAnswer> {
  switch (action.action) {
    case 'save_bill':
      return raceAsRefusal(
        await database(
          'host_save_bill',
          'lines' in action ? { p_party, p_lines: action.lines, p_total: null } : { p_party, p_lines: null, p_total: action.total },
        ),
      );
    case 'bill':
      return database('host_bill', { p_party });
    case 'settle_bill':
      return raceAsRefusal(await database('host_settle_bill', { p_party, p_by: action.by }));
    case 'unclaim':
      return database('host_unclaim_bill_line', { p_party, p_user_id: action.guestId, p_claim: action.claimId });
    case 'honour':
      return database('host_set_honour', { p_party, p_user_id: action.guestId, p_honoured: action.honoured });
  }
}
