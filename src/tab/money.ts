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

/** Sum of the orders' prices that are valid whole pesos; a broken price adds nothing. No list of prices is made: it runs at every tap on a long tab. */
export function ordersTotal(orders: readonly { readonly product_price: number | null | undefined }[]): number {
  let total = 0;
  for (const { product_price: price } of orders) if (countable(price)) total += price;
  return total;
}

/** The payment page, with the amount as its last path segment when there is one. */
export function paymentLink(paymentUrl: string, amount?: number): string {
  return amount === undefined ? paymentUrl : `${paymentUrl}/${amount}`;
}
