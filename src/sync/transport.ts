/**
 * Every network write of the sync queue goes through here, written once over
 * a PostgREST client (`from(table)`): in the page supabase-js's, imported
 * lazily so it is not in the first-load JavaScript; in the service worker
 * postgrest-js's own, which is what supabase-js's `from()` is made of
 * (worker.ts). Both send the same requests.
 *
 * Retries: postgrest-js retries GET/HEAD on 503/520 by itself; our writes are
 * POST/PATCH, which it never retries, and the one GET (restore) turns it off,
 * so its retries and the queue's backoff never multiply.
 */
import type { PostgrestClient } from '@supabase/postgrest-js';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { OrderRow } from '../db/index.ts';
import { parseRetryAfter } from './backoff.ts';

/** What came back from one request, reduced to what the queue decides on. */
export interface WriteResult {
  /** HTTP status; 0 when no usable answer came. */
  readonly status: number;
  readonly code?: string | undefined;
  readonly message?: string | undefined;
  readonly retryAfterMs?: number | undefined;
}

export interface SyncTransport {
  insertRows(table: 'users' | 'orders', guestId: string, rows: readonly object[]): Promise<WriteResult>;
  /** Sets `active` on these orders of the guest (a reset, a removal, its undo). */
  setOrdersActive(guestId: string, orderIds: readonly string[], active: boolean): Promise<WriteResult>;
  /** The guest's active orders on the server, or null when they cannot be read now. */
  activeOrders(guestId: string): Promise<OrderRow[] | null>;
}

/** The part of a PostgREST client the queue uses: supabase-js's client and postgrest-js's both have it. */
export type RestClient = Pick<PostgrestClient, 'from'>;

/**
 * The party code kept for a guest (outbox-store's `partyOf`): a code, null
 * for the default party, undefined when the phone does not know the guest.
 */
export type PartyOf = (guestId: string) => Promise<string | null | undefined>;

/** Where the requests go and how long each may take. */
export interface TransportOptions {
  readonly url: string;
  readonly anonKey: string;
  /**
   * Where the guest's party is read, so every request for a guest names it
   * (x-party-code). Without it, or for a guest of the default party, no header:
   * the server takes such a request as the default party's.
   */
  readonly partyOf?: PartyOf;
  /** Per request; a server that never answers must not hold the queue. */
  readonly timeoutMs?: number;
  readonly fetch?: typeof fetch;
}

export const REQUEST_TIMEOUT_MS = 15_000;

interface PostgrestAnswer {
  readonly error: { readonly code?: string; readonly message?: string } | null;
  readonly status: number;
}

/** An abort signal that fires after `ms` (or with `outer`), and a way to cancel its timer. */
function deadline(ms: number, outer?: AbortSignal | null): { signal: AbortSignal; done: () => void } {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException('timeout', 'TimeoutError')), ms);
  const follow = () => controller.abort(outer?.reason);
  if (outer?.aborted) follow();
  else outer?.addEventListener('abort', follow, { once: true });
  return {
    signal: controller.signal,
    done: () => {
      clearTimeout(timer);
      outer?.removeEventListener('abort', follow);
    },
  };
}

const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

/** The client's fetch: each request within the deadline, and the last answer's Retry-After kept for the result. */
interface TimedFetch {
  readonly fetch: typeof fetch;
  lastRetryAfter(): string | null;
}

function timedFetch(options: TransportOptions): TimedFetch {
  const baseFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  // Requests go one at a time, so the last answer's Retry-After belongs to the result being read.
  let lastRetryAfter: string | null = null;
  const timed: typeof fetch = async (input, init) => {
    lastRetryAfter = null;
    const { signal, done } = deadline(timeoutMs, init?.signal);
    try {
      const response = await baseFetch(input, { ...init, signal });
      lastRetryAfter = response.headers.get('retry-after');
      // The body is read within the same deadline (a server may stall mid-answer), then handed on whole.
      const body = NULL_BODY_STATUSES.has(response.status) ? null : await response.arrayBuffer();
      return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
    } finally {
      done();
    }
  };
  return { fetch: timed, lastRetryAfter: () => lastRetryAfter };
}

