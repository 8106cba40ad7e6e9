/**
 * Opening Mercado Pago's checkout in a new tab, as the spec says: the tab is
 * opened in the tap itself (a popup blocker allows only that), and sent to
 * the checkout once the payments function answers; closed again if it refuses.
 * The checkout is asked only once the tab's changes reached the server (the
 * queue is flushed first): a guest who taps 'Ir a pagar' a second after their
 * first pick pays what the phone shows, never what the server had before it.
 */
import { env } from '../config/env.ts';
import type { Caller } from '../server/index.ts';
import type { PageOutbox } from '../sync/page.ts';
import { PAYMENT_ERRORS } from '../../supabase/functions/_shared/payment-errors.ts';
import { NEEDS_SIGNAL } from './amount.ts';

/** How long 'Ir a pagar' waits for the tab's changes to reach the server before it says there is no signal. */
export const TAB_ON_SERVER_MS = 8_000;

/** Resolves true once the phone's queue is empty (everything it holds is on the server), false past `deadlineMs`. */
export async function tabOnServer(outbox: PageOutbox, deadlineMs = TAB_ON_SERVER_MS): Promise<boolean> {
  const ready = await outbox?.catch(() => null);
  if (!ready) return outbox === null;
  const until = Date.now() + deadlineMs;
  for (;;) {
    if ((await ready.store.summary()).pending === 0) return true;
    if (Date.now() >= until) return false;
    // A flush under way in another tab, or one that failed: the next try after a moment.
    await Promise.race([ready.flushNow(), new Promise((resolve) => setTimeout(resolve, until - Date.now()))]);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

/** Call it in the tap's handler. What to tell the guest, or null once the checkout is open. */
export function openCheckout(payer: Caller, amount: number, outbox: PageOutbox = null): Promise<string | null> {
  const backend = env.backend;
  // Nothing left to pay on this tab as the server last said it: what the function would answer, without a tab opened for it.
  if (amount <= 0) return Promise.resolve(PAYMENT_ERRORS.nothingOwed);
  if (!backend || !navigator.onLine) return Promise.resolve(NEEDS_SIGNAL);
  const checkoutTab = window.open('', '_blank');
  // The checkout must not reach back into the tab (what rel="noopener" did for the link).
  if (checkoutTab) checkoutTab.opener = null;
  const refused = (reason: string) => {
    checkoutTab?.close();
    return reason;
  };
  return tabOnServer(outbox)
    .then((onServer) => (onServer ? import('./checkout.ts').then(({ askCheckout }) => askCheckout(backend, payer, amount)) : null))
    .then(
      (answer) => {
        if (answer === null) return refused(NEEDS_SIGNAL);
        if (answer.kind === 'refused') return refused(answer.reason);
        // Blocked all the same: the app's own tab goes, and Mercado Pago sends the guest back to the party's link.
        if (checkoutTab) checkoutTab.location.href = answer.url;
        else window.location.assign(answer.url);
        return null;
      },
      () => refused(NEEDS_SIGNAL),
    );
}
