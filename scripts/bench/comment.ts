/**
 * `npm run bench:comment`: how much the Edge Function (real Deno) and the
 * app's stream reader add to the model's own time to first token and total
 * time. The model is the local OpenAI-format server with a fixed delay, so
 * the difference is ours. At 1 stream and at 50 concurrent streams.
 */
import { startCommentFunction } from '../lib/comment-function.ts';
import { streamComment } from '../../src/comments/stream.ts';
import { startFakeOpenAI, type FakeOpenAI } from '../../tests/support/openai-server.ts';
import { median, percentile, saveResults, table, type Figure } from './report.ts';

const PIECES = ['¡Salud', ', po!', ' Esa', ' Summer', ' Ale', ' te', ' queda', ' al', ' pelo,', ' cachai', ' o', ' no.'];
const UPSTREAM = { firstPieceDelayMs: 250, pieceDelayMs: 15 };
const SOLO_RUNS = 15;
const CROWD = 50;
const CROWD_WAVES = 3;

interface Timing {
  readonly firstMs: number;
  readonly totalMs: number;
}

/** The upstream on its own: a plain SSE read of the fake model. */
async function direct(model: FakeOpenAI): Promise<Timing> {
  const started = performance.now();
  const response = await fetch(`${model.baseURL}/chat/completions`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: 'Bearer sk-bench' },
    body: JSON.stringify({ model: 'gpt-4-1106-preview', stream: true, max_tokens: 150, messages: [{ role: 'user', content: 'hola' }] }),
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

/** The same model through the function, read by the app's own client code. */
async function throughFunction(functionUrl: string): Promise<Timing> {
  guestNumber += 1;
  const address = `10.${(guestNumber >> 16) & 255}.${(guestNumber >> 8) & 255}.${guestNumber & 255}`;
  const started = performance.now();
  let firstMs = -1;
  await streamComment(
    { url: `${functionUrl}/comment`, anonKey: 'bench' },
    {
      guestId: crypto.randomUUID(),
      name: 'Banco de Pruebas',
      product: { name: 'Summer Ale 500cc', price: 4400 },
      previousProducts: ['Aperol Spritz', 'Tabla Irish'],
    },
    {
      signal: new AbortController().signal,
      onChunk: () => {
        if (firstMs < 0) firstMs = performance.now() - started;
      },
      // Each simulated phone has its own address, as the gateway would report it.
      fetch: (input, init) => fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), 'x-forwarded-for': address } }),
    },
  );
  return { firstMs, totalMs: performance.now() - started };
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

export async function benchComment(): Promise<Figure[]> {
  const model = await startFakeOpenAI({ pieces: PIECES, ...UPSTREAM });
  const fn = await startCommentFunction({ port: 0, env: { OPENAI_API_KEY: 'sk-bench', OPENAI_BASE_URL: model.baseURL } });
  try {
    await throughFunction(fn.url); // warm up Deno, the SDK and the connection pool
    await direct(model);
    const soloDirect = await solo(() => direct(model));
    const soloThrough = await solo(() => throughFunction(fn.url));
    const crowdDirect = await crowd(() => direct(model));
    const crowdThrough = await crowd(() => throughFunction(fn.url));
    const added = (through: number[], base: number[]) => median(through) - median(base);
    const soloFirst = added(first(soloThrough), first(soloDirect));
    const figures: Figure[] = [
      { name: 'comment: upstream first token (fixed delay)', value: median(first(soloDirect)), unit: 'ms', target: '', pass: null },
      { name: 'comment: added to first visible text, 1 stream', value: soloFirst, unit: 'ms', target: '< 30', pass: soloFirst < 30 },
      { name: 'comment: added to total time, 1 stream', value: added(total(soloThrough), total(soloDirect)), unit: 'ms', target: '', pass: null },
      { name: `comment: added to first visible text, ${CROWD} streams (median)`, value: added(first(crowdThrough), first(crowdDirect)), unit: 'ms', target: '', pass: null },
      { name: `comment: first visible text p99, ${CROWD} streams`, value: percentile(first(crowdThrough), 99), unit: 'ms', target: '', pass: null },
      { name: `comment: added to total time, ${CROWD} streams (median)`, value: added(total(crowdThrough), total(crowdDirect)), unit: 'ms', target: '', pass: null },
    ];
    await saveResults('comment', { upstream: UPSTREAM, soloDirect, soloThrough, crowdDirect, crowdThrough, figures });
    return figures;
  } finally {
    await fn.stop();
    await model.close();
  }
}

if (import.meta.url === `file://${process.argv[1] ?? ''}`) {
  console.log(table(await benchComment()));
}
