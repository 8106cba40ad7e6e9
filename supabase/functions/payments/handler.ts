/**
 * The `payments` Edge Function as a web-standard handler (issues 33 and 42):
 * a guest asks for a Mercado Pago checkout of an amount of their own tab,
 * reads what they paid and owe, or has a payment read back (the return from
 * the checkout, or a search of a checkout still open); Mercado Pago's
 * notifications arrive at /webhook, signed; the host function asks for
 * refunds at /refund with the service role. Only a payment as Mercado Pago's
 * API answers it is recorded. Pure of Deno globals, so it runs the same under
 * Deno, Supabase and Node.
 */
import { deploymentWaysSayer } from '../_shared/deployment-ways.ts';
import { readBody } from '../_shared/body.ts';
import { refuseRequest, withLastResort, type Handler } from '../_shared/gate.ts';
import type { Database } from '../_shared/database.ts';
import { constantTimeEqual } from '../_shared/mercadopago-signature.ts';
import { PAYMENT_ERRORS } from '../_shared/payment-errors.ts';
import { MAX_PAYMENTS_BODY_BYTES, parseGuestPaymentRequest, parseRefundRequest } from '../_shared/payments-request.ts';
import { projectDatabase } from '../_shared/project.ts';
import { jsonError } from '../_shared/responses.ts';
import { isPartyCode, isUuid } from '../_shared/rules.ts';
import { checkout, searchOpenCheckouts } from './checkout.ts';
import { databaseFailure, json, parsed, type Context, type Cors } from './context.ts';
import { createMercadoPago } from './mercadopago.ts';
import { notification, readAndRecord } from './read-back.ts';
import { refund } from './refunds.ts';
import { readPaymentsSettings, withoutSecrets, type PaymentsEnv } from './settings.ts';

export interface PaymentsHandlerOptions {
  readonly env: PaymentsEnv;
  /** PostgREST's own URL (tests); `${SUPABASE_URL}/rest/v1` otherwise. */
  readonly restUrl?: string;
  /** How the function reaches PostgREST and Mercado Pago (tests); the global fetch otherwise. */
  readonly fetch?: typeof fetch;
  /** The clock a checkout's expiry is set by (tests). */
  readonly now?: () => number;
  readonly log?: (line: string) => void;
}

export type PaymentsHandler = Handler;

const WEBHOOK_PATHS = new Set(['/webhook', '/payments/webhook', '/functions/v1/payments/webhook']);
const REFUND_PATHS = new Set(['/refund', '/payments/refund', '/functions/v1/payments/refund']);

export function createPaymentsHandler(options: PaymentsHandlerOptions): PaymentsHandler {
  const settings = readPaymentsSettings(options.env, options.restUrl);
  const log = (line: string) => (options.log ?? console.warn)(withoutSecrets(`payments: ${line}`, settings));
  const mercadoPago = settings.accessToken
    ? createMercadoPago({ apiUrl: settings.apiUrl, accessToken: settings.accessToken, ...(options.fetch ? { fetch: options.fetch } : {}) })
    : null;
  const context: Context = { settings, database: projectDatabase(settings, options.fetch), mercadoPago, now: options.now ?? Date.now, log };
  const sayDeploymentWays = deploymentWaysSayer(context.database, mercadoPago !== null && settings.webhookSecret !== undefined, log);
  sayDeploymentWays();
  return withLastResort(settings.allowedOrigins, log, (request, _info, cors) => {
    sayDeploymentWays();
    const path = new URL(request.url).pathname.replace(/(.)\/+$/, '$1');
    if (WEBHOOK_PATHS.has(path)) return notification(context, request, cors);
    if (REFUND_PATHS.has(path)) return refundAsked(context, request, cors);
    return guestAsk(context, request, cors);
  });
}

// ─── The guest: a checkout, what is paid and owed, a payment read back ────────

async function guestAsk(context: Context, request: Request, cors: Cors): Promise<Response> {
  const refusal = refuseRequest('payments', request, context.settings.allowedOrigins, cors);
  if (refusal) return refusal;
  const { database } = context;
  if (!database) return jsonError({ status: 503, error: PAYMENT_ERRORS.notConfigured }, cors);
  const guest = request.headers.get('x-guest-id');
  if (!isUuid(guest)) return jsonError({ status: 400, error: PAYMENT_ERRORS.noGuest }, cors);
  const codeHeader = request.headers.get('x-party-code');
  const code = codeHeader === null || codeHeader === '' ? null : codeHeader;
  if (code !== null && !isPartyCode(code)) return jsonError({ status: 404, error: PAYMENT_ERRORS.unknownGuest }, cors);
  const body = await readBody(request, MAX_PAYMENTS_BODY_BYTES, parseGuestPaymentRequest);
  if (!body.ok) return jsonError(body.answer, cors);
  const ask = body.value;
  switch (ask.action) {
    case 'status':
      return status(context, database, guest, code, cors);
    case 'checkout':
      return checkout(context, database, { guest, code, amount: ask.amount }, cors);
    case 'return':
      return readBack(context, database, { guest, code, reference: ask.external_reference, paymentId: ask.payment_id }, cors);
    case 'reconcile':
      return readBack(context, database, { guest, code, reference: null, paymentId: null }, cors);
  }
}

