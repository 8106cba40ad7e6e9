/**
 * Why the server refused a pick, in the guest's words. The phone keeps the
 * server's answer as it came (status, code, message): the database's rules
 * name themselves in the message, and each one the bar can break has words.
 */

/** The rules an order can break, as the database names them, and what each means to the guest. */
const REASONS: readonly (readonly [RegExp, string])[] = [
  [/party_closed/u, 'la fiesta ya había terminado'],
  [/orders_product_on(?:_party)?_menu/u, 'ese producto no está en la carta a ese precio'],
  [/orders_per_guest_ceiling/u, 'la cuenta llegó al máximo de 1.000 pedidos'],
  [/orders_tap_time_plausible/u, 'la hora de este teléfono no cuadra con la del bar'],
  [/price_gone/u, 'ese precio ya no está en la carta'],
  [/orders_after_close/u, 'después del cierre se aceptan a lo más 50 pedidos'],
];

const ANY_OTHER = 'el bar no lo recibió';

/** The reason a refused pick shows, from what the phone kept of the server's answer. */
export function refusalReason(kept: string): string {
  return REASONS.find(([rule]) => rule.test(kept))?.[1] ?? ANY_OTHER;
}

/** The line under a refused pick: not accepted, why, and that the totals leave it out. */
export const refusalLine = (kept: string): string => `No aceptado: ${refusalReason(kept)}. No suma al total.`;
