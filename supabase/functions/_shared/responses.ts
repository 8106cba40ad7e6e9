/** Answers of the function: JSON errors and the streamed plain-text comment, each with the security headers. */
import { API_SECURITY_HEADERS } from './security-headers.ts';

export interface ErrorAnswer {
  readonly status: number;
  readonly error: string;
  readonly issues?: readonly { readonly path: string; readonly message: string }[];
  /** An import's bad lines: each line's number (1-based) and its problem. */
  readonly problems?: readonly { readonly line: number; readonly problem: string }[];
  readonly retryAfterSeconds?: number;
  readonly headers?: Record<string, string>;
  /** What kind of refusal it is, for a page that answers it (e.g. 'moves_paid': ask the host first). */
  readonly code?: string;
}

/** A JSON answer's headers: CORS, never cached, and the security headers last, so nothing replaces them. */
export function jsonHeaders(cors: Record<string, string>, extra: Record<string, string> = {}): Record<string, string> {
  return { ...cors, ...extra, 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...API_SECURITY_HEADERS };
}

export function jsonError(answer: ErrorAnswer, cors: Record<string, string>): Response {
  const headers = jsonHeaders(cors, answer.headers);
  if (answer.retryAfterSeconds !== undefined) headers['Retry-After'] = String(answer.retryAfterSeconds);
  const body = {
    error: answer.error,
    ...(answer.code ? { code: answer.code } : {}),
    ...(answer.issues ? { issues: answer.issues } : {}),
    ...(answer.problems ? { problems: answer.problems } : {}),
  };
  return new Response(JSON.stringify(body), { status: answer.status, headers });
}

export function textStream(body: ReadableStream<Uint8Array>, cors: Record<string, string>): Response {
  return new Response(body, {
    status: 200,
    headers: { ...cors, 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...API_SECURITY_HEADERS },
  });
}

/**
 * The answer with the security headers, over any of the same name: whatever a
 * handler built, by hand too, leaves with them. The body is not touched, so a
 * stream stays a stream.
 */
export function secured(response: Response): Response {
  try {
    for (const [name, value] of Object.entries(API_SECURITY_HEADERS)) response.headers.set(name, value);
    return response;
  } catch {
    // A Response from fetch() has immutable headers: the same body and status under a copy of them.
    const copy = new Response(response.body, { status: response.status, statusText: response.statusText, headers: response.headers });
    for (const [name, value] of Object.entries(API_SECURITY_HEADERS)) copy.headers.set(name, value);
    return copy;
  }
}
