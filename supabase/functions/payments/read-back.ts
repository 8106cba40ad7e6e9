/**
 * A payment as Mercado Pago's API answers it, recorded one way whatever asked
 * for it: a signed notification (which only names the payment to read), the
 * guest's return from the checkout (its back URL's payment_id and
 * external_reference), or a search of a checkout still open (a notification
 * and the return both lost). The read is the truth; what arrived with the ask
 * proves nothing. Recording is idempotent (payment_record, by Mercado Pago's
 * payment id), and an approved payment's preference is expired so it is not
 * paid a second time.
 */
import type { Database } from '../_shared/database.ts';
import { checkNotificationSignature } from '../_shared/mercadopago-signature.ts';
import { PAYMENT_ERRORS } from '../_shared/payment-errors.ts';
import { readBodyText } from '../_shared/body.ts';
import { jsonError } from '../_shared/responses.ts';
import { json, parsed, type Context, type Cors } from './context.ts';
import type { MercadoPago, ProviderPayment } from './mercadopago.ts';

/** A notification's body is never read for what it says (only the payment read back counts); it is drained up to this. */
const MAX_NOTIFICATION_BYTES = 16 * 1024;

/**
 * A signature of any age is taken: a notification only names a payment to read, and reading it again changes
 * nothing, while Mercado Pago delivers one again for days. A forged one is refused (401, one line in the log).
 */
const SIGNATURES_NEVER_TOO_OLD = Number.POSITIVE_INFINITY;

export type Recorded = { readonly ok: true; readonly recorded: boolean; readonly reason?: string } | { readonly ok: false; readonly reason: string };

/** The payment as read, in the database; its preference expired once it is approved. */
export async function recordPayment(context: Context, database: Database, mercadoPago: MercadoPago, payment: ProviderPayment): Promise<Recorded> {
  const id = String(payment.id);
  // Pesos have no cents; a fraction Mercado Pago reports is not counted as more than it is.
  const answer = await database('payment_record', {
    p_payment_id: id,
    p_reference: payment.external_reference ?? null,
    p_status: payment.status,
    p_amount: Math.floor(payment.transaction_amount),
    p_refunded: Math.floor(payment.transaction_amount_refunded ?? 0),
    p_currency: payment.currency_id,
    p_updated_at: payment.date_last_updated ?? payment.date_approved ?? payment.date_created ?? new Date(context.now()).toISOString(),
    p_approved_at: payment.date_approved ?? null,
  });
  if (!answer.ok) {
    context.log(`error: payment ${id} could not be recorded: ${answer.reason}`);
    return { ok: false, reason: answer.reason };
  }
  const recorded = parsed(answer) as { recorded: boolean; reason?: string; expire?: string | null };
  if (!recorded.recorded) context.log(`payment ${id} not ours: ${recorded.reason ?? 'another attempt'}`);
  if (recorded.expire) {
    const expired = await mercadoPago.expirePreference(recorded.expire, new Date(context.now()));
    if (!expired.ok) context.log(`preference of paid payment ${id} not expired: ${expired.reason}`);
  }
  return { ok: true, recorded: recorded.recorded, ...(recorded.reason ? { reason: recorded.reason } : {}) };
}

export type ReadAndRecorded = Recorded | { readonly ok: false; readonly reason: string; readonly status: number; readonly retry: boolean };

/** GET /v1/payments/{id}, then recorded as read. */
export async function readAndRecord(context: Context, database: Database, mercadoPago: MercadoPago, paymentId: string): Promise<ReadAndRecorded> {
  const payment = await mercadoPago.readPayment(paymentId);
  if (!payment.ok) {
    // A payment Mercado Pago does not have is no payment; the rest is a read that failed and is tried again.
    if (payment.status !== 404) context.log(`error: payment ${paymentId} could not be read back from Mercado Pago: ${payment.reason}`);
    return payment;
  }
  if (String(payment.value.id) !== paymentId) {
    context.log(`error: payment ${paymentId} could not be recorded: Mercado Pago answered it as ${String(payment.value.id)}`);
    return { ok: false, reason: 'another payment', status: 502, retry: false };
  }
  return recordPayment(context, database, mercadoPago, payment.value);
}

/** Every payment of a checkout (its attempt's id is the external_reference), each recorded as read. */
export async function searchAndRecord(context: Context, database: Database, mercadoPago: MercadoPago, reference: string): Promise<boolean> {
  const found = await mercadoPago.searchPayments(reference);
  if (!found.ok) {
    context.log(`error: payments of checkout ${reference} could not be searched at Mercado Pago: ${found.reason}`);
    return false;
  }
  let all = true;
  for (const payment of found.value) {
    // A search answers what it matched; only a payment of this very checkout is recorded here.
    if (payment.external_reference !== reference) continue;
    const recorded = await recordPayment(context, database, mercadoPago, payment);
    all &&= recorded.ok;
  }
  return all;
}

/**
 * Mercado Pago's notification: answered fast, and only 200 once what its API
 * says is recorded. A forged signature is 401 and changes nothing; Mercado Pago
 * or the database failing is 5xx, so Mercado Pago delivers it again.
 */
export async function notification(context: Context, request: Request, cors: Cors): Promise<Response> {
  if (request.method !== 'POST') return jsonError({ status: 405, error: 'Método no permitido: usa POST.', headers: { Allow: 'POST' } }, cors);
  await readBodyText(request, MAX_NOTIFICATION_BYTES);
  const { settings, database, mercadoPago } = context;
  if (!settings.webhookSecret || !database || !mercadoPago) {
    context.log('error: a notification came while payments are not configured');
    return jsonError({ status: 503, error: PAYMENT_ERRORS.notConfigured }, cors);
  }
  const query = new URL(request.url).searchParams;
  const dataId = query.get('data.id') ?? query.get('id');
  const type = query.get('type') ?? query.get('topic');
  const signed = await checkNotificationSignature(
    settings.webhookSecret,
    { dataId, requestId: request.headers.get('x-request-id'), signature: request.headers.get('x-signature') },
    context.now(),
    SIGNATURES_NEVER_TOO_OLD,
  );
  if (signed !== 'ok') {
    context.log(
      `error: notification refused, its signature is ${signed === 'mismatch' ? 'not the webhook secret’s' : signed} (data.id ${String(dataId).slice(0, 40)})`,
    );
    return jsonError({ status: 401, error: PAYMENT_ERRORS.badSignature }, cors);
  }
  if (type !== 'payment') return json({ received: true, ignored: 'type' }, cors);
  if (dataId === null || !/^\d{1,20}$/.test(dataId)) return jsonError({ status: 400, error: PAYMENT_ERRORS.badNotification }, cors);
  const done = await readAndRecord(context, database, mercadoPago, dataId);
  if (!done.ok) {
    if ('status' in done && done.status === 404) return json({ received: true, ignored: 'unknown_payment' }, cors);
    const retry = !('retry' in done) || done.retry;
    return jsonError({ status: retry ? 500 : 502, error: 'status' in done ? PAYMENT_ERRORS.provider : PAYMENT_ERRORS.database }, cors);
  }
  return json({ received: true, ...(done.recorded ? {} : { ignored: done.reason ?? 'reference' }) }, cors);
}
