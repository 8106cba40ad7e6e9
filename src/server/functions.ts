/** The project's Edge Functions: `host` and `payments` (JSON in, JSON out) and `comment` (JSON in, plain text streamed out). */
import type { ServerAnswer } from './answer.ts';
import { exchange, hear, heard, JSON_BODY, NO_ANSWER, send, type Caller, type Server } from './client.ts';

/**
 * How long a streamed answer may take to start: the comment function waits
 * up to 8 s for an order still on its way and 10 s for the model's first
 * word, then answers with a quip. After the start, only the caller stops it.
 */
export const STREAM_START_TIMEOUT_MS = 30_000;

/** An abort signal that fires after `ms` or with `outer`; `done` stops the clock, not `outer`. */
function deadline(ms: number, outer: AbortSignal): { readonly signal: AbortSignal; readonly done: () => void } {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException('timeout', 'TimeoutError')), ms);
  const follow = () => controller.abort(outer.reason);
  if (outer.aborted) follow();
  else outer.addEventListener('abort', follow, { once: true });
  return { signal: controller.signal, done: () => clearTimeout(timer) };
}

/** One of the project's functions, with a JSON body and a JSON answer; as the guest `as` when given (the payments function). */
export function callFunction(server: Server, name: string, body: object, as?: Caller): Promise<ServerAnswer> {
  return send(server, { path: `functions/v1/${name}`, headers: JSON_BODY, body: JSON.stringify(body), cache: 'no-store', as });
}

/** A function that streams plain text: the deadline holds until the answer starts, `signal` until it ends; ok hands over the body to read. */
export async function streamFunction(server: Server, name: string, body: object, signal: AbortSignal): Promise<ServerAnswer<ReadableStream<Uint8Array>>> {
  const clock = deadline(Math.max(server.timeoutMs, STREAM_START_TIMEOUT_MS), signal);
  const response = await exchange(server, { path: `functions/v1/${name}`, headers: JSON_BODY, body: JSON.stringify(body) }, clock.signal).finally(clock.done);
  if (!response) return NO_ANSWER;
  if (response.status === 200 && response.body && (response.headers.get('content-type') ?? '').startsWith('text/plain'))
    return heard({ kind: 'ok', data: response.body });
  // 0: no success expected here but the stream's, decided above; a refusal's JSON is still read.
  const answer = await hear(response, 0).catch(() => NO_ANSWER);
  return answer.kind === 'ok' ? NO_ANSWER : heard(answer);
}
