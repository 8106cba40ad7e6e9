/** What the guest types in 'Monto a pagar', read by the rule the payments function checks a checkout's amount with. */
import { PAYMENT_ERRORS } from '../../supabase/functions/_shared/payment-errors.ts';
import { isPaymentAmount } from '../../supabase/functions/_shared/rules.ts';

/** What a guest with no signal reads instead of a checkout (exact: the text). */
export const NEEDS_SIGNAL = 'Necesitas señal para pagar.';

export type AmountRead = { readonly ok: true; readonly amount: number } | { readonly ok: false; readonly error: string };

/** Whole pesos only: a number field hands over digits, or nothing when the guest typed something else. */
export function amountToPay(text: string): AmountRead {
  const trimmed = text.trim();
  const amount = /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
  return isPaymentAmount(amount) ? { ok: true, amount } : { ok: false, error: PAYMENT_ERRORS.badAmount };
}
