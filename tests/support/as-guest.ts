/** A raw PostgREST request with the public anon key (or another), as a guest's phone, or anyone, makes it. */
import type { TestStack } from './stack.ts';

export interface GuestRequest {
  readonly method?: string;
  /** Sent as x-guest-id; none for a request that names no guest. */
  readonly guest?: string | null;
  /** Sent as x-party-code: the party the phone joined by its link; none for the default party. */
  readonly party?: string;
  readonly body?: unknown;
  /** The anon key unless given. */
  readonly key?: string;
  readonly prefer?: string;
  /** Any other header the phone sends (x-bill-seen). */
  readonly headers?: Readonly<Record<string, string>>;
}

export async function asGuest(stack: TestStack, path: string, init: GuestRequest = {}): Promise<{ status: number; body: unknown }> {
  const key = init.key ?? stack.stack.anonKey;
  const headers: Record<string, string> = { apikey: key, Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' };
  if (init.guest) headers['x-guest-id'] = init.guest;
  if (init.party !== undefined) headers['x-party-code'] = init.party;
  if (init.prefer) headers.Prefer = init.prefer;
  Object.assign(headers, init.headers);
  const response = await fetch(`${stack.stack.restUrl()}${path}`, {
    method: init.method ?? 'GET',
    headers,
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
}
