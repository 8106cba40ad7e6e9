/** Answers of the function: JSON errors and the streamed plain-text comment. */

export interface ErrorAnswer {
  readonly status: number;
  readonly error: string;
  readonly issues?: readonly { readonly path: string; readonly message: string }[];
  readonly retryAfterSeconds?: number;
  readonly headers?: Record<string, string>;
}

export function jsonError(answer: ErrorAnswer, cors: Record<string, string>): Response {
  const headers: Record<string, string> = {
    ...cors,
    ...answer.headers,
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  };
  if (answer.retryAfterSeconds !== undefined) headers['Retry-After'] = String(answer.retryAfterSeconds);
  const body = answer.issues ? { error: answer.error, issues: answer.issues } : { error: answer.error };
  return new Response(JSON.stringify(body), { status: answer.status, headers });
}

export function textStream(body: ReadableStream<Uint8Array>, cors: Record<string, string>): Response {
  return new Response(body, {
    status: 200,
    headers: {
      ...cors,
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
