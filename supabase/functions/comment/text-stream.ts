/**
 * Turns a source of text pieces into a streamed body, with the two deadlines of
 * a comment: the first piece within `firstPieceMs`, everything within `totalMs`.
 * Nothing is answered before the first piece, so a source that fails early can
 * still be replaced by another (the comment's model by a local quip); after it, a
 * failure just ends the stream. The source
 * is aborted when a deadline passes or when the client goes away.
 */

export type TextSource = (signal: AbortSignal) => AsyncIterable<string>;

export interface StreamDeadlines {
  readonly firstPieceMs: number;
  readonly totalMs: number;
}

export class DeadlineError extends Error {
  override readonly name = 'DeadlineError';
}

export class ClientGoneError extends Error {
  override readonly name = 'ClientGoneError';
}

export class EmptyAnswerError extends Error {
  override readonly name = 'EmptyAnswerError';
}

export type StreamStart = { readonly ok: true; readonly body: ReadableStream<Uint8Array> } | { readonly ok: false; readonly error: unknown };

export async function startTextStream(source: TextSource, deadlines: StreamDeadlines, clientSignal: AbortSignal): Promise<StreamStart> {
  const upstream = new AbortController();
  const stop = (reason: Error) => {
    if (!upstream.signal.aborted) upstream.abort(reason);
  };
  const onClientGone = () => stop(new ClientGoneError('the client went away'));
  clientSignal.addEventListener('abort', onClientGone, { once: true });
  if (clientSignal.aborted) onClientGone();
  const totalTimer = setTimeout(() => stop(new DeadlineError(`no complete answer within ${deadlines.totalMs} ms`)), deadlines.totalMs);
  const release = () => {
    clearTimeout(totalTimer);
    clientSignal.removeEventListener('abort', onClientGone);
  };
  const pieces = source(upstream.signal)[Symbol.asyncIterator]();
  try {
    const first = await firstPiece(pieces, deadlines.firstPieceMs, stop);
    return { ok: true, body: bodyOf(first, pieces, stop, release) };
  } catch (error) {
    const cause: unknown = upstream.signal.aborted ? upstream.signal.reason : error;
    stop(new Error('the comment was abandoned'));
    release();
    return { ok: false, error: cause };
  }
}

async function firstPiece(pieces: AsyncIterator<string>, withinMs: number, stop: (reason: Error) => void): Promise<string> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      const error = new DeadlineError(`no first token within ${withinMs} ms`);
      stop(error);
      reject(error);
    }, withinMs);
  });
  try {
    const next = await Promise.race([pieces.next(), deadline]);
    if (next.done === true) throw new EmptyAnswerError('the answer was empty');
    return next.value;
  } finally {
    clearTimeout(timer);
  }
}

function bodyOf(first: string, pieces: AsyncIterator<string>, stop: (reason: Error) => void, release: () => void): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const end = (controller: ReadableStreamDefaultController<Uint8Array>) => {
    release();
    try {
      controller.close();
    } catch {
      // Already closed or cancelled: nothing left to end.
    }
  };
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controller.enqueue(encoder.encode(first));
      },
      async pull(controller) {
        try {
          const next = await pieces.next();
          if (next.done === true) end(controller);
          else controller.enqueue(encoder.encode(next.value));
        } catch {
          end(controller); // After the first token a failure ends the stream: the guest keeps what arrived.
        }
      },
      cancel() {
        stop(new ClientGoneError('the client cancelled the stream'));
        release();
      },
    },
    { highWaterMark: 0 },
  );
}
