/** The one network call of comments: the order to the `comment` function, its plain-text answer read as it streams. */
import type { BackendConfig } from '../config/env-rules.ts';
import { serverClient, streamFunction } from '../server/index.ts';
import type { CommentRequest } from './request.ts';

/** The `comment` function of this project. */
export interface CommentEndpoint {
  readonly backend: BackendConfig;
}

export function commentEndpoint(backend: BackendConfig): CommentEndpoint {
  return { backend };
}

export interface StreamOptions {
  readonly signal: AbortSignal;
  readonly onChunk: (text: string) => void;
  /** The page's fetch unless given (Node tools, tests). */
  readonly fetch?: typeof fetch;
}

/** Hands each decoded piece to onChunk; rejects on a refusal, no answer (a TypeError, as fetch's own), a cut stream or an abort. */
export async function streamComment(endpoint: CommentEndpoint, request: CommentRequest, options: StreamOptions): Promise<void> {
  const server = serverClient(endpoint.backend, options.fetch ? { fetch: options.fetch } : {});
  const answer = await streamFunction(server, 'comment', request, options.signal);
  if (answer.kind === 'ok') return readText(answer.data, options.signal, options.onChunk);
  throw answer.status === 0 ? new TypeError('comment: no answer') : new Error(`comment answered ${answer.status}`);
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