async function status(context: Context, database: Database, guest: string, code: string | null, cors: Cors): Promise<Response> {
  const answer = await database('payment_status', { p_user: guest, p_code: code });
  if (!answer.ok) return databaseFailure(context, answer, cors);
  const read = parsed(answer) as { ways?: { mercadopago?: boolean } } | null;
  if (read === null) return jsonError({ status: 404, error: PAYMENT_ERRORS.unknownGuest }, cors);
  const mercadopago = context.mercadoPago !== null && read.ways?.mercadopago === true;
  return json({ ...read, ways: { ...read.ways, mercadopago } }, cors);
}

interface ReadBackAsk {
  readonly guest: string;
  readonly code: string | null;
  /** The checkout the guest came back from (its payment too); null: every checkout of the guest still open, searched. */
  readonly reference: string | null;
  readonly paymentId: string | null;
}

/**
 * A lost notification costs nothing: the guest's return from the checkout has its payment read back, and a tab
 * opened with a checkout still open has Mercado Pago searched for it, each recorded as a notification's read-back
 * would be. Answers what the guest's status is then.
 */
async function readBack(context: Context, database: Database, ask: ReadBackAsk, cors: Cors): Promise<Response> {
  const { mercadoPago } = context;
  if (!mercadoPago) return jsonError({ status: 503, error: PAYMENT_ERRORS.notConfigured }, cors);
  if (ask.reference === null || ask.paymentId === null) {
    const searched = await searchOpenCheckouts(context, database, mercadoPago, ask.guest, ask.code);
    if (!searched.ok) return databaseFailure(context, searched, cors);
    if (searched.refused) return readRefusal(searched.refused, searched.retryAfter, cors);
    return status(context, database, ask.guest, ask.code, cors);
  }
  const reads = await database('payment_reads_for', { p_user: ask.guest, p_code: ask.code, p_reference: ask.reference });
  if (!reads.ok) return databaseFailure(context, reads, cors);
  const allowed = parsed(reads) as { refused?: string; retry_after?: number };
  if (allowed.refused) return readRefusal(allowed.refused, allowed.retry_after, cors);
  const done = await readAndRecord(context, database, mercadoPago, ask.paymentId);
  if (!done.ok && !('status' in done && done.status === 404)) return jsonError({ status: 502, error: PAYMENT_ERRORS.provider }, cors);
  return status(context, database, ask.guest, ask.code, cors);
}

function readRefusal(refused: string, retryAfter: number | undefined, cors: Cors): Response {
  if (refused === 'too_many') return jsonError({ status: 429, error: PAYMENT_ERRORS.tooManyReads, retryAfterSeconds: retryAfter ?? 600 }, cors);
  if (refused === 'not_yours') return jsonError({ status: 404, error: PAYMENT_ERRORS.notYours }, cors);
  return jsonError({ status: 404, error: PAYMENT_ERRORS.unknownGuest }, cors);
}

// ─── The host function's 'Devolver', with the service role ───────────────────

async function refundAsked(context: Context, request: Request, cors: Cors): Promise<Response> {
  if (request.method !== 'POST') return jsonError({ status: 405, error: 'Método no permitido: usa POST.', headers: { Allow: 'POST' } }, cors);
  const { database, settings } = context;
  const bearer = (request.headers.get('authorization') ?? '').replace(/^Bearer\s+/i, '');
  // Only the project's own functions hold the service role: a browser never asks here.
  if (!settings.serviceRoleKey || !database || !constantTimeEqual(bearer, settings.serviceRoleKey)) {
    await request.body?.cancel().catch(() => undefined);
    return jsonError({ status: 401, error: PAYMENT_ERRORS.notAllowed }, cors);
  }
  const body = await readBody(request, MAX_PAYMENTS_BODY_BYTES, parseRefundRequest);
  if (!body.ok) return jsonError(body.answer, cors);
  return refund(context, database, body.value, cors);
}