/** The header that names the guest's party; none for the default party. */
export const PARTY_HEADER = 'x-party-code';

/** The headers that name the guest, and their party unless it is the default one: row level security reads both. */
export function guestHeaders(guestId: string, party: string | null): Record<string, string> {
  return party === null ? { 'x-guest-id': guestId } : { 'x-guest-id': guestId, [PARTY_HEADER]: party };
}

/**
 * One client per guest, naming the guest and their party. A guest's party
 * never changes, so it is read once; a guest the phone does not know yet
 * (no record) goes without a party and is read again next time.
 */
function perGuest(
  make: (guestId: string, party: string | null) => RestClient,
  partyOf: PartyOf | undefined,
): (guestId: string) => RestClient | Promise<RestClient> {
  const clients = new Map<string, RestClient>();
  const keep = (guestId: string, party: string | null | undefined) => {
    const client = make(guestId, party ?? null);
    if (party !== undefined) clients.set(guestId, client);
    return client;
  };
  // A guest met before is served at once: no read, and no extra turn before every request.
  return (guestId) => clients.get(guestId) ?? (partyOf ? partyOf(guestId).then((party) => keep(guestId, party)) : keep(guestId, null));
}

/** No request was sent: the phone could not read the guest's party (its storage failed). Retried like no answer. */
const PARTY_UNREADABLE: WriteResult = { status: 0, message: 'the guest’s party could not be read on the phone' };

/** The queue's three requests, over the client `make` gives for each guest and party, with the deadline on every fetch. */
export function restTransport(options: TransportOptions, make: (guestId: string, party: string | null, fetcher: typeof fetch) => RestClient): SyncTransport {
  const timed = timedFetch(options);
  const guestClient = perGuest((guestId, party) => make(guestId, party, timed.fetch), options.partyOf);
  // Never a request without the party it belongs to: one that cannot be named is not sent.
  const clientFor = (guestId: string): RestClient | Promise<RestClient | null> => {
    const client = guestClient(guestId);
    return client instanceof Promise ? client.catch(() => null) : client;
  };
  /**
   * `success` is the one status PostgREST gives that write (201 for an insert,
   * 204 for an update, both with return=minimal). Any other 2xx, such as a
   * captive portal's 200 page, proves nothing was stored: it counts as no answer.
   */
  const result = (answer: PostgrestAnswer, success: number): WriteResult => {
    const retryAfterMs = parseRetryAfter(timed.lastRetryAfter());
    if (answer.status >= 200 && answer.status < 300 && (answer.status !== success || answer.error)) {
      return { status: 0, message: `unexpected answer (HTTP ${answer.status})`, retryAfterMs };
    }
    return { status: answer.status, code: answer.error?.code || undefined, message: answer.error?.message, retryAfterMs };
  };

  return {
    async insertRows(table, guestId, rows) {
      const client = await clientFor(guestId);
      if (!client) return PARTY_UNREADABLE;
      const answer = await client.from(table).upsert([...rows], { onConflict: 'id', ignoreDuplicates: true });
      return result(answer, 201);
    },
    async setOrdersActive(guestId, orderIds, active) {
      const client = await clientFor(guestId);
      if (!client) return PARTY_UNREADABLE;
      const answer = await client
        .from('orders')
        .update({ active })
        .eq('user_id', guestId)
        .in('id', [...orderIds]);
      return result(answer, 204);
    },
    async activeOrders(guestId) {
      const client = await clientFor(guestId);
      if (!client) return null;
      const answer = await client
        .from('orders')
        .select('id, user_id, product_name, product_price, active, created_at')
        .eq('user_id', guestId)
        .eq('active', true)
        .order('created_at', { ascending: false })
        .retry(false);
      return answer.error ? null : answer.data;
    },
  };
}

/** The page's transport: supabase-js, fetched on the first flush. */
export async function createSupabaseTransport(options: TransportOptions): Promise<SyncTransport> {
  const { createClient } = await import('@supabase/supabase-js');
  return restTransport(options, (guestId, party, fetcher): SupabaseClient =>
    createClient(options.url, options.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      global: { headers: guestHeaders(guestId, party), fetch: fetcher },
    }),
  );
}
