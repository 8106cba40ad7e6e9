/**
 * The one way the app reaches the server, in the page and in the queue's
 * worker: the project's address, its key, the guest's and the party's
 * headers, a deadline on every request, and one check of what came back
 * (answer.ts). PostgREST's tables go through postgrest-js on top of this
 * (rest.ts); RPCs (here) and the functions (functions.ts) are plain requests,
 * so the first screen carries no query builder. One module per kind of
 * request, so each chunk of the page carries only the requests it makes.
 */
import type { BackendConfig } from '../config/env-rules.ts';
import { createListeners } from '../platform/listeners.ts';
import { judge, worthReading, type ServerAnswer } from './answer.ts';

/** Who a request speaks for: the guest, and their party (none: the default party). Row level security reads both. */
export interface Caller {
  readonly id: string;
  readonly party?: string | null | undefined;
}

export interface ServerOptions {
  /** The global fetch unless given (Node tools, tests), looked up at each request. */
  readonly fetch?: typeof fetch;
  /** How long a request may take, its body included; a server that never answers must not hold the phone. */
  readonly timeoutMs?: number;
}

/** A project, as every request to it needs it (serverClient makes it). */
export interface Server {
  readonly base: string;
  readonly anonKey: string;
  readonly fetch: typeof fetch;
  readonly timeoutMs: number;
}

/** The longest a request may take unless the client says otherwise: an ask that misses is asked again at the next contact. */
export const DEFAULT_TIMEOUT_MS = 8_000;

export function serverClient(backend: BackendConfig, options: ServerOptions = {}): Server {
  return {
    base: `${backend.supabaseUrl.replace(/\/+$/, '')}/`,
    anonKey: backend.supabaseAnonKey,
    fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
  };
}

export interface ServerRequest {
  /** Under the project's address (`rest/v1/rpc/party_menu`), or a full address there (postgrest-js's). */
  readonly path: string;
  readonly method?: string;
  readonly body?: string;
  /** Besides the key's and the caller's: the body's type, postgrest-js's own (Prefer, Content-Profile…). */
  readonly headers?: Readonly<Record<string, string>>;
  readonly as?: Caller | undefined;
  /** The one status that is the server's answer (answer.ts); 200 unless said. */
  readonly success?: number;
  readonly cache?: RequestCache;
}

/** A JSON body's header. */
export const JSON_BODY = { 'Content-Type': 'application/json' } as const;

/** Every request's headers: the project's key (the gateway reads `apikey`, PostgREST the bearer), the caller's, the request's own. */
function headersFor(anonKey: string, request: ServerRequest): Record<string, string> {
  const caller = request.as;
  return {
    apikey: anonKey,
    Authorization: `Bearer ${anonKey}`,
    ...(caller ? { 'x-guest-id': caller.id } : {}),
    ...(caller?.party ? { 'x-party-code': caller.party } : {}),
    ...request.headers,
  };
}

/** No answer came: the request never reached the server, or its answer never reached the phone (no signal). */
export const NO_ANSWER = { kind: 'failed', status: 0, retryAfterMs: null } as const;
/** No answer within the request's deadline: a server too slow, or a link that stalled with nobody watching it. */
export const TIMED_OUT = { kind: 'failed', status: 0, retryAfterMs: null, timedOut: true } as const;

const answers = createListeners();

/**
 * Told each time the server's own answer reaches the phone (a success or its refusal), whatever asked:
 * a sign that there is signal, which the queue takes as a moment to send (src/sync/engine.ts).
 */
export const onServerAnswer = answers.subscribe;

export function heard<T>(answer: ServerAnswer<T>): ServerAnswer<T> {
  if (answer.kind !== 'failed') answers.notify();
  return answer;
}

/** The answer as it starts; undefined when none came. */
export async function exchange(server: Server, request: ServerRequest, signal: AbortSignal): Promise<Response | undefined> {
  try {
    return await server.fetch(new URL(request.path, server.base).href, {
      method: request.method ?? 'POST',
      headers: headersFor(server.anonKey, request),
      ...(request.body === undefined ? {} : { body: request.body }),
      ...(request.cache ? { cache: request.cache } : {}),
      signal,
    });
  } catch {
    return undefined;
  }
}

/** The answer judged, its body read only when it may count (a 5 MB error page costs nothing on one bar of signal). */
export async function hear(response: Response, success: number): Promise<ServerAnswer> {
  const reading = worthReading(response.status, success);
  if (!reading) void response.body?.cancel().catch(() => undefined);
  const text = reading ? await response.text() : null;
  const { headers, status } = response;
  return judge({ status, contentType: headers.get('content-type') ?? '', retryAfter: headers.get('retry-after'), text }, success);
}

/** One request, answered within the server's deadline, body included (a server may stall mid-answer). */
export async function send(server: Server, request: ServerRequest): Promise<ServerAnswer> {
  const deadline = AbortSignal.timeout(server.timeoutMs);
  const none = () => (deadline.aborted ? TIMED_OUT : NO_ANSWER);
  const response = await exchange(server, request, deadline);
  return response ? heard(await hear(response, request.success ?? 200).catch(none)) : none();
}

/** A PostgREST RPC, as `as` when given, with the request's own `headers` (what the phone already holds: x-bill-seen). */
export function rpc(server: Server, name: string, args: object, as?: Caller, headers: Readonly<Record<string, string>> = {}): Promise<ServerAnswer> {
  return send(server, { path: `rest/v1/rpc/${name}`, headers: { ...JSON_BODY, ...headers }, body: JSON.stringify(args), as });
}
