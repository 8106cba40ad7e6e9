/** The host page's one network call: `{ key, action, … }` to the `host` function, through the server client. */
import type { BackendConfig } from '../config/env-rules.ts';
import { callFunction, serverClient, type ServerOptions } from '../server/index.ts';
import { HOST_ERRORS } from '../../supabase/functions/_shared/host-errors.ts';
import type { HostAction } from '../../supabase/functions/_shared/host-request.ts';

/** The `host` function of this project. */
export interface HostEndpoint {
  readonly backend: BackendConfig;
}

export function hostEndpoint(backend: BackendConfig): HostEndpoint {
  return { backend };
}

export type HostAnswer =
  | { readonly kind: 'ok'; readonly json: unknown }
  /** The function said no (4xx), with its Spanish reason. */
  | {
      readonly kind: 'refused';
      readonly status: number;
      readonly error: string;
      readonly retryAfterSeconds: number | null;
      /** The kind of refusal, when the function names one ('moves_paid': the host is asked first). */
      readonly code?: string | null;
    }
  /** No answer at all: no signal, or too slow. */
  | { readonly kind: 'offline' }
  /** An answer that is not the function's: 5xx, or a captive portal's page. */
  | { readonly kind: 'failed'; readonly status: number };

/** An action, and for the owner the party it is about (its code; none: the default party). */
export type HostCall = HostAction & { readonly party?: string };

export type AskOptions = ServerOptions;

/** What the function says to these, for a refusal that carries no reason of its own. */
const FALLBACK_REASONS: Readonly<Record<number, string>> = { 401: HOST_ERRORS.wrongKey, 429: HOST_ERRORS.tooManyTries };

export async function askHost(endpoint: HostEndpoint, key: string, action: HostCall, options: AskOptions = {}): Promise<HostAnswer> {
  const answer = await callFunction(serverClient(endpoint.backend, options), 'host', { key, ...action });
  if (answer.kind === 'ok') return { kind: 'ok', json: answer.data };
  if (answer.kind === 'failed') return answer.status === 0 ? { kind: 'offline' } : { kind: 'failed', status: answer.status };
  const given = answer.message !== null && answer.message.length <= 300 ? answer.message : null;
  const error = given ?? FALLBACK_REASONS[answer.status] ?? 'El servidor no aceptó el pedido.';
  const retryAfterSeconds = answer.retryAfterMs ? Math.ceil(answer.retryAfterMs / 1000) : null;
  return { kind: 'refused', status: answer.status, error, retryAfterSeconds, code: answer.code };
}
