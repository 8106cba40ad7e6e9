/** The host page's one network call: POST `{ key, action, … }` to the `host` function, read JSON. */
import type { BackendConfig } from '../config/env-rules.ts';
import { HOST_ERRORS } from '../../supabase/functions/_shared/host-errors.ts';
import type { HostAction } from '../../supabase/functions/_shared/host-request.ts';

export interface HostEndpoint {
  readonly url: string;
  readonly anonKey: string;
}

export function hostEndpoint(backend: BackendConfig): HostEndpoint {
  return { url: `${backend.supabaseUrl}/functions/v1/host`, anonKey: backend.supabaseAnonKey };
}

export type HostAnswer =
  | { readonly kind: 'ok'; readonly json: unknown }
  /** The function said no (4xx), with its Spanish reason. */
  | { readonly kind: 'refused'; readonly status: number; readonly error: string; readonly retryAfterSeconds: number | null }
  /** No answer at all: no signal, or too slow. */
  | { readonly kind: 'offline' }
  /** An answer that is not the function's: 5xx, or a captive portal's page. */
  | { readonly kind: 'failed'; readonly status: number };

/** An action, and for the owner the party it is about (its code; none: the default party). */
export type HostCall = HostAction & { readonly party?: string };

export interface AskOptions {
  /** The page's fetch unless given (tests). */
  readonly fetch?: typeof fetch;
  readonly timeoutMs?: number;
}

/** What the function says to these, for a refusal that carries no reason of its own. */
const FALLBACK_REASONS: Readonly<Record<number, string>> = { 401: HOST_ERRORS.wrongKey, 429: HOST_ERRORS.tooManyTries };

export async function askHost(endpoint: HostEndpoint, key: string, action: HostCall, options: AskOptions = {}): Promise<HostAnswer> {
  const send = options.fetch ?? globalThis.fetch.bind(globalThis);
  let response: Response;
  try {
    response = await send(endpoint.url, {
      method: 'POST',
      headers: { apikey: endpoint.anonKey, Authorization: `Bearer ${endpoint.anonKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ key, ...action }),
      cache: 'no-store',
      signal: AbortSignal.timeout(options.timeoutMs ?? 8000),
    });
  } catch {
    return { kind: 'offline' };
  }
  const json: unknown = await response.json().then(
    (value: unknown) => value,
    () => undefined,
  );
  if (response.ok && json !== undefined) return { kind: 'ok', json };
  if (response.status >= 400 && response.status < 500 && json !== undefined) return refused(response, json);
  return { kind: 'failed', status: response.status };
}

function refused(response: Response, json: unknown): HostAnswer {
  const given = typeof json === 'object' && json !== null ? (json as { error?: unknown }).error : undefined;
  const error = typeof given === 'string' && given.length <= 300 ? given : (FALLBACK_REASONS[response.status] ?? 'El servidor no aceptó el pedido.');
  const seconds = Number(response.headers.get('retry-after'));
  return { kind: 'refused', status: response.status, error, retryAfterSeconds: Number.isFinite(seconds) && seconds > 0 ? seconds : null };
}
