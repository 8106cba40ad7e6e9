/** The one network call of comments: POST the order, read the streamed plain-text answer. */
import type { CommentRequest } from './request.ts';

export interface CommentEndpoint {
  readonly url: string;
  readonly anonKey: string;
}

export function commentEndpoint(backend: { readonly supabaseUrl: string; readonly supabaseAnonKey: string }): CommentEndpoint {
  return { url: `${backend.supabaseUrl}/functions/v1/comment`, anonKey: backend.supabaseAnonKey };
}

export interface StreamOptions {
  readonly signal: AbortSignal;
  readonly onChunk: (text: string) => void;
  /** The page's fetch unless given (tests). */
  readonly fetch?: typeof fetch;
}

/** Hands each decoded piece to onChunk; rejects on an error answer, a cut stream or an abort. */
export async function streamComment(endpoint: CommentEndpoint, request: CommentRequest, options: StreamOptions): Promise<void> {
  const send = options.fetch ?? globalThis.fetch.bind(globalThis);
  const response = await send(endpoint.url, {
    method: 'POST',
    headers: {
      apikey: endpoint.anonKey,
      Authorization: `Bearer ${endpoint.anonKey}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify(request),
    signal: options.signal,
  });
  if (!response.ok || !response.body) {
    void response.body?.cancel().catch(() => undefined);
    throw new Error(`comment answered ${response.status}`);
  }
  await readText(response.body, options.signal, options.onChunk);
}

async function readText(body: ReadableStream<Uint8Array>, signal: AbortSignal, onChunk: (text: string) => void) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  // Stop reading at once on abort, even where the body does not follow the fetch's signal.
  const stop = () => void reader.cancel().catch(() => undefined);
  signal.addEventListener('abort', stop, { once: true });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      signal.throwIfAborted();
      // Stream mode keeps a character split across two pieces whole.
      const text = done ? decoder.decode() : decoder.decode(value, { stream: true });
      if (text !== '') onChunk(text);
      if (done) return;
    }
  } finally {
    signal.removeEventListener('abort', stop);
  }
}
