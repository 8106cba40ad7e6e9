/**
 * The `host` Edge Function as a web-standard handler: the host's page POSTs
 * `{ key, action, … }`; a right host key gets the party read across guests
 * with the service role. Pure of Deno globals, so it runs the same under
 * Deno, Supabase and Node (the tests give it PostgREST's URL and a fetch).
 */
import { deploymentWaysSayer } from '../_shared/deployment-ways.ts';
import { readBody } from '../_shared/body.ts';
import { clientAddress } from '../_shared/client-address.ts';
import { refuseRequest, withLastResort, type Handler, type RequestInfo } from '../_shared/gate.ts';
import type { Database } from '../_shared/database.ts';
import { HOST_ERRORS, invalidRequest, MOVES_PAID, movesPaidQuestion } from '../_shared/host-errors.ts';
import { PAYMENT_ERRORS } from '../_shared/payment-errors.ts';
import { formatPesos } from '../_shared/rules.ts';
import {
  hostKeyOf,
  MAX_HOST_BODY_BYTES,
  MAX_PHOTO_BODY_BYTES,
  OWNER_ACTIONS,
  parseHostAction,
  parseHostBody,
  partyCodeOf,
  type HostAction,
} from '../_shared/host-request.ts';
import { projectDatabase } from '../_shared/project.ts';
import { jsonError, type ErrorAnswer } from '../_shared/responses.ts';
import { BILL_REFUSALS, billAction, isBillAction } from './bill.ts';
import { readBillPhoto } from './bill-photo.ts';
import { withoutKey } from './key.ts';
import { isPaymentAction, paymentAction, refundAction, type Forwarded, type PaymentsFunction } from './payments.ts';
import { newPartyKey, partyOf, scopeOfKey, sha256Hex, type Scope } from './scope.ts';
import { HOST_KEY_TRIES, readHostSettings, type HostEnv, type HostSettings } from './settings.ts';

export interface HostHandlerOptions {
  readonly env: HostEnv;
  /** PostgREST's own URL (tests); `${SUPABASE_URL}/rest/v1` otherwise. */
  readonly restUrl?: string;
  /** How the function reaches PostgREST (tests); the global fetch otherwise. */
  readonly fetch?: typeof fetch;
  /** Wrong keys allowed per address and window (tests shorten the window). */
  readonly keyTries?: { readonly tries: number; readonly windowSeconds: number };
  /** Where the payments function takes refunds (tests); `${SUPABASE_URL}/functions/v1/payments/refund` otherwise. */
  readonly refundUrl?: string;
  readonly log?: (line: string) => void;
}

export type { RequestInfo } from '../_shared/gate.ts';
export type HostHandler = Handler;

/** What the SQL functions answer as { refused } instead of the list: status and reason. */
const REFUSALS: Readonly<Record<string, ErrorAnswer>> = {
  party_closed: { status: 409, error: HOST_ERRORS.menuClosed },
  unknown_product: { status: 404, error: HOST_ERRORS.unknownProduct },
  product_exists: { status: 409, error: HOST_ERRORS.productExists },
  unknown_menu_source: { status: 404, error: HOST_ERRORS.unknownMenuSource },
  paid_over_orders: { status: 409, error: HOST_ERRORS.paidOverOrders },
  nothing_to_refund: { status: 409, error: PAYMENT_ERRORS.nothingToRefund },
  ...BILL_REFUSALS,
};

/** The refusals that say a figure: how many paid guests a change moves, what may be given back now. */
function refusalWithFigure(refused: string, answer: { guests?: unknown; amount?: unknown }): ErrorAnswer | undefined {
  if (refused === MOVES_PAID) return { status: 409, code: MOVES_PAID, error: movesPaidQuestion(Number(answer.guests)) };
  if (refused === 'credit_changed') return { status: 409, error: `${PAYMENT_ERRORS.creditChanged} ${formatPesos(Number(answer.amount))}.` };
  return undefined;
}

