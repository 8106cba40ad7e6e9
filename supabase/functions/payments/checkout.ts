/**
 * A guest's checkout (issue 42): never more in flight than owed. A checkout
 * still open is searched at Mercado Pago first (it may have been paid with
 * its notification lost), then payment_start allows at most what is owed less
 * what Mercado Pago is still processing, within 10 checkouts per guest in 10
 * minutes; the new preference expires in half an hour, and the guest's earlier
 * open checkout is replaced: its preference expires now.
 */
import type { Database } from '../_shared/database.ts';
import { PAYMENT_ERRORS } from '../_shared/payment-errors.ts';
import { jsonError } from '../_shared/responses.ts';
import { formatPesos } from '../_shared/rules.ts';
import { databaseFailure, json, parsed, type Context, type Cors } from './context.ts';
import type { MercadoPago } from './mercadopago.ts';
import { searchAndRecord } from './read-back.ts';

/** How long a checkout can be paid: a guest who leaves it open past this asks for a new one. */
export const CHECKOUT_LIFETIME_MS = 30 * 60_000;

export interface CheckoutAsk {
  readonly guest: string;
  readonly code: string | null;
  readonly amount: number;
}

interface Started {
  readonly refused?: string;
  readonly owed?: number;
  readonly retry_after?: number;
  readonly attempt: string;
  readonly full_name: string;
  readonly party_name: string;
  readonly party_code: string | null;
}

/** The guest's checkouts still open, searched and recorded as Mercado Pago has them (bounded as every read the guest asks). */
export async function searchOpenCheckouts(context: Context, database: Database, mercadoPago: MercadoPago, guest: string, code: string | null) {
  const reads = await database('payment_reads_for', { p_user: guest, p_code: code, p_reference: null });
  if (!reads.ok) return reads;
  const answer = parsed(reads) as { refused?: string; retry_after?: number; attempts?: string[] };
  for (const attempt of answer.attempts ?? []) await searchAndRecord(context, database, mercadoPago, attempt);
  return { ok: true as const, refused: answer.refused, retryAfter: answer.retry_after };
}

export async function checkout(context: Context, database: Database, ask: CheckoutAsk, cors: Cors): Promise<Response> {
  const { mercadoPago, settings } = context;
  if (!mercadoPago || !settings.webhookUrl || !settings.appUrl) return jsonError({ status: 503, error: PAYMENT_ERRORS.notConfigured }, cors);
  // A refusal of the search (too many reads) still lets the checkout go on: payment_start bounds it on its own.
  await searchOpenCheckouts(context, database, mercadoPago, ask.guest, ask.code);
  const answer = await database('payment_start', { p_user: ask.guest, p_code: ask.code, p_amount: ask.amount });
  if (!answer.ok) return databaseFailure(context, answer, cors);
  const started = parsed(answer) as Started;
  switch (started.refused) {
    case undefined:
      break;
    case 'unknown_guest':
      return jsonError({ status: 404, error: PAYMENT_ERRORS.unknownGuest }, cors);
    case 'mercadopago_off':
      return jsonError({ status: 409, error: PAYMENT_ERRORS.noMercadoPago }, cors);
    case 'nothing_owed':
      return jsonError({ status: 409, error: PAYMENT_ERRORS.nothingOwed }, cors);
    case 'in_flight':
      return jsonError({ status: 409, error: PAYMENT_ERRORS.inFlight }, cors);
    case 'too_many':
      return jsonError({ status: 429, error: PAYMENT_ERRORS.tooManyCheckouts, retryAfterSeconds: started.retry_after ?? 600 }, cors);
    default:
      return jsonError({ status: 409, error: `${PAYMENT_ERRORS.overOwed} (${formatPesos(started.owed ?? 0)}).` }, cors);
  }
  const backUrl = started.party_code ? `${settings.appUrl}/f/${started.party_code}` : `${settings.appUrl}/`;
  const expiresAt = new Date(context.now() + CHECKOUT_LIFETIME_MS);
  const preference = await mercadoPago.createPreference({
    reference: started.attempt,
    title: `Cuenta de ${started.full_name} en ${started.party_name}`,
    amount: ask.amount,
    notificationUrl: settings.webhookUrl,
    backUrl,
    expiresAt,
  });
  if (!preference.ok) {
    context.log(`preference not created: ${preference.reason}`);
    await database('payment_failed', { p_attempt: started.attempt });
    return jsonError({ status: 502, error: PAYMENT_ERRORS.provider }, cors);
  }
  const opened = await database('payment_opened', { p_attempt: started.attempt, p_preference: preference.value.id, p_expires_at: expiresAt.toISOString() });
  if (!opened.ok) return databaseFailure(context, opened, cors);
  // The earlier checkouts can no longer be paid. Should Mercado Pago not take it, one paid all the same is saldo a favor.
  for (const replaced of (parsed(opened) as { replaced: string[] }).replaced) {
    const expired = await mercadoPago.expirePreference(replaced, new Date(context.now()));
    if (!expired.ok) context.log(`error: a replaced checkout's preference could not be expired: ${expired.reason}`);
  }
  return json({ init_point: preference.value.initPoint, attempt: started.attempt, amount: ask.amount }, cors);
}
