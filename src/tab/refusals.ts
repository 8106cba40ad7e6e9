/**
 * Why the server refused a pick or a claim, in the guest's words. The phone
 * keeps the server's answer as it came (status, code, message): the
 * database's rules name themselves in the message, and each one the bar can
 * break has words; a claim's are bar-bill.ts's, which the database says too.
 */
import { CLAIM_REFUSALS, CLAIM_TAKEN, UNCLAIM_CLOSED } from '../../supabase/functions/_shared/bill-claims.ts';

/** The rules an order can break, as the database names them, and what each means to the guest. */
const REASONS: readonly (readonly [RegExp, string])[] = [
  [/party_closed/u, 'la fiesta ya había terminado'],
  [/orders_product_on(?:_party)?_menu/u, 'ese producto no está en la carta a ese precio'],
  [/orders_per_guest_ceiling/u, 'la cuenta llegó al máximo de 1.000 pedidos'],
  [/orders_tap_time_plausible/u, CLAIM_REFUSALS.tap_time_outside_party],
  [/price_gone/u, 'ese precio ya no está en la carta'],
  [/orders_after_close/u, 'después del cierre se aceptan a lo más 50 pedidos'],
  // A claim of the bar's bill (docs/host.md's table; bill_line_taken has its own line, below). The longer name first.
  [/bill_settled_by_host/u, CLAIM_REFUSALS.bill_settled_by_host],
  ...(
    ['bill_settled', 'bill_line_unknown', 'bill_shares_range', 'bill_line_yours', 'bill_line_declared', 'bill_share_gone', 'tap_time_outside_party'] as const
  ).map((name) => [new RegExp(name, 'u'), CLAIM_REFUSALS[name]] as const),
];

/**
 * Refusals whose reason never changes: an order tapped after the close (or
 * past what a closed party takes), a tap time the bar's clock refuses, a split
 * no table has. 'Reintentar' would only hear them again.
 */
const FOR_GOOD = /party_closed|orders_after_close|orders_tap_time_plausible|tap_time_outside_party|bill_shares_range/u;

const ANY_OTHER = 'el bar no lo recibió';

/** The reason a refused pick shows, from what the phone kept of the server's answer. */
export function refusalReason(kept: string): string {
  return REASONS.find(([rule]) => rule.test(kept))?.[1] ?? ANY_OTHER;
}

/** Whether the server's reason still holds whatever happens next (sending it again would be refused again). */
export const refusedForGood = (kept: string): boolean => FOR_GOOD.test(kept);

/** The line under a refused pick: not accepted, why, and that the totals leave it out; a unit of the bill another guest took, in the words. */
export const refusalLine = (kept: string): string =>
  /bill_line_taken/u.test(kept) ? `${CLAIM_TAKEN} No suma al total.` : `No aceptado: ${refusalReason(kept)}. No suma al total.`;

/** The line under a claim the guest took back and the server kept (after the close): it still counts, and who can take it back. */
export const keptLine = (kept: string): string =>
  /party_closed/u.test(kept) ? `No se quitó: ${UNCLAIM_CLOSED}. Sigue sumando.` : `No se quitó: ${refusalReason(kept)}. Sigue sumando.`;
