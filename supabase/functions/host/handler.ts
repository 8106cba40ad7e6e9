/**
 * The `host` Edge Function as a web-standard handler: the host's page POSTs
 * `{ key, action, … }`; a right host key gets the party read across guests
 * with the service role. Pure of Deno globals, so it runs the same under
 * Deno, Supabase and Node (the tests give it PostgREST's URL and a fetch).
 */
import { readBodyText } from '../_shared/body.ts';
import { clientAddress } from '../_shared/client-address.ts';
import { refuseRequest, withLastResort, type Handler, type RequestInfo } from '../_shared/gate.ts';
import type { Database } from '../_shared/database.ts';
import { isHostKey, withoutKey } from '../_shared/host-key.ts';
import { hostKeyOf, parseHostAction, parseHostBody, type HostAction } from '../_shared/host-request.ts';
import { HOST_KEY_TRIES, readHostSettings, type HostEnv, type HostSettings } from '../_shared/host-settings.ts';
import { projectDatabase } from '../_shared/project.ts';
import { jsonError, type ErrorAnswer } from '../_shared/responses.ts';

export interface HostHandlerOptions {
  readonly env: HostEnv;
  /** PostgREST's own URL (tests); `${SUPABASE_URL}/rest/v1` otherwise. */
  readonly restUrl?: string;
  /** How the function reaches PostgREST (tests); the global fetch otherwise. */
  readonly fetch?: typeof fetch;
  /** Wrong keys allowed per address and window (tests shorten the window). */
  readonly keyTries?: { readonly tries: number; readonly windowSeconds: number };
  readonly log?: (line: string) => void;
}

export type { RequestInfo } from '../_shared/gate.ts';
export type HostHandler = Handler;


export const HOST_ERRORS = {
  noKey: 'Falta la clave de anfitrión.',
  wrongKey: 'Clave incorrecta.',
  tooManyTries: 'Demasiados intentos; espera un minuto.',
  unknownGuest: 'Invitado desconocido.',
  notConfigured: 'La función del anfitrión no está configurada: faltan HOST_KEY, SUPABASE_URL o SUPABASE_SERVICE_ROLE_KEY.',
  database: 'No se pudo leer la base de datos; intenta de nuevo.',
} as const;

interface Context {
  readonly settings: HostSettings;
  readonly database: Database | null;
  readonly keyTries: { readonly tries: number; readonly windowSeconds: number };
  readonly log: (line: string) => void;
}

export function createHostHandler(options: HostHandlerOptions): HostHandler {
  const settings = readHostSettings(options.env, options.restUrl);
  const log = (line: string) => (options.log ?? console.warn)(withoutKey(`host: ${line}`, settings.hostKey));
  const database = projectDatabase(settings, options.fetch);
  const context: Context = { settings, database, keyTries: options.keyTries ?? HOST_KEY_TRIES, log };
  return withLastResort(settings.allowedOrigins, log, (request, info, cors) => answer(context, request, info, cors));
}

async function answer(context: Context, request: Request, info: RequestInfo | undefined, cors: Record<string, string>) {
  const refusal = refuseRequest('host', request, context.settings.allowedOrigins, cors);
  if (refusal) return refusal;
  const { hostKey } = context.settings;
  if (!hostKey || !context.database) return jsonError({ status: 503, error: HOST_ERRORS.notConfigured }, cors);
  const body = await readBody(request);
  if (!body.ok) return jsonError(body.answer, cors);
  const key = hostKeyOf(body.value);
  if (key === null) return jsonError({ status: 401, error: HOST_ERRORS.noKey }, cors);
  // The right key is never counted nor limited: at a bar every guest shares the host's address, so a
  // limit on it would let any guest with a script keep the host out. The key's 256 bits stop guessing.
  if (!(await isHostKey(key, hostKey))) return refuseWrongKey(context, context.database, clientAddress(request, info?.remoteAddr), cors);
  const action = parseHostAction(body.value);
  if (!action.ok) return jsonError({ status: 400, error: `Pedido inválido: ${action.error}` }, cors);
  return perform(context, context.database, action.value, cors);
}

type ReadBody = { readonly ok: true; readonly value: Readonly<Record<string, unknown>> } | { readonly ok: false; readonly answer: ErrorAnswer };

async function readBody(request: Request): Promise<ReadBody> {
  const text = await readBodyText(request);
  if (!text.ok && text.reason === 'too large') return { ok: false, answer: { status: 413, error: 'El pedido es demasiado grande (máximo 16 KB).' } };
  if (!text.ok) return { ok: false, answer: { status: 400, error: 'El cuerpo no es UTF-8 válido.' } };
  const body = parseHostBody(text.text);
  return body.ok ? body : { ok: false, answer: { status: 400, error: body.error } };
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

async function perform(context: Context, database: Database, action: HostAction, cors: Record<string, string>) {
  if (action.action === 'paid') {
    const args = { p_user_id: action.guestId, p_paid: action.paid, ...(action.amount === undefined ? {} : { p_amount: action.amount }) };
    return databaseAnswer(context, await database('host_mark_paid', args), cors);
  }
  return databaseAnswer(context, await readFor(database, action), cors);
}

function readFor(database: Database, action: Exclude<HostAction, { action: 'paid' }>) {
  if (action.action === 'guest') return database('host_guest', { p_user_id: action.guestId });
  return database(action.action === 'party' ? 'host_party' : 'host_orders', {});
}

/** The SQL function's JSON as the answer; its `null` means an unknown guest. */
function databaseAnswer(context: Context, answer: Awaited<ReturnType<Database>>, cors: Record<string, string>): Response {
  if (!answer.ok) {
    context.log(answer.reason);
    return jsonError({ status: 503, error: HOST_ERRORS.database }, cors);
  }
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
