/**
 * PostgREST's tables, for the queue, in the page and in the queue's worker:
 * postgrest-js builds each request (the query builder supabase-js wraps,
 * without its auth and realtime clients), the server client (client.ts) sends
 * it with the key, the caller's headers and the deadline, and judges what
 * came back. A module of its own: the page loads it with the first flush, so
 * it is not in the first-load JavaScript.
 */
import { PostgrestClient } from '@supabase/postgrest-js';
import type { ServerAnswer } from './answer.ts';
import { send, type Caller, type Server } from './client.ts';

/** What a request is built from: `from(table)`, or `rpc(function)` for a write the database judges in one function (a claim of the bar's bill). */
export type Tables = Pick<PostgrestClient, 'from' | 'rpc'>;

export interface Rest {
  /** One request built on `tables`, sent as `as`; `success` is the one status PostgREST gives it (200 a read, 201 an insert, 204 an update). */
  query(as: Caller, success: number, build: (tables: Tables) => PromiseLike<unknown>): Promise<ServerAnswer>;
}

const addressOf = (input: RequestInfo | URL) => (typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);

function headersOf(init: RequestInit | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  new Headers(init?.headers).forEach((value, name) => (headers[name] = value));
  return headers;
}

export function restOf(server: Server): Rest {
  return {
    async query(as, success, build) {
      let answer: ServerAnswer = { kind: 'failed', status: 0, retryAfterMs: null };
      // postgrest-js is handed an empty answer: what counts is the server client's reading of the real one.
      const handOver: typeof fetch = async (input, init) => {
        answer = await send(server, {
          path: addressOf(input),
          method: init?.method ?? 'GET',
          headers: headersOf(init),
          ...(typeof init?.body === 'string' ? { body: init.body } : {}),
          as,
          success,
        });
        return new Response(null, { status: 204 });
      };
      // No retries of its own: the queue's backoff decides when to ask again.
      await build(new PostgrestClient(new URL('rest/v1', server.base).href, { schema: 'public', fetch: handOver, retry: false }));
      return answer;
    },
  };
}
