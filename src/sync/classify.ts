/**
 * What to do with the server's answer to a write. Classified by the PostgREST
 * error code in the body first, its message second, the HTTP status last:
 * PostgREST answers an RLS violation (42501) with 401, which by status alone
 * would look like a bad key, and Postgres gives 42501 to a missing GRANT too.
 */

export type Verdict =
  /** The server has the change (or already had it). */
  | 'ok'
  /** Keep the entry and try again later: the network, the server or its load. */
  | 'retry'
  /** The server refuses this row for good: park it, keep the local order, move on. */
  | 'reject'
  /** The order's guest is not on the server: send the guest's row again, then the order. */
  | 'guest-missing'
  /** The project is misconfigured (bad key, unknown table or column, missing grant): pause, drop nothing, say so. */
  | 'config';

export interface ServerAnswer {
  /** HTTP status; 0 when no answer came (network failure, timeout). */
  readonly status: number;
  /** PostgreSQL SQLSTATE or PostgREST's own PGRST… code from the error body, if any. */
  readonly code?: string | undefined;
  readonly message?: string | undefined;
}

/** The foreign keys from an order, and from a claim of the bar's bill, to its guest (supabase/migrations). */
const GUEST_FOREIGN_KEYS = ['orders_user_id_fkey', 'bill_claims_user_id_fkey'];

export function classifyAnswer({ status, code = '', message = '' }: ServerAnswer): Verdict {
  // Our own id already there: a replay of something the server committed.
  if (code === '23505') return 'ok';
  if (code === '23503' && GUEST_FOREIGN_KEYS.some((key) => message.includes(key))) return 'guest-missing';
  // Row level security refused this row; any other 42501 is a missing GRANT: the schema, not the row.
  if (code === '42501') return message.includes('row-level security') ? 'reject' : 'config';
  // The app sends every column it knows: a NOT NULL it did not fill is a column it does not know.
  if (code === '23502') return 'config';
  // Data the database refuses for good: class 22 (bad data), class 23 (constraints, the menu, the ceiling).
  if (code.startsWith('22') || code.startsWith('23')) return 'reject';
  // JSON PostgREST cannot read: JSON.stringify always writes valid JSON, so only a row's text
  // (a lone UTF-16 surrogate PostgREST's parser refuses) can cause it.
  if (code === 'PGRST102') return 'reject';
  // PGRST0xx: PostgREST cannot reach the database right now (503): transient.
  if (code.startsWith('PGRST0')) return 'retry';
  // Other PostgREST errors mean the client and the project disagree (JWT, unknown
  // table or column): retrying the same request cannot help until someone fixes it.
  if (code.startsWith('PGRST')) return 'config';
  if (status >= 200 && status < 300) return 'ok';
  // No answer, a timeout, an overloaded or broken server (deadlocks, shutdowns: 5xx): nothing wrong with the row.
  if (status === 0 || status === 408 || status === 429 || status >= 500) return 'retry';
  // Any other refusal (401/403/404 from a gateway, 42703 unknown column, 42P01 unknown table) is about setup, not this row.
  return 'config';
}

/** An answer in one line, as a parked entry keeps it: the status, PostgreSQL's code, the message (which names the rule). */
export function describeAnswer(answer: ServerAnswer): string {
  return [answer.status ? `HTTP ${answer.status}` : 'no answer', answer.code, answer.message].filter(Boolean).join(' · ');
}
