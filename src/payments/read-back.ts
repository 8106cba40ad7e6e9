/**
 * A lost notification costs nothing (issue 42). Back from the checkout, the
 * address carries Mercado Pago's `payment_id` and `external_reference`: the
 * payments function reads that payment back from Mercado Pago and records it
 * as a notification's read-back would be (the address proves nothing). A tab
 * that opens, or shows again, while the party's status says a checkout is
 * still open has the payments function search Mercado Pago for it. Either
 * way the tab's status is asked again, and says what came in.
 */
import { useEffect, useRef } from 'react';
import { env } from '../config/env.ts';
import { askTabStatusNow, type TabStatus } from '../party/index.ts';
import { callFunction, serverClient, type Caller } from '../server/index.ts';

/** What Mercado Pago adds to the back URL (Checkout Pro's return): taken off the address once read. */
const RETURN_PARAMETERS = [
  'collection_id',
  'collection_status',
  'payment_id',
  'status',
  'external_reference',
  'payment_type',
  'merchant_order_id',
  'preference_id',
  'site_id',
  'processing_mode',
  'merchant_account_id',
] as const;

export interface CheckoutReturn {
  readonly paymentId: string;
  readonly reference: string;
}

/** The payment the address says the guest came back from, or null (a rejected checkout too names its payment). */
export function checkoutReturn(address: URL): CheckoutReturn | null {
  const paymentId = address.searchParams.get('payment_id') ?? address.searchParams.get('collection_id');
  const reference = address.searchParams.get('external_reference');
  return paymentId && /^\d{1,20}$/.test(paymentId) && reference ? { paymentId, reference } : null;
}

/** The address without Mercado Pago's return: a reload asks nothing again. */
export function withoutCheckoutReturn(address: URL): string {
  const clean = new URL(address.href);
  for (const name of RETURN_PARAMETERS) clean.searchParams.delete(name);
  return `${clean.pathname}${clean.search}${clean.hash}`;
}

/** Has the payment the guest came back from read back, and the checkouts still open searched; the tab's status then asked again. */
export function usePaymentReadBack(payer: Caller, status: TabStatus | null): void {
  const backend = env.backend;
  const { id, party } = payer;
  useEffect(() => {
    const address = new URL(window.location.href);
    const back = checkoutReturn(address);
    if (!back || !backend) return;
    window.history.replaceState(window.history.state, '', withoutCheckoutReturn(address));
    const ask = { action: 'return', payment_id: back.paymentId, external_reference: back.reference };
    void callFunction(serverClient(backend), 'payments', ask, { id, party }).then(askTabStatusNow);
  }, [backend, id, party]);

  // Searched when the tab opens and each time it shows again (the guest back from the checkout's tab), not at every poll.
  const wanted = useRef(true);
  useEffect(() => {
    const shows = () => {
      if (document.visibilityState === 'visible') wanted.current = true;
    };
    document.addEventListener('visibilitychange', shows);
    return () => document.removeEventListener('visibilitychange', shows);
  }, []);
  const open = status?.checkoutOpen === true;
  useEffect(() => {
    if (!open || !wanted.current || !backend) return;
    wanted.current = false;
    void callFunction(serverClient(backend), 'payments', { action: 'reconcile' }, { id, party }).then((answer) => {
      if (answer.kind === 'ok') askTabStatusNow();
    });
  }, [open, status, backend, id, party]);
}
