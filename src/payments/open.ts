/**
 * Opening Mercado Pago's checkout in a new tab, as the spec says: the tab is
 * opened in the tap itself (a popup blocker allows only that), and sent to
 * the checkout once the payments function answers; closed again if it refuses.
 */
import { env } from '../config/env.ts';
import type { Caller } from '../server/index.ts';
import { PAYMENT_ERRORS } from '../../supabase/functions/_shared/payment-errors.ts';
import { NEEDS_SIGNAL } from './amount.ts';

/** Call it in the tap's handler. What to tell the guest, or null once the checkout is open. */
export function openCheckout(payer: Caller, amount: number): Promise<string | null> {
  const backend = env.backend;
  // Nothing left to pay on this tab as the server last said it: what the function would answer, without a tab opened for it.
  if (amount <= 0) return Promise.resolve(PAYMENT_ERRORS.nothingOwed);
  if (!backend || !navigator.onLine) return Promise.resolve(NEEDS_SIGNAL);
  const checkoutTab = window.open('', '_blank');
  // The checkout must not reach back into the tab (what rel="noopener" did for the link).
  if (checkoutTab) checkoutTab.opener = null;
  return import('./checkout.ts')
    .then(({ askCheckout }) => askCheckout(backend, payer, amount))
    .then(
      (answer) => {
        if (answer.kind === 'refused') {
          checkoutTab?.close();
          return answer.reason;
        }
        // Blocked all the same: the app's own tab goes, and Mercado Pago sends the guest back to the party's link.
        if (checkoutTab) checkoutTab.location.href = answer.url;
        else window.location.assign(answer.url);
        return null;
      },
      () => {
        checkoutTab?.close();
        return NEEDS_SIGNAL;
      },
    );
}