/**
 * A database refusal as what it is: a constraint or a race is the caller's to
 * see (409, 400), not a database down. Each constraint the host's changes can
 * meet under a race says its own reason; the rest of class 23 says the change
 * clashed. Null: unexpected, a 503 and one log line.
 */
function refusalOfDatabase(code: string | undefined, message: string): ErrorAnswer | null {
  if (code === undefined) return null;
  if (code === '23505' && message.includes('party_products_one_name')) return { status: 409, error: HOST_ERRORS.productExists };
  if (code === '23514' && message.startsWith('paid_within_orders')) return { status: 409, error: HOST_ERRORS.paidOverOrders };
  if (code === '23514' && message.startsWith('party_closed')) return { status: 409, error: HOST_ERRORS.menuClosed };
  if (code.startsWith('23')) return { status: 409, error: HOST_ERRORS.notTaken };
  // Serialization failures and deadlocks: two changes met; the next try goes through.
  if (code === '40001' || code === '40P01') return { status: 409, error: HOST_ERRORS.sameTime };
  // Class 22, data exceptions: a date or a number the database cannot hold.
  if (code.startsWith('22')) return { status: 400, error: invalidRequest(HOST_ERRORS.badValue) };
  return null;
}

interface Context {
  readonly settings: HostSettings;
  readonly database: Database | null;
  readonly payments: PaymentsFunction;
  readonly keyTries: { readonly tries: number; readonly windowSeconds: number };
  readonly log: (line: string) => void;
}

export function createHostHandler(options: HostHandlerOptions): HostHandler {
  const settings = readHostSettings(options.env, options.restUrl);
  const log = (line: string) => (options.log ?? console.warn)(withoutKey(`host: ${line}`, settings.hostKey));
  const database = projectDatabase(settings, options.fetch);
  const payments: PaymentsFunction = {
    refundUrl: options.refundUrl ?? settings.refundUrl,
    serviceRoleKey: settings.serviceRoleKey,
    fetch: options.fetch ?? globalThis.fetch.bind(globalThis),
  };
  const context: Context = { settings, database, payments, keyTries: options.keyTries ?? HOST_KEY_TRIES, log };
  const sayDeploymentWays = deploymentWaysSayer(database, settings.mercadoPagoAvailable, log);
  sayDeploymentWays();
  return withLastResort(settings.allowedOrigins, log, (request, info, cors) => {
    sayDeploymentWays();
    return answer(context, request, info, cors);
  });
}

async function answer(context: Context, request: Request, info: RequestInfo | undefined, cors: Record<string, string>) {
  const refusal = refuseRequest('host', request, context.settings.allowedOrigins, cors);
  if (refusal) return refusal;
  const { hostKey } = context.settings;
  if (!hostKey || !context.database) return jsonError({ status: 503, error: HOST_ERRORS.notConfigured }, cors);
  // Only a photo of the bar's bill may be larger than an import (MAX_HOST_BODY_BYTES).
  let size = 0;
  const body = await readBody(request, MAX_PHOTO_BODY_BYTES, (text) => {
    size = text.length;
    return parseHostBody(text);
  });
  if (!body.ok) return jsonError(body.answer, cors);
  if (size > MAX_HOST_BODY_BYTES && body.value.action !== 'read_bill_photo') {
    return jsonError({ status: 413, error: `El pedido es demasiado grande (máximo ${MAX_HOST_BODY_BYTES / 1024} KB).` }, cors);
  }
  const key = hostKeyOf(body.value);
  if (key === null) return jsonError({ status: 401, error: HOST_ERRORS.noKey }, cors);
  const action = parseHostAction(body.value);
  const code = partyCodeOf(body.value);
  // The right key is never counted nor limited: at a bar every guest shares the host's address, so a
  // limit on it would let any guest with a script keep the host out. The key's 256 bits stop guessing.
  const scope = await scopeOfKey(context.database, key, hostKey);
  if (!scope.ok) return databaseAnswer(context, scope, cors);
  if (!scope.scope) return refuseWrongKey(context, context.database, clientAddress(request, info?.remoteAddr), cors);
  if (!action.ok) return jsonError({ status: 400, error: invalidRequest(action.error), ...(action.problems ? { problems: action.problems } : {}) }, cors);
  if (!code.ok) return jsonError({ status: 400, error: invalidRequest(code.error) }, cors);
  return perform(context, context.database, { scope: scope.scope, action: action.value, code: code.value }, cors);
}

