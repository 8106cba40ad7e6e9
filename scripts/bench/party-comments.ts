/**
 * The party's comments: the real `comment` function (Deno) in front of the
 * local OpenAI-format server with a fixed first-token delay, its rate limits
 * in Postgres, and many guests asking at once from the bar's one public
 * address (as they do on its Wi-Fi), read by the app's own stream reader.
 */
import { startBenchedComment, type BenchedComment } from './comment-stack.ts';
import { commentEndpoint, streamComment } from '../../src/comments/stream.ts';
import { startFakeOpenAI } from '../lib/openai-server.ts';

const PIECES = ['¡Salud', ', po!', ' Otra', ' Guinness', ' y', ' te', ' sacamos', ' a', ' bailar', ' cueca,', ' cachai.'];
export const EXPECTED_COMMENT = PIECES.join('');
export const UPSTREAM = { firstPieceDelayMs: 250, pieceDelayMs: 15 };
/** A stream that takes longer than this has failed. */
const STREAM_DEADLINE_MS = 30_000;

export interface CommentResult {
  readonly text: string;
  /** Request to first chunk; -1 when none came. */
  readonly firstChunkMs: number;
  readonly totalMs: number;
  readonly error?: string;
}

/** The bar's Wi-Fi: every guest behind one public address, as the platform's edge names it. */
const BAR_ADDRESS = '203.0.113.42';

async function askForComment(fn: BenchedComment): Promise<CommentResult> {
  const order = fn.nextOrder();
  const started = performance.now();
  let firstChunkMs = -1;
  let text = '';
  const read = streamComment(
    commentEndpoint({ supabaseUrl: fn.url, supabaseAnonKey: 'bench' }),
    { guestId: order.guestId, orderId: order.orderId, name: 'Invitado de la fiesta', product: order.product, previousProducts: ['Pisco Sour'] },
    {
      signal: AbortSignal.timeout(STREAM_DEADLINE_MS),
      onChunk: (piece) => {
        if (firstChunkMs < 0) firstChunkMs = performance.now() - started;
        text += piece;
      },
      fetch: (input, init) => fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), 'cf-connecting-ip': BAR_ADDRESS } }),
    },
  );
  const error = await read.then(
    () => undefined,
    (reason: unknown) => (reason instanceof Error ? reason.message : String(reason)),
  );
  return { text, firstChunkMs, totalMs: performance.now() - started, ...(error === undefined ? {} : { error }) };
}

/** `streams` guests at once, after one warm-up comment (Deno's first request compiles the SDK's paths). */
export async function commentCrowd(streams: number): Promise<CommentResult[]> {
  const model = await startFakeOpenAI({ pieces: PIECES, ...UPSTREAM });
  try {
    const fn = await startBenchedComment(model.baseURL);
    try {
      await askForComment(fn);
      return await Promise.all(Array.from({ length: streams }, () => askForComment(fn)));
    } finally {
      await fn.stop();
    }
  } finally {
    await model.close();
  }
}
