/**
 * A local stand-in for OpenAI's chat completions API: answers
 * `POST /v1/chat/completions` with server-sent `chat.completion.chunk` events
 * and `data: [DONE]`; a request that is not streamed and asks for Structured
 * Outputs (a vision model reading a photo of the bar's bill, issue 41) gets a
 * `chat.completion` with the scripted reading (openai-vision.ts). Each answer follows a script (the server's default, or the
 * next one queued): delays, an error status in OpenAI's error shape, a cut
 * connection, a malformed chunk, a gate that holds everything after the first
 * piece, or silence. It answers as a kind of model does (`kind`): a plain chat
 * model, one OpenAI has shut down, or a reasoning model with its rules on
 * `max_tokens`, `max_completion_tokens` and `reasoning_effort`. Each piece
 * counts as one token. Every request is recorded for the test to inspect.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { modelRefusal, ownErrorOf, tokenPlan, type ModelKind, type OpenAIError, type ReasoningRules } from './openai-models.ts';
import { asksForSchema, schemaCompletion, schemaRequestProblem, type VisionScript } from './openai-vision.ts';

export type { ModelKind, ReasoningRules } from './openai-models.ts';

export interface ScriptedAnswer extends VisionScript {
  /** The answer's pieces, one chunk each. */
  readonly pieces?: readonly string[];
  /** Wait before the first piece. */
  readonly firstPieceDelayMs?: number;
  /** Wait between pieces. */
  readonly pieceDelayMs?: number;
  /** Answer this status with a JSON error instead of a stream (429, 500…). */
  readonly status?: number;
  readonly retryAfterSeconds?: number;
  /** The error's message (tests put secrets here to see they do not leak). */
  readonly errorMessage?: string;
  /** Destroy the socket after this many pieces. */
  readonly cutAfterPieces?: number;
  /** Send a chunk that is not JSON after this many pieces. */
  readonly malformedAfterPieces?: number;
  /** Hold everything after the first piece (more pieces, a cut, garbage) until this settles. */
  readonly gate?: Promise<void>;
  /** Which kind of model answers (`plain` unless given): see `openai-models.ts`. */
  readonly kind?: ModelKind;
  /** A reasoning model's rules (`kind: 'reasoning'`): the efforts it takes, the tokens it reasons. */
  readonly reasoning?: ReasoningRules;
  /** Open the stream, then never send a piece: the connection stays open until the client leaves. */
  readonly silent?: boolean;
}

export interface RecordedRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingMessage['headers'];
  /** The parsed JSON body (model, messages, max_tokens, stream…). */
  readonly body: Record<string, unknown>;
  /** How many pieces were written so far. */
  readonly sentPieces: number;
  /** True once the whole answer was written. */
  readonly finished: boolean;
  /** Settles when the connection closes, whoever closed it. */
  readonly closed: Promise<void>;
}

export interface FakeOpenAI {
  /** Base URL to give the SDK (ends in /v1). */
  readonly baseURL: string;
  readonly requests: readonly RecordedRequest[];
  /** The script for the next request only (queued in order). */
  queue(answer: ScriptedAnswer): void;
  /** Settles with the next request to arrive from now on. */
  nextRequest(): Promise<RecordedRequest>;
  close(): Promise<void>;
}

const DEFAULT_PIECES = ['¡Salud', ', po!', ' Esa', ' cerveza', ' está', ' la raja.'];

