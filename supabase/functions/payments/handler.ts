/**
 * The `payments` Edge Function as a web-standard handler (issue 33): a guest
 * asks for a Mercado Pago checkout of an amount of their own tab, or reads
 * what they paid and owe; Mercado Pago's notifications arrive at /webhook,
 * signed, and only the payment as Mercado Pago's API answers it is recorded.
 * Pure of Deno globals, so it runs the same under Deno, Supabase and Node.
 */
import { deploymentWaysSayer } from '../_shared/deployment-ways.ts';
import { readBody, readBodyText } from '../_shared/body.ts';
import { refuseRequest, withLastResort, type Handler } from '../_shared/gate.ts';
import type { Database, DatabaseAnswer } from '../_shared/database.ts';
import { checkNotificationSignature } from '../_shared/mercadopago-signature.ts';
import { PAYMENT_ERRORS } from '../_shared/payment-errors.ts';
import { MAX_PAYMENTS_BODY_BYTES, parseGuestPaymentRequest } from '../_shared/payments-request.ts';
import { projectDatabase } from '../_shared/project.ts';
import { jsonError, jsonHeaders } from '../_shared/responses.ts';
import { formatPesos, isPartyCode, isUuid } from '../_shared/rules.ts';
import { createMercadoPago, type MercadoPago, type ProviderPayment } from './mercadopago.ts';
import { readPaymentsSettings, withoutSecrets, type PaymentsEnv, type PaymentsSettings } from './settings.ts';

export interface PaymentsHandlerOptions {
  readonly env: PaymentsEnv;
  /** PostgREST's own URL (tests); `${SUPABASE_URL}/rest/v1` otherwise. */
  readonly restUrl?: string;
  /** How the function reaches PostgREST and Mercado Pago (tests); the global fetch otherwise. */
  readonly fetch?: typeof fetch;
  /** The clock a signature's age is read against (tests). */
  readonly now?: () => number;
  readonly log?: (line: string) => void;
}

export type PaymentsHandler = Handler;

interface Context {
  readonly settings: PaymentsSettings;
  readonly database: Database | null;
  readonly mercadoPago: MercadoPago | null;
  readonly now: () => number;
  readonly log: (line: string) => void;
}

const WEBHOOK_PATHS = new Set(['/webhook', '/payments/webhook', '/functions/v1/payments/webhook']);
/** A notification's body is never read for what it says (only the payment read back counts); it is drained up to this. */
const MAX_NOTIFICATION_BYTES = 16 * 1024;

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
    return WEBHOOK_PATHS.has(path) ? notification(context, request, cors) : guestAsk(context, request, cors);
  });
}

const json = (body: unknown, cors: Record<string, string>, status = 200) => new Response(JSON.stringify(body), { status, headers: jsonHeaders(cors) });

// ─── The guest: a checkout, or what is paid and owed ─────────────────────────

async function guestAsk(context: Context, request: Request, cors: Record<string, string>): Promise<Response> {
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
  if (body.value.action === 'status') return status(context, database, guest, code, cors);
  return checkout(context, database, { guest, code, amount: body.value.amount }, cors);
}

async function status(context: Context, database: Database, guest: string, code: string | null, cors: Record<string, string>): Promise<Response> {
  const answer = await database('payment_status', { p_user: guest, p_code: code });
  if (!answer.ok) return databaseFailure(context, answer, cors);
  const read = JSON.parse(answer.text) as { ways?: { mercadopago?: boolean } } | null;
  if (read === null) return jsonError({ status: 404, error: PAYMENT_ERRORS.unknownGuest }, cors);
  const mercadopago = context.mercadoPago !== null && read.ways?.mercadopago === true;
  return json({ ...read, ways: { ...read.ways, mercadopago } }, cors);
}

interface CheckoutAsk {
  readonly guest: string;
  readonly code: string | null;
  readonly amount: number;
}

interface Started {
  readonly refused?: string;
  readonly owed?: number;
  readonly attempt: string;
  readonly full_name: string;
  readonly party_name: string;
  readonly party_code: string | null;
}

async function checkout(context: Context, database: Database, ask: CheckoutAsk, cors: Record<string, string>): Promise<Response> {
  const { mercadoPago, settings } = context;
  if (!mercadoPago || !settings.webhookUrl || !settings.appUrl) return jsonError({ status: 503, error: PAYMENT_ERRORS.notConfigured }, cors);
  const answer = await database('payment_start', { p_user: ask.guest, p_code: ask.code, p_amount: ask.amount });
  if (!answer.ok) return databaseFailure(context, answer, cors);
  const started = JSON.parse(answer.text) as Started;
  if (started.refused === 'unknown_guest') return jsonError({ status: 404, error: PAYMENT_ERRORS.unknownGuest }, cors);
  if (started.refused === 'mercadopago_off') return jsonError({ status: 409, error: PAYMENT_ERRORS.noMercadoPago }, cors);
  if (started.refused === 'nothing_owed') return jsonError({ status: 409, error: PAYMENT_ERRORS.nothingOwed }, cors);
  if (started.refused === 'over_owed') {
    return jsonError({ status: 409, error: `${PAYMENT_ERRORS.overOwed} (${formatPesos(started.owed ?? 0)}).` }, cors);
  }
  const backUrl = started.party_code ? `${settings.appUrl}/f/${started.party_code}` : `${settings.appUrl}/`;
  const preference = await mercadoPago.createPreference({
    reference: started.attempt,
    title: `Cuenta de ${started.full_name} en ${started.party_name}`,
    amount: ask.amount,
    notificationUrl: settings.webhookUrl,
    backUrl,
  });
  if (!preference.ok) {
    context.log(`preference not created: ${preference.reason}`);
    return jsonError({ status: 502, error: PAYMENT_ERRORS.provider }, cors);
  }
  return json({ init_point: preference.value.initPoint, attempt: started.attempt, amount: ask.amount }, cors);
}

