/**
 * The checkout request itself, loaded at the first tap on a Mercado Pago
 * button (not first-load JavaScript): the payments function makes the
 * preference and answers its `init_point`; a refusal comes back as the
 * function wrote it, in Spanish.
 */
import type { BackendConfig } from '../config/env-rules.ts';
import { callFunction, serverClient, type Caller } from '../server/index.ts';
import { PAYMENT_ERRORS } from '../../supabase/functions/_shared/payment-errors.ts';
import { NEEDS_SIGNAL } from './amount.ts';

export type CheckoutAnswer = { readonly kind: 'open'; readonly url: string } | { readonly kind: 'refused'; readonly reason: string };

/** Only a web address is opened: anything else in its place is no checkout. */
function checkoutAddress(data: unknown): string | null {
  const initPoint = typeof data === 'object' && data !== null ? (data as { init_point?: unknown }).init_point : undefined;
  if (typeof initPoint !== 'string') return null;
  try {
    const { protocol } = new URL(initPoint);
    return protocol === 'https:' || protocol === 'http:' ? initPoint : null;
  } catch {
    return null;
  }
}

export async function askCheckout(backend: BackendConfig, payer: Caller, amount: number): Promise<CheckoutAnswer> {
  const answer = await callFunction(serverClient(backend), 'payments', { action: 'checkout', amount }, payer);
  if (answer.kind === 'ok') {
    const url = checkoutAddress(answer.data);
    return url ? { kind: 'open', url } : { kind: 'refused', reason: PAYMENT_ERRORS.provider };
  }
  if (answer.kind === 'refused') return { kind: 'refused', reason: answer.message ?? PAYMENT_ERRORS.provider };
  // Nothing came back: no signal (or none worth the name); a 5xx is Mercado Pago or the server failing for now.
  return { kind: 'refused', reason: answer.status === 0 ? NEEDS_SIGNAL : PAYMENT_ERRORS.provider };
}
