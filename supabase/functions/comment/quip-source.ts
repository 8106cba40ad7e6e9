/** The local quip, streamed in small pieces through the same path as the model's answer. */
import type { CommentOrder } from '../_shared/comment-request.ts';
import { chooseQuip, quipChunks } from './quips.ts';
import type { TextSource } from './text-stream.ts';

export function quipSource(order: CommentOrder, pauseMs: number): TextSource {
  const chunks = quipChunks(chooseQuip(order));
  return async function* streamQuip(signal) {
    for (const [index, chunk] of chunks.entries()) {
      if (index > 0) await pause(pauseMs, signal);
      yield chunk;
    }
  };
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason as Error);
      return;
    }
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
