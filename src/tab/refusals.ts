/**
 * Why the server refused a pick, in the guest's words. The phone keeps the
 * server's answer as it came (status, code, message): the database's rules
 * name themselves in the message, and each one the bar can break has words.
 */
import { CLAIM_TAKEN } from '../../supabase/functions/_shared/bar-bill.ts';

/** The rules an order can break, as the database names them, and what each means to the guest. */
const REASONS: readonly (readonly [RegExp, string])[] = [
  [/party_closed/u, 'la fiesta ya había terminado'],
  [/orders_product_on(?:_party)?_menu/u, 'ese producto no está en la carta a ese precio'],
  [/orders_per_guest_ceiling/u, 'la cuenta llegó al máximo de 1.000 pedidos'],
  [/orders_tap_time_plausible/u, 'la hora de este teléfono no cuadra con la del bar'],
  [/price_gone/u, 'ese precio ya no está en la carta'],
  [/orders_after_close/u, 'después del cierre se aceptan a lo más 50 pedidos'],
  // A claim of the bar's bill (docs/host.md's table; bill_line_taken has its own line, below).
  [/bill_settled/u, 'lo que quedaba de la cuenta del bar ya se repartió'],
  [/bill_line_unknown/u, 'esa línea ya no está en la cuenta del bar'],
  [/bill_shares_range/u, 'se comparte entre 2 y 12 personas'],
];

const ANY_OTHER = 'el bar no lo recibió';

/** The reason a refused pick shows, from what the phone kept of the server's answer. */
export function refusalReason(kept: string): string {
  return REASONS.find(([rule]) => rule.test(kept))?.[1] ?? ANY_OTHER;
}

/** The line under a refused pick: not accepted, why, and that the totals leave it out; a unit of the bill another guest took, in the words. */
export const refusalLine = (kept: string): string =>
  /bill_line_taken/u.test(kept) ? `${CLAIM_TAKEN} No suma al total.` : `No aceptado: ${refusalReason(kept)}. No suma al total.`;
