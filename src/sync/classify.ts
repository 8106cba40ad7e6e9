/**
 * What to do with the server's answer to a write. Classified by the PostgREST
 * error code in the body first, the HTTP status second: PostgREST answers an
 * RLS violation (42501) with 401, which by status alone would look like a bad key.
 */

export type Verdict =
  /** The server has the change (or already had it). */
  | 'ok'
  /** Keep the entry and try again later: the network, the server or its load. */
  | 'retry'
  /** The server refuses this row for good: park it, keep the local order, move on. */
  | 'reject'
  /** The project is misconfigured (bad key, unknown table): pause, drop nothing, say so. */
  | 'config';

export interface ServerAnswer {
  /** HTTP status; 0 when no answer came (network failure, timeout). */
  readonly status: number;
  /** PostgreSQL SQLSTATE or PostgREST's own PGRST… code from the error body, if any. */
  readonly code?: string | undefined;
}

export function classifyAnswer({ status, code = '' }: ServerAnswer): Verdict {
  // Our own id already there: a replay of something the server committed.
  if (code === '23505') return 'ok';
  // Data the database refuses for good: class 22 (bad data), class 23 (constraints),
  // and 42501 (row level security: not this guest's row).
  if (code.startsWith('22') || code.startsWith('23') || code === '42501') return 'reject';
  // PGRST0xx: PostgREST cannot reach the database right now (503): transient.
  if (code.startsWith('PGRST0')) return 'retry';
  // Other PostgREST errors mean the client and the project disagree (JWT, unknown
  // table or column): retrying the same request cannot help until someone fixes it.
  if (code.startsWith('PGRST')) return 'config';
  if (status >= 200 && status < 300) return 'ok';
  // No answer, a timeout, an overloaded or broken server: nothing wrong with the row.
  if (status === 0 || status === 408 || status === 429 || status >= 500) return 'retry';
  // Any other refusal without a database code (401/403/404 from a gateway, other
  // SQLSTATE classes such as 42P01 undefined table) is about setup, not this row.
  return 'config';
}
