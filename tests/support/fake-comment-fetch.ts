/**
 * A stand-in for the `comment` function behind `fetch`. Nothing is answered
 * until the test says so: each call streams the pieces the test sends, or
 * answers with the error the test picks.
 */
import { vi } from 'vitest';

export interface CommentCall {
  readonly url: string;
  readonly method: string | undefined;
  readonly headers: Headers;
  readonly body: Record<string, unknown>;
  readonly signal: AbortSignal | undefined;
  /** One more piece of a 200 answer; lost if the reader already stopped. */
  send(piece: string | Uint8Array): void;
  finish(): void;
  /** The connection drops mid-way. */
  cut(): void;
  /** The function answers with a JSON error instead. */
  refuse(status: number): void;
  /** The request never gets through (no network). */
  fail(): void;
}

function quietly(step: () => void): void {
  try {
    step();
  } catch {
    // The reader cancelled: like bytes sent after a hang-up, they go nowhere.
  }
}

function commentCall(url: string, init: RequestInit | undefined): { call: CommentCall; answer: Promise<Response> } {
  let feed!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (controller) => void (feed = controller) });
  let resolve!: (response: Response) => void;
  let reject!: (error: Error) => void;
  const answer = new Promise<Response>((onAnswer, onFailure) => {
    resolve = onAnswer;
    reject = onFailure;
  });
  const signal = init?.signal ?? undefined;
  // A real fetch rejects on abort until its answer came.
  signal?.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
  let ok: Response | undefined;
  const streamed = () => {
    ok ??= new Response(body, { status: 200, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
    resolve(ok);
  };
  const call: CommentCall = {
    url,
    method: init?.method,
    headers: new Headers(init?.headers),
    body: JSON.parse(typeof init?.body === 'string' ? init.body : 'null') as Record<string, unknown>,
    signal,
    send: (piece) => {
      streamed();
      quietly(() => feed.enqueue(typeof piece === 'string' ? new TextEncoder().encode(piece) : piece));
    },
    finish: () => {
      streamed();
      quietly(() => feed.close());
    },
    cut: () => {
      streamed();
      quietly(() => feed.error(new TypeError('network error')));
    },
    refuse: (status) => {
      const json = JSON.stringify({ error: 'No hay comentario.' });
      resolve(new Response(json, { status, headers: { 'Content-Type': 'application/json; charset=utf-8' } }));
    },
    fail: () => reject(new TypeError('Failed to fetch')),
  };
  return { call, answer };
}

export function fakeCommentFetch() {
  const calls: CommentCall[] = [];
  const fetch = vi.fn((input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const { call, answer } = commentCall(url, init);
    calls.push(call);
    return answer;
  });
  return {
    fetch,
    /**
     * For the page's whole `fetch`: the comment function's calls go to `fetch`,
     * anything else the page asks (its party's status) is a server that knows nothing.
     */
    page: (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (url.includes('/functions/v1/comment')) return fetch(input, init);
      return Promise.resolve(new Response(JSON.stringify({ message: 'not here' }), { status: 404, headers: { 'Content-Type': 'application/json' } }));
    },
    calls,
    /** The nth call (from 0), once it was made. */
    call: (index: number): CommentCall => {
      const found = calls[index];
      if (!found) throw new Error(`no comment request #${index} yet (${calls.length} made)`);
      return found;
    },
  };
}
