/**
 * The functions' one way into the database: PostgREST's RPC endpoint with the
 * service role, as Supabase functions reach their project. Every call is one
 * round trip to one SQL function (supabase/migrations/), which only
 * service_role may execute.
 */

export type DatabaseAnswer = { readonly ok: true; readonly text: string } | { readonly ok: false; readonly reason: string };

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
      return { ok: false, reason: `${fn} answered ${response.status}: ${text.slice(0, 200)}` };
    } catch (error) {
      return { ok: false, reason: `${fn} unreachable: ${error instanceof Error ? error.name : String(error)}` };
    }
  };
}
