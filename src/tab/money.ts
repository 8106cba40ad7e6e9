/** Money rules of the tab. Prices are whole Chilean pesos; nothing here uses floating point. */
import { formatPesos } from '../../supabase/functions/_shared/rules.ts';

export { formatPesos, tippedTotal } from '../../supabase/functions/_shared/rules.ts';

/** What a price that is missing or falsy shows instead of an amount (spec §5). */
export const PRICE_ERROR_TEXT = 'Error';

/** A price line as the guest sees it: a missing or falsy price reads 'Error'. */
export function formatPrice(price: number | null | undefined): string {
  return price && Number.isFinite(price) ? formatPesos(price) : PRICE_ERROR_TEXT;
}

const countable = (price: number | null | undefined): price is number => !!price && Number.isSafeInteger(price) && price > 0;

/** An order as the totals see it: its price, whether the server refused it for good, and a claim the server only offered. */
export interface Charge {
  readonly product_price: number | null | undefined;
  readonly rejected?: string | undefined;
  readonly bill?: { readonly offer?: unknown } | undefined;
}

/**
 * What the guest owes for an order: its price, unless the price is broken,
 * the server refused the order ("no aceptado": the host's totals never had
 * it), or it is a claim the server answered with a share to join that the
 * guest has not said yes to ('Ahora son 3 partes…': nothing stored yet).
 */
export const charged = (order: Charge): number =>
  order.rejected === undefined && order.bill?.offer === undefined && countable(order.product_price) ? order.product_price : 0;

/**
 * The tab's total, the one rule every screen and the pay link read: the sum of
 * what each order charges. No list of prices is made: it runs at every tap on a long tab.
 */
export function ordersTotal(orders: readonly Charge[]): number {
  let total = 0;
  for (const order of orders) total += charged(order);
  return total;
}

/**
 * The tab's total with the bar's bill: its orders and claims as the phone
 * holds them, and the server's lines beside them (`serverLinesBeside`: a claim
 * the phone holds counts once), the guest of honour's negative. The same sum
 * as the server's `party_tab_lines` once synced.
 */
export function tabTotal(orders: readonly Charge[], serverLines: readonly { readonly amount: number }[]): number {
  let total = ordersTotal(orders);
  for (const line of serverLines) total += line.amount;
  return total;
}

/** The payment page, with the amount as its last path segment when there is one. */
export function paymentLink(paymentUrl: string, amount?: number): string {
  return amount === undefined ? paymentUrl : `${paymentUrl}/${amount}`;
}
