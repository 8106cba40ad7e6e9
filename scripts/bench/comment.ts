/**
 * `npm run bench:comment`: how much the Edge Function (real Deno, its rate
 * limits kept in the real local Postgres) and the app's stream reader add to
 * the model's own time to first token and total time. The model is the local
 * OpenAI-format server with a fixed delay, answering as OpenAI does for the
 * function's default model (a reasoning model: a wrong parameter would turn
 * every comment into a local quip), so the difference is ours. At 1 stream and
 * at 50 concurrent streams, from one address shared by the whole bar (as a
 * bar's Wi-Fi is) and from one address per guest; and how many of them the
 * model served.
 */
import { startBenchedComment, type BenchedComment } from './comment-stack.ts';
import { commentEndpoint, streamComment } from '../../src/comments/stream.ts';
import { startFakeOpenAI, type FakeOpenAI } from '../lib/openai-server.ts';
import { DEFAULT_MODEL } from '../../supabase/functions/comment/model-source.ts';
import { commentTokenParameters } from '../../supabase/functions/comment/model-parameters.ts';
import { median, percentile, saveResults, table, type Figure } from './report.ts';

const PIECES = ['¡Salud', ', po!', ' Esa', ' Summer', ' Ale', ' te', ' queda', ' al', ' pelo,', ' cachai', ' o', ' no.'];
const MODEL_COMMENT = PIECES.join('');
const UPSTREAM = { firstPieceDelayMs: 250, pieceDelayMs: 15 };
const SOLO_RUNS = 15;
const CROWD = 50;
/** Two waves from the bar's one address stay under its 120 comments a minute (with the solo runs). */
const CROWD_WAVES = 2;
const BAR_ADDRESS = '203.0.113.10';

interface Timing {
  readonly firstMs: number;
  readonly totalMs: number;
  /** What the guest read (through the function only). */
  readonly text?: string;
}

/** The upstream on its own: a plain SSE read of the fake model. */
async function direct(model: FakeOpenAI): Promise<Timing> {
  const started = performance.now();
  const response = await fetch(`${model.baseURL}/chat/completions`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: 'Bearer sk-bench' },
    body: JSON.stringify({ model: DEFAULT_MODEL, stream: true, ...commentTokenParameters(DEFAULT_MODEL), messages: [{ role: 'user', content: 'hola' }] }),
  });
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let firstMs = -1;
  let seen = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    seen += decoder.decode(value, { stream: true });
    if (firstMs < 0 && seen.includes('"content"')) firstMs = performance.now() - started;
  }
  return { firstMs, totalMs: performance.now() - started };
}

let guestNumber = 0;

/** One address per guest, or the bar's one shared address, as the platform's edge would name it. */
type Addresses = 'per guest' | 'shared';

/** The same model through the function, read by the app's own client code. */
async function throughFunction(fn: BenchedComment, addresses: Addresses): Promise<Timing> {
  const order = fn.nextOrder();
  guestNumber += 1;
  const address = addresses === 'shared' ? BAR_ADDRESS : `10.${(guestNumber >> 16) & 255}.${(guestNumber >> 8) & 255}.${guestNumber & 255}`;
  const started = performance.now();
  let firstMs = -1;
  let text = '';
  await streamComment(
    commentEndpoint({ supabaseUrl: fn.url, supabaseAnonKey: 'bench' }),
    {
      guestId: order.guestId,
      orderId: order.orderId,
      name: 'Banco de Pruebas',
      product: order.product,
      previousProducts: ['Aperol Spritz', 'Tabla Irish'],
    },
    {
      signal: new AbortController().signal,
      onChunk: (piece) => {
        if (firstMs < 0) firstMs = performance.now() - started;
        text += piece;
      },
      fetch: (input, init) => fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), 'cf-connecting-ip': address } }),
    },
  );
  return { firstMs, totalMs: performance.now() - started, text };
}

