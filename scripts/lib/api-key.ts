/**
 * What Supabase's gateway (Kong's key-auth plugin) asks of a /rest/v1 request:
 * one of the project's keys, the anon or the service_role key, in the `apikey`
 * header. Without it PostgREST would serve the anon role to anyone; on Supabase
 * such a request never reaches it.
 *
 * Only the header: Kong also reads `?apikey=` in the query, but a key in a URL
 * ends up in logs, histories and Referer headers, no client of ours sends one
 * (the app's server client sends the header), and left in the query
 * PostgREST reads it as a filter on a column named apikey (400 PGRST100).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

export interface KeyRefusal {
  readonly status: 401;
  /** A sentence for a person, in Spanish, beside what Supabase's gateway says. */
  readonly body: { readonly error: string; readonly message: string; readonly hint: string };
}

const NO_KEY: KeyRefusal = {
  status: 401,
  body: {
    error: 'Falta la clave del proyecto: envía la clave anon en el encabezado apikey.',
    message: 'No API key found in request',
    hint: 'No `apikey` request header was found.',
  },
};

const WRONG_KEY: KeyRefusal = {
  status: 401,
  body: {
    error: 'La clave del proyecto no es válida: usa la clave anon o la service_role de este proyecto.',
    message: 'Invalid API key',
    hint: 'Double check your Supabase `anon` or `service_role` API key.',
  },
};

/** The refusal for a request without one of `keys` in its `apikey` header; null when it has one. */
export function apiKeyRefusal(headers: IncomingHttpHeaders, keys: readonly string[]): KeyRefusal | null {
  const given = headers.apikey;
  if (typeof given !== 'string' || given === '') return NO_KEY;
  return keys.some((key) => sameSecret(key, given)) ? null : WRONG_KEY;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Compared as digests of equal length, in constant time: how long a refusal takes says nothing of the key. */
function sameSecret(key: string, given: string): boolean {
  return timingSafeEqual(digest(key), digest(given));
}
