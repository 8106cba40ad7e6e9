/**
 * What a guest's phone needs of the bar's bill (issues 41 and 43): a unit's
 * shares, to the peso, and why the server takes no claim. Apart from
 * bar-bill.ts (which re-exports them) so the host's rules, the bill's parsing
 * and the comparison stay out of the guest's download.
 */

/** What a guest's phone shows when the server keeps a unit of the bill for someone else (`bill_line_taken`). */
export const CLAIM_TAKEN = 'Otra persona ya lo reclamó.';

/**
 * Why the server takes no claim (issue 43), each by the name the database's
 * refusal starts its message with (`<name>: <reason>`, the reason in Spanish)
 * and the phone says it: 'Otra persona ya lo reclamó.' only when another
 * person holds what was left. A share whose split changed meanwhile is no
 * refusal: the server answers with the share as it now is (an offer).
 */
export const CLAIM_REFUSALS = {
  /** Every unit is held by others (whole, or shared by 12). */
  bill_line_taken: CLAIM_TAKEN,
  /** What is left of the line is the guest's own already (a unit, or a share of the unit still open). */
  bill_line_yours: 'ya tienes lo que quedaba de esta línea',
  /** The product's billed units are all on the guests' tabs already (their picks and claims). */
  bill_line_declared: 'ya está anotado en las cuentas de la fiesta',
  /** The guest meant to join a split that is no longer there (taken back by all) and no other is open. */
  bill_share_gone: 'esa cuenta compartida ya no está; revisa «¿Alguien pidió esto?»',
  bill_settled: 'lo que quedaba de la cuenta del bar ya se repartió',
  bill_settled_by_host: 'el anfitrión ya pagó lo que quedaba de la cuenta del bar',
  bill_line_unknown: 'esa línea ya no está en la cuenta del bar',
  bill_shares_range: 'se comparte entre 2 y 12 personas',
  /** A tap time outside the party's life (the orders' window, rules.ts): a claim, taking one back, a 'Ya transferí'. */
  tap_time_outside_party: 'la hora de este teléfono no cuadra con la del bar',
} as const;

/** After the close a guest no longer takes a claim back (the host still can): the database's `party_closed`, said so. */
export const UNCLAIM_CLOSED = 'la fiesta ya terminó: solo el anfitrión puede quitarlo';

/** The database's message of a refusal: its name, then its reason (what PostgREST answers as `message`). */
export const refusalMessage = (name: keyof typeof CLAIM_REFUSALS): string => `${name}: ${CLAIM_REFUSALS[name]}`;

// ─── Shares of one unit ─────────────────────────────────────────────────────

/**
 * One of `shares` shares of a unit of `price` pesos, numbered from 0 in the
 * order they were claimed: each is price ÷ shares, rounded down, and the first
 * (price mod shares) take one peso more. They sum to the price exactly.
 */
export function shareAmount(price: number, shares: number, shareNo: number): number {
  return Math.floor(price / shares) + (shareNo < price % shares ? 1 : 0);
}

export function shareAmounts(price: number, shares: number): number[] {
  return Array.from({ length: shares }, (_, shareNo) => shareAmount(price, shares, shareNo));
}

/** The same rule in SQL, over non-negative integer columns (integer division truncates like floor). */
export function sqlShareAmount(price: string, shares: string, shareNo: string): string {
  return `${price} / ${shares} + case when ${shareNo} < ${price} % ${shares} then 1 else 0 end`;
}
