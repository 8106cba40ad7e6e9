/**
 * The queue's requests (insert, set `active`, read the active orders, call a
 * function such as a claim of the bar's bill), the
 * same in the page and in the queue's worker: PostgREST's tables through the
 * server client (src/server/) and its query builder (rest.ts, postgrest-js).
 * The page loads this module with the first flush, not with the page. Each
 * request names the guest and their party, read once per guest from the
 * outbox's records.
 */
import type { OrderRow } from '../db/index.ts';
import { serverClient, type Caller, type ServerAnswer } from '../server/index.ts';
import { restOf, type Rest } from '../server/rest.ts';
import { watchedFetch, type Probe } from './signal.ts';

/** What came back from one request, reduced to what the queue decides on. */
export interface WriteResult {
  /** HTTP status; 0 when no usable answer came. */
  readonly status: number;
  readonly code?: string | undefined;
  readonly message?: string | undefined;
  readonly retryAfterMs?: number | undefined;
  /** The request never reached the server, or someone else answered it (a portal's page): no signal, not the server's trouble. */
  readonly noSignal?: boolean | undefined;
}

export interface SyncTransport {
  insertRows(table: 'users' | 'orders', guestId: string, rows: readonly object[]): Promise<WriteResult>;
  /** Sets `active` on these orders of the guest (a reset, a removal, its undo). */
  setOrdersActive(guestId: string, orderIds: readonly string[], active: boolean): Promise<WriteResult>;
  /** The guest's active orders on the server, or null when they cannot be read now. */
  activeOrders(guestId: string): Promise<OrderRow[] | null>;
  /** A write through a database function (200 with its JSON): `data` is what it answered, when it went through. */
  callFunction(guestId: string, name: string, args: Readonly<Record<string, unknown>>): Promise<WriteResult & { readonly data?: unknown }>;
}

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
  /** Looks for signal: a request left with no answer is aborted once it finds none (signal.ts). None: only the deadline ends it. */
  readonly probe?: Probe;
}

export const REQUEST_TIMEOUT_MS = 15_000;

/**
 * Who each request speaks for. A guest's party never changes, so it is read
 * once; a guest the phone does not know yet (no record) goes without a party
 * and is read again next time. Null: the party could not be read.
 */
function callers(partyOf: PartyOf | undefined): (guestId: string) => Caller | Promise<Caller | null> {
  const known = new Map<string, Caller>();
  const keep = (id: string, party: string | null | undefined): Caller => {
    const caller = { id, party: party ?? null };
    if (party !== undefined) known.set(id, caller);
    return caller;
  };
  // A guest met before is served at once: no read, and no extra turn before every request.
  return (id) =>
    known.get(id) ??
    (partyOf
      ? partyOf(id).then(
          (party) => keep(id, party),
          () => null,
        )
      : keep(id, null));
}

/** No request was sent: the phone could not read the guest's party (its storage failed). Retried like no answer. */
const PARTY_UNREADABLE: WriteResult = { status: 0, message: 'the guest’s party could not be read on the phone' };

/** The server's answer as the queue classifies it (classify.ts); `success` is the status an ok answer had. */
function writeResult(answer: ServerAnswer, success: number): WriteResult {
  if (answer.kind === 'ok') return { status: success };
  const retryAfterMs = answer.retryAfterMs ?? undefined;
  if (answer.kind === 'refused')
    return { status: answer.status, code: answer.code ?? undefined, message: answer.detail ?? answer.message ?? undefined, retryAfterMs };
  // Another 2xx, such as a captive portal's 200 page, proves nothing was stored: it counts as no answer, and no way to the server.
  if (answer.status >= 200 && answer.status < 400) return { status: 0, message: `unexpected answer (HTTP ${answer.status})`, retryAfterMs, noSignal: true };
  if (answer.status === 0) return answer.timedOut ? { status: 0, message: 'no answer in time', retryAfterMs } : { status: 0, retryAfterMs, noSignal: true };
  return { status: answer.status, retryAfterMs };
}

/** The queue's three requests over PostgREST's tables. */
export function restTransport(rest: Rest, partyOf?: PartyOf): SyncTransport {
  const callerOf = callers(partyOf);
  // Never a request without the party it belongs to: one that cannot be named is not sent.
  const write = async (guestId: string, success: number, build: Parameters<Rest['query']>[2]): Promise<WriteResult> => {
    const caller = await callerOf(guestId);
    return caller ? writeResult(await rest.query(caller, success, build), success) : PARTY_UNREADABLE;
  };
  return {
    insertRows: (table, guestId, rows) => write(guestId, 201, (tables) => tables.from(table).upsert([...rows], { onConflict: 'id', ignoreDuplicates: true })),
    setOrdersActive: (guestId, orderIds, active) =>
      write(guestId, 204, (tables) =>
        tables
          .from('orders')
          .update({ active })
          .eq('user_id', guestId)
          .in('id', [...orderIds]),
      ),
    async activeOrders(guestId) {
      const caller = await callerOf(guestId);
      if (!caller) return null;
      const answer = await rest.query(caller, 200, (tables) =>
        tables
          .from('orders')
          .select('id, user_id, product_name, product_price, active, created_at')
          .eq('user_id', guestId)
          .eq('active', true)
          .order('created_at', { ascending: false }),
      );
      return answer.kind === 'ok' && Array.isArray(answer.data) ? (answer.data as OrderRow[]) : null;
    },
    async callFunction(guestId, name, args) {
      const caller = await callerOf(guestId);
      if (!caller) return PARTY_UNREADABLE;
      const answer = await rest.query(caller, 200, (tables) => tables.rpc(name, { ...args }));
      return answer.kind === 'ok' ? { status: 200, data: answer.data } : writeResult(answer, 200);
    },
  };
}

/** The queue's transport, in the page (which loads this module with the first flush) and in the queue's worker. */
export function createSyncTransport(options: TransportOptions): SyncTransport {
  const fetcher = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const server = serverClient(
    { supabaseUrl: options.url, supabaseAnonKey: options.anonKey },
    { timeoutMs: options.timeoutMs ?? REQUEST_TIMEOUT_MS, fetch: options.probe ? watchedFetch(fetcher, options.probe) : fetcher },
  );
  return restTransport(restOf(server), options.partyOf);
}