/**
 * A wrong key is counted against its address, and past the limit answered 429
 * instead of 401: a script guessing from the bar's address is slowed and seen
 * in the table, and the right key, checked before this, still opens.
 */
async function refuseWrongKey(context: Context, database: Database, address: string, cors: Record<string, string>): Promise<Response> {
  const args = { p_address: address || 'unknown', p_wrong: true, p_limit: context.keyTries.tries, p_window_seconds: context.keyTries.windowSeconds };
  const answer = await database('host_key_attempt', args);
  if (!answer.ok) context.log(answer.reason);
  const seconds = answer.ok ? Number(answer.text) : 0;
  if (Number.isInteger(seconds) && seconds > 0) {
    return jsonError({ status: 429, error: HOST_ERRORS.tooManyTries, retryAfterSeconds: seconds }, cors);
  }
  return jsonError({ status: 401, error: HOST_ERRORS.wrongKey }, cors);
}

interface HostAsk {
  readonly scope: Scope;
  readonly action: HostAction;
  readonly code: string | null;
}

async function perform(context: Context, database: Database, ask: HostAsk, cors: Record<string, string>): Promise<Response> {
  const { action, scope } = ask;
  if (OWNER_ACTIONS.has(action.action) && scope.role !== 'owner') return jsonError({ status: 403, error: HOST_ERRORS.otherParty }, cors);
  if (action.action === 'parties') return databaseAnswer(context, await database('host_parties', {}), cors);
  if (action.action === 'create_party') return createParty(context, database, action, cors);
  const party = await partyOf(database, scope, ask.code);
  if (!party.ok) {
    if (party.reason) context.log(party.reason);
    const error = party.status === 403 ? HOST_ERRORS.otherParty : party.status === 404 ? HOST_ERRORS.unknownParty : HOST_ERRORS.database;
    return jsonError({ status: party.status, error }, cors);
  }
  if (action.action === 'refund') {
    const refunded = await refundAction(database, context.payments, party.partyId, action);
    return refunded !== null && 'ok' in refunded ? databaseAnswer(context, refunded, cors) : forwardedAnswer(context, refunded, cors);
  }
  if (isPaymentAction(action))
    return databaseAnswer(context, await paymentAction(database, party.partyId, action, context.settings.mercadoPagoAvailable), cors);
  if (action.action === 'read_bill_photo') return photoAnswer(context, await readBillPhoto(context.settings.model, action.image), cors);
  return databaseAnswer(context, await partyAction(database, party.partyId, action), cors);
}