export async function startFakeOpenAI(defaults: ScriptedAnswer = {}): Promise<FakeOpenAI> {
  const requests: RecordedRequest[] = [];
  const queued: ScriptedAnswer[] = [];
  let waiting: ((request: RecordedRequest) => void)[] = [];
  const server = createServer((req, res) => {
    void readJson(req).then((body) => {
      const record = recordRequest(req, res, body);
      requests.push(record.view);
      for (const waiter of waiting) waiter(record.view);
      waiting = [];
      return answer(res, queued.shift() ?? defaults, body, record.progress);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    queue: (answer) => queued.push(answer),
    nextRequest: () => new Promise((resolve) => waiting.push(resolve)),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

interface Progress {
  sentPieces: number;
  finished: boolean;
}

function recordRequest(req: IncomingMessage, res: ServerResponse, body: Record<string, unknown>) {
  const progress: Progress = { sentPieces: 0, finished: false };
  const closed = new Promise<void>((resolve) => res.once('close', () => resolve()));
  const view: RecordedRequest = {
    method: req.method ?? '',
    path: req.url ?? '',
    headers: req.headers,
    body,
    get sentPieces() {
      return progress.sentPieces;
    },
    get finished() {
      return progress.finished;
    },
    closed,
  };
  return { view, progress };
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  try {
    return JSON.parse(Buffer.concat(parts).toString('utf8')) as Record<string, unknown>;
  } catch {
    return {};
  }
}

async function answer(res: ServerResponse, script: ScriptedAnswer, body: Record<string, unknown>, progress: Progress) {
  const gone = new AbortController();
  res.once('close', () => gone.abort());
  try {
    if (script.firstPieceDelayMs) await delay(script.firstPieceDelayMs, undefined, { signal: gone.signal });
    const model = typeof body.model === 'string' ? body.model : 'unknown';
    const refusal = script.status === undefined ? modelRefusal(script, body) : ownErrorOf(script, model);
    if (refusal) {
      answerError(res, refusal, script.retryAfterSeconds);
      return;
    }
    if (asksForSchema(body)) {
      const problem = schemaRequestProblem(body);
      if (problem) answerError(res, problem, undefined);
      else answerJson(res, schemaCompletion(body, script), progress);
      return;
    }
    if (script.silent) await holdSilent(res, model, gone.signal);
    else await streamPieces(res, script, body, progress, gone.signal);
  } catch {
    // The client went away while we waited: nothing more to send.
  }
}

function answerError(res: ServerResponse, refusal: OpenAIError, retryAfterSeconds: number | undefined) {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (retryAfterSeconds !== undefined) headers['Retry-After'] = String(retryAfterSeconds);
  res.writeHead(refusal.status, headers);
  res.end(JSON.stringify({ error: refusal.error }));
}

function answerJson(res: ServerResponse, completion: unknown, progress: Progress) {
  res.writeHead(200, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(completion));
  progress.finished = true;
}

function openStream(res: ServerResponse) {
  res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache', Connection: 'keep-alive' });
}

/** A model that took the request and never says a word: headers and the role, then nothing until the client leaves. */
async function holdSilent(res: ServerResponse, model: string, signal: AbortSignal) {
  openStream(res);
  res.write(event(chunk(model, { role: 'assistant', content: '' }, null)));
  await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
}

async function streamPieces(res: ServerResponse, script: ScriptedAnswer, body: Record<string, unknown>, progress: Progress, signal: AbortSignal) {
  const model = typeof body.model === 'string' ? body.model : 'unknown';
  const plan = tokenPlan(script, body, script.pieces ?? DEFAULT_PIECES);
  openStream(res);
  // A reasoning model opens with the role and no text, then thinks before its first piece.
  if (plan.opensWithRole) res.write(event(chunk(model, { role: 'assistant', content: '' }, null)));
  for (const [index, piece] of plan.pieces.entries()) {
    if (index === 1 && script.gate) await script.gate;
    if (index === script.cutAfterPieces) {
      res.socket?.destroy();
      return;
    }
    if (index === script.malformedAfterPieces) res.write('data: {"id": "chatcmpl-fake", "choices": [\n\n');
    if (index > 0 && script.pieceDelayMs) await delay(script.pieceDelayMs, undefined, { signal });
    if (signal.aborted) return;
    res.write(event(chunk(model, { content: piece, ...(index === 0 && !plan.opensWithRole ? { role: 'assistant' } : {}) }, null)));
    progress.sentPieces = index + 1;
  }
  res.write(event(chunk(model, {}, plan.finishReason)));
  res.end('data: [DONE]\n\n');
  progress.finished = true;
}

function chunk(model: string, delta: Record<string, string>, finishReason: string | null) {
  return {
    id: 'chatcmpl-fake',
    object: 'chat.completion.chunk',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
  };
}

function event(data: unknown): string {
  return `data: ${JSON.stringify(data)}\n\n`;
}