async function solo(run: () => Promise<Timing>): Promise<Timing[]> {
  const timings: Timing[] = [];
  for (let index = 0; index < SOLO_RUNS; index += 1) timings.push(await run());
  return timings;
}

async function crowd(run: () => Promise<Timing>): Promise<Timing[]> {
  const timings: Timing[] = [];
  for (let wave = 0; wave < CROWD_WAVES; wave += 1) timings.push(...(await Promise.all(Array.from({ length: CROWD }, run))));
  return timings;
}

const first = (timings: Timing[]) => timings.map((timing) => timing.firstMs);
const total = (timings: Timing[]) => timings.map((timing) => timing.totalMs);

async function measure(fn: BenchedComment, model: FakeOpenAI) {
  await throughFunction(fn, 'per guest'); // warm up Deno, the SDK, the database and the connection pools
  await direct(model);
  return {
    soloDirect: await solo(() => direct(model)),
    soloShared: await solo(() => throughFunction(fn, 'shared')),
    crowdDirect: await crowd(() => direct(model)),
    crowdShared: await crowd(() => throughFunction(fn, 'shared')),
    crowdPerGuest: await crowd(() => throughFunction(fn, 'per guest')),
  };
}

function figuresOf(runs: Awaited<ReturnType<typeof measure>>): Figure[] {
  const added = (through: number[], base: number[]) => median(through) - median(base);
  const soloFirst = added(first(runs.soloShared), first(runs.soloDirect));
  const crowdFigures = (label: string, timings: Timing[]): Figure[] => [
    {
      name: `comment: added to first visible text, ${CROWD} streams, ${label} (median)`,
      value: added(first(timings), first(runs.crowdDirect)),
      unit: 'ms',
      target: '',
      pass: null,
    },
    { name: `comment: first visible text p99, ${CROWD} streams, ${label}`, value: percentile(first(timings), 99), unit: 'ms', target: '', pass: null },
    {
      name: `comment: added to total time, ${CROWD} streams, ${label} (median)`,
      value: added(total(timings), total(runs.crowdDirect)),
      unit: 'ms',
      target: '',
      pass: null,
    },
    servedByModel(`${CROWD_WAVES} waves of ${CROWD} streams, ${label}`, timings),
  ];
  return [
    { name: 'comment: upstream first token (fixed delay)', value: median(first(runs.soloDirect)), unit: 'ms', target: '', pass: null },
    { name: 'comment: added to first visible text, 1 stream (limits in Postgres)', value: soloFirst, unit: 'ms', target: '≤ 10', pass: soloFirst <= 10 },
    { name: 'comment: added to total time, 1 stream', value: added(total(runs.soloShared), total(runs.soloDirect)), unit: 'ms', target: '', pass: null },
    ...crowdFigures('one bar address', runs.crowdShared),
    ...crowdFigures('an address per guest', runs.crowdPerGuest),
  ];
}

/** Every guest read the model's comment: none got a local quip because the model refused what it was asked. */
function servedByModel(label: string, timings: readonly Timing[]): Figure {
  const served = timings.filter((timing) => timing.text === MODEL_COMMENT).length;
  return { name: `comment: served by the model, ${label}`, value: served, unit: 'comments', target: `= ${timings.length}`, pass: served === timings.length };
}

export async function benchComment(): Promise<Figure[]> {
  const model = await startFakeOpenAI({ pieces: PIECES, ...UPSTREAM, kind: 'openai' });
  const fn = await startBenchedComment(model.baseURL).catch(async (error: unknown) => {
    await model.close();
    throw error;
  });
  try {
    const runs = await measure(fn, model);
    const figures = figuresOf(runs);
    await saveResults('comment', { upstream: UPSTREAM, ...runs, figures });
    return figures;
  } finally {
    await fn.stop();
    await model.close();
  }
}

if (import.meta.url === `file://${process.argv[1] ?? ''}`) {
  console.log(table(await benchComment()));
}