/** The payments function's own answer to 'Devolver', as it gave it; its silence a 502 the page says as such. */
function forwardedAnswer(context: Context, answer: Forwarded, cors: Record<string, string>): Response {
  if (answer === null || (answer.status >= 500 && !answer.text.startsWith('{'))) {
    context.log('error: the payments function did not answer a refund');
    return jsonError({ status: 502, error: PAYMENT_ERRORS.refundNoAnswer }, cors);
  }
  return new Response(answer.text, {
    status: answer.status,
    headers: { ...cors, 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}

type PartyAction = Exclude<
  HostAction,
  | { action: 'parties' }
  | { action: 'create_party' }
  | { action: 'payment_ways' | 'set_mercadopago' | 'transfer_details' | 'refund' }
  | { action: 'read_bill_photo' }
>;

/** The model's reading of the photo, or why not (the page then reads it on the phone); a model's failure in one log line. */
function photoAnswer(context: Context, read: Awaited<ReturnType<typeof readBillPhoto>>, cors: Record<string, string>): Response {
  if (read.ok) return databaseAnswer(context, { ok: true, text: read.text }, cors);
  if (read.log) context.log(read.log);
  return jsonError(read.answer, cors);
}

async function partyAction(database: Database, partyId: string, action: PartyAction) {
  const p_party = partyId;
  if (isBillAction(action)) return billAction(database, p_party, action);
  switch (action.action) {
    case 'paid':
      return database('host_mark_paid', {
        p_party,
        p_user_id: action.guestId,
        p_paid: action.paid,
        ...(action.amount === undefined ? {} : { p_amount: action.amount }),
      });
    case 'guest':
      return database('host_guest', { p_party, p_user_id: action.guestId });
    case 'orders':
      return database('host_orders', { p_party });
    case 'close_party':
      return database('host_close_party', { p_party });
    case 'menu':
      return database('party_menu_of', { p_party });
    case 'set_price':
      return database('host_set_price', { p_party, p_name: action.name, p_price: action.price });
    case 'set_sold_out':
      return database('host_set_sold_out', { p_party, p_name: action.name, p_sold_out: action.soldOut });
    case 'add_product':
      return database('host_add_product', { p_party, p_name: action.name, p_price: action.price, p_category: action.category });
    case 'import_menu':
      return database('host_import_menu', { p_party, p_lines: action.lines });
    case 'party':
      return partySummary(database, p_party);
  }
}

/** The party's page: its totals and guests, and the party itself (name, link code, closed or not). */
async function partySummary(database: Database, p_party: string): Promise<Awaited<ReturnType<Database>>> {
  const [summary, info] = await Promise.all([database('host_party', { p_party }), database('host_party_info', { p_party })]);
  if (!summary.ok) return summary;
  if (!info.ok) return info;
  const party: unknown = JSON.parse(info.text);
  return { ok: true, text: JSON.stringify({ ...(JSON.parse(summary.text) as object), party }) };
}

/** Opens a party; its own key is made here, answered this once, and kept only as its SHA-256. */
async function createParty(context: Context, database: Database, action: Extract<HostAction, { action: 'create_party' }>, cors: Record<string, string>) {
  const key = newPartyKey();
  const args = {
    p_name: action.name,
    p_date: action.date,
    p_payment_url: action.paymentUrl,
    p_key_sha256: await sha256Hex(key),
    p_menu_from: action.menuFrom,
  };
  const made = await database('host_create_party', args);
  if (!made.ok) return databaseAnswer(context, made, cors);
  const refusal = refusalOf(made.text);
  if (refusal) return jsonError(refusal, cors);
  return databaseAnswer(context, { ok: true, text: JSON.stringify({ ...(JSON.parse(made.text) as object), host_key: key }) }, cors);
}

/** The SQL function's `{ refused }` as the host's answer, or null for any other answer. */
function refusalOf(text: string): ErrorAnswer | null {
  if (!text.startsWith('{"refused"')) return null;
  const answer = JSON.parse(text) as { refused?: unknown; guests?: unknown; amount?: unknown };
  const { refused } = answer;
  if (typeof refused !== 'string') return null;
  return refusalWithFigure(refused, answer) ?? REFUSALS[refused] ?? null;
}

/** The SQL function's JSON as the answer; its `null` means an unknown guest, its `{ refused }` a refused edit. */
function databaseAnswer(context: Context, answer: Awaited<ReturnType<Database>>, cors: Record<string, string>): Response {
  if (!answer.ok) {
    const refusal = refusalOfDatabase(answer.code, answer.message ?? '');
    if (refusal) return jsonError(refusal, cors);
    context.log(`unexpected database error: ${answer.reason}`);
    return jsonError({ status: 503, error: HOST_ERRORS.database }, cors);
  }
  const refusal = refusalOf(answer.text);
  if (refusal) return jsonError(refusal, cors);
  if (answer.text.trim() === 'null') return jsonError({ status: 404, error: HOST_ERRORS.unknownGuest }, cors);
  return new Response(answer.text, {
    status: 200,
    headers: {
      ...cors,
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
