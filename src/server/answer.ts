/**
 * What the app makes of the server's answer, decided once for every request:
 * only the server's own answer counts. A captive portal's 200 page, a proxy's
 * error or a stalled connection prove nothing was done, so they say "try again
 * later", never "done" or "refused".
 */

export type ServerAnswer<T = unknown> =
  /** The server did it; `data` is its JSON (null for a write that answers nothing). */
  | { readonly kind: 'ok'; readonly data: T }
  /**
   * The server said no (4xx, in its own JSON): its status; its code (PostgreSQL's
   * SQLSTATE or PostgREST's PGRST…); its reason for a person, in Spanish, as the
   * functions and the gateway write it (`error`); PostgREST's own words
   * (`message`, which the queue's classification reads); and when to ask again, if it said.
   */
  | {
      readonly kind: 'refused';
      readonly status: number;
      readonly code: string | null;
      readonly message: string | null;
      readonly detail: string | null;
      readonly retryAfterMs: number | null;
    }
  /**
   * No answer of the server's: no signal, too slow, a 5xx, or someone else's page (`status`: what came, 0 when nothing did). Try again later.
   * `timedOut`: nothing came within the request's deadline, which a slow server does too; without it, a status 0 never reached the server.
   */
  | { readonly kind: 'failed'; readonly status: number; readonly retryAfterMs: number | null; readonly timedOut?: true };

/** What came back, as the check reads it; `text` is the body, null when it was not read (an answer that cannot count). */
export interface Heard {
  readonly status: number;
  readonly contentType: string;
  readonly retryAfter: string | null;
  readonly text: string | null;
}

/** Retry-After as milliseconds: delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Whether an answer with this status may count, so its body is worth reading: the one success expected, or a refusal. */
export function worthReading(status: number, success: number): boolean {
  return status === success || (status >= 400 && status < 500);
}

function readJson(heard: Heard): { readonly value: unknown } | undefined {
  if (!heard.text || !heard.contentType.includes('application/json')) return undefined;
  try {
    return { value: JSON.parse(heard.text) as unknown };
  } catch {
    return undefined;
  }
}

const textOrNull = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/**
 * `success` is the one status the server gives this request: 200 with JSON
 * for a read, an RPC or a function; 201 or 204 for a PostgREST write (with
 * return=minimal, no body). Any other 2xx proves nothing was done.
 */
export function judge(heard: Heard, success: number): ServerAnswer {
  const retryAfterMs = parseRetryAfter(heard.retryAfter) ?? null;
  const json = readJson(heard);
  if (heard.status === success) {
    if (success !== 200) return { kind: 'ok', data: json?.value ?? null };
    if (json) return { kind: 'ok', data: json.value };
  }
  if (heard.status >= 400 && heard.status < 500 && json && typeof json.value === 'object' && json.value !== null) {
    const body = json.value as Record<string, unknown>;
    return {
      kind: 'refused',
      status: heard.status,
      code: textOrNull(body.code),
      message: textOrNull(body.error),
      detail: textOrNull(body.message),
      retryAfterMs,
    };
  }
  return { kind: 'failed', status: heard.status, retryAfterMs };
}
