/**
 * The functions' one way into the database: PostgREST's RPC endpoint with the
 * service role, as Supabase functions reach their project. Every call is one
 * round trip to one SQL function (supabase/migrations/), which only
 * service_role may execute.
 */

/**
 * A refusal keeps PostgreSQL's SQLSTATE (`code`) and message as PostgREST
 * answered them, so the caller can tell a constraint's refusal or a race
 * (class 23, 40) from a database it cannot reach; `reason` is one log line.
 */
export type DatabaseAnswer =
  { readonly ok: true; readonly text: string } | { readonly ok: false; readonly reason: string; readonly code?: string; readonly message?: string };

export type Database = (fn: string, args: Readonly<Record<string, unknown>>) => Promise<DatabaseAnswer>;

export interface DatabaseOptions {
  /** PostgREST's base URL, e.g. `${SUPABASE_URL}/rest/v1`. */
  readonly restUrl: string;
  readonly serviceRoleKey: string;
  readonly fetch?: typeof fetch;
  readonly timeoutMs?: number;
}

export function createDatabase(options: DatabaseOptions): Database {
  const send = options.fetch ?? globalThis.fetch.bind(globalThis);
  const timeoutMs = options.timeoutMs ?? 10_000;
  return async (fn, args) => {
    try {
      const response = await send(`${options.restUrl}/rpc/${fn}`, {
        method: 'POST',
        headers: {
          apikey: options.serviceRoleKey,
          Authorization: `Bearer ${options.serviceRoleKey}`,
          'Content-Type': 'application/json',
          Accept: 'application/json',
        },
        body: JSON.stringify(args),
        signal: AbortSignal.timeout(timeoutMs),
      });
      const text = await response.text();
      if (response.ok) return { ok: true, text };
      const { code, message } = postgrestError(text);
      const reason = `${fn} answered ${response.status}: ${text.slice(0, 300).replace(/\s+/g, ' ')}`;
      return { ok: false, reason, ...(code ? { code } : {}), ...(message ? { message } : {}) };
    } catch (error) {
      return { ok: false, reason: `${fn} unreachable: ${error instanceof Error ? error.name : String(error)}` };
    }
  };
}

/** PostgREST's error body `{ code, message, details, hint }`, as far as it is one. */
function postgrestError(text: string): { code?: string; message?: string } {
  try {
    const body: unknown = JSON.parse(text);
    if (typeof body !== 'object' || body === null) return {};
    const { code, message } = body as { code?: unknown; message?: unknown };
    return { ...(typeof code === 'string' ? { code } : {}), ...(typeof message === 'string' ? { message } : {}) };
  } catch {
    return {};
  }
}