function databaseFailure(context: Context, answer: Extract<DatabaseAnswer, { ok: false }>, cors: Record<string, string>): Response {
  context.log(`database: ${answer.reason}`);
  return jsonError({ status: 503, error: PAYMENT_ERRORS.database }, cors);
}

// ─── Mercado Pago's notification ─────────────────────────────────────────────

/**
 * Answered fast, and only 200 once what Mercado Pago's API says is recorded:
 * a bad, missing or stale signature is 401 and changes nothing; Mercado Pago
 * or the database failing is 5xx, so Mercado Pago delivers it again.
 */
async function notification(context: Context, request: Request, cors: Record<string, string>): Promise<Response> {
  if (request.method !== 'POST') return jsonError({ status: 405, error: 'Método no permitido: usa POST.', headers: { Allow: 'POST' } }, cors);
  await readBodyText(request, MAX_NOTIFICATION_BYTES);
  const { settings, database, mercadoPago } = context;
  if (!settings.webhookSecret || !database || !mercadoPago) {
    context.log('notification while payments are not configured');
    return jsonError({ status: 503, error: PAYMENT_ERRORS.notConfigured }, cors);
  }
  const query = new URL(request.url).searchParams;
  const dataId = query.get('data.id') ?? query.get('id');
  const type = query.get('type') ?? query.get('topic');
  const signed = await checkNotificationSignature(
    settings.webhookSecret,
    { dataId, requestId: request.headers.get('x-request-id'), signature: request.headers.get('x-signature') },
    context.now(),
  );
  if (signed !== 'ok') {
    context.log(`notification refused: signature ${signed}`);
    return jsonError({ status: 401, error: PAYMENT_ERRORS.badSignature }, cors);
  }
  if (type !== 'payment') return json({ received: true, ignored: 'type' }, cors);
  if (dataId === null || !/^\d{1,20}$/.test(dataId)) return jsonError({ status: 400, error: PAYMENT_ERRORS.badNotification }, cors);
  const payment = await mercadoPago.readPayment(dataId);
  if (!payment.ok) {
    context.log(`payment ${dataId} not read: ${payment.reason}`);
    // A payment Mercado Pago does not have is not ours to wait for; anything else is tried again.
    if (payment.status === 404) return json({ received: true, ignored: 'unknown_payment' }, cors);
    return jsonError({ status: payment.retry ? 500 : 502, error: PAYMENT_ERRORS.provider }, cors);
  }
  return record(context, database, dataId, payment.value, cors);
}

async function record(context: Context, database: Database, dataId: string, payment: ProviderPayment, cors: Record<string, string>): Promise<Response> {
  if (String(payment.id) !== dataId) {
    context.log(`payment ${dataId} answered as ${String(payment.id)}`);
    return jsonError({ status: 502, error: PAYMENT_ERRORS.provider }, cors);
  }
  // Pesos have no cents; a fraction Mercado Pago reports is not counted as more than it is.
  const amount = Math.floor(payment.transaction_amount);
  const refunded = Math.floor(payment.transaction_amount_refunded ?? 0);
  const updatedAt = payment.date_last_updated ?? payment.date_approved ?? payment.date_created ?? new Date(context.now()).toISOString();
  const answer = await database('payment_record', {
    p_payment_id: dataId,
    p_reference: payment.external_reference ?? null,
    p_status: payment.status,
    p_amount: amount,
    p_refunded: refunded,
    p_currency: payment.currency_id,
    p_updated_at: updatedAt,
    p_approved_at: payment.date_approved ?? null,
  });
  if (!answer.ok) {
    context.log(`payment ${dataId} not recorded: ${answer.reason}`);
    return jsonError({ status: 500, error: PAYMENT_ERRORS.database }, cors);
  }
  const recorded = JSON.parse(answer.text) as { recorded: boolean; reason?: string };
  if (!recorded.recorded) context.log(`payment ${dataId} not ours: ${recorded.reason ?? 'another attempt'}`);
  return json({ received: true, ...(recorded.recorded ? {} : { ignored: recorded.reason ?? 'reference' }) }, cors);
}
