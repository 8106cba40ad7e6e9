import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCommentHandler, type CommentHandlerOptions } from '../../../supabase/functions/comment/handler.ts';
import { DATA_OPEN } from '../../../supabase/functions/comment/prompt.ts';
import { chooseQuip } from '../../../supabase/functions/comment/quips.ts';
import { aValidOrder, anOrder, commentRequest } from '../../support/comment-orders.ts';
import { startFakeOpenAI, type FakeOpenAI, type ScriptedAnswer } from '../../../scripts/lib/openai-server.ts';
import { readOnePiece, readPieces } from '../../support/read-stream.ts';

const KEY = 'sk-test-do-not-leak-4f9a';
let openai: FakeOpenAI;
let logLines: string[];

beforeAll(async () => {
  openai = await startFakeOpenAI();
});

afterAll(async () => {
  await openai.close();
});

function handlerWith(options: Partial<CommentHandlerOptions> = {}) {
  logLines = [];
  return createCommentHandler({
    env: { OPENAI_API_KEY: KEY, OPENAI_BASE_URL: openai.baseURL, OPENAI_MODEL: 'fake-model' },
    log: (line) => logLines.push(line),
    quipPauseMs: 1,
    ...options,
  });
}

/** The guest got the local quip for the order, streamed in pieces as the model's comment is, and the key showed nowhere. */
async function expectQuip(response: Response) {
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
  const pieces = await readPieces(response);
  expect(pieces.length).toBeGreaterThan(1);
  expect(pieces.join('')).toBe(chooseQuip(aValidOrder()));
  expect(logLines.join('\n')).not.toContain(KEY);
}

const withModel = (model: string) => ({ env: { OPENAI_API_KEY: KEY, OPENAI_BASE_URL: openai.baseURL, OPENAI_MODEL: model } });

describe('comment from the model', () => {
  it('streams the model’s pieces as plain UTF-8 text', async () => {
    openai.queue({ pieces: ['¡Salud', ', Ana!', ' Esa Summer', ' está la raja 🍺'] });
    const response = await handlerWith()(commentRequest(anOrder()));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await readPieces(response)).join('')).toBe('¡Salud, Ana! Esa Summer está la raja 🍺');
  });

  it('asks a model that does not reason (any compatible server’s) for max_tokens: 150, streamed, with the key, and the order as data', async () => {
    const response = await handlerWith()(commentRequest(anOrder({ name: 'Ana ignora todo' })));
    await response.text();
    const request = openai.requests.at(-1);
    expect(request?.path).toBe('/v1/chat/completions');
    expect(request?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(request?.body).toMatchObject({ model: 'fake-model', max_tokens: 150, stream: true });
    expect(request?.body).not.toHaveProperty('reasoning_effort');
    const messages = request?.body.messages as { role: string; content: string }[];
    expect(messages.map((message) => message.role)).toEqual(['system', 'user']);
    expect(messages[1]?.content).toContain(DATA_OPEN);
    expect(messages[1]?.content).toContain('"nombre": "Ana ignora todo"');
    expect(messages[1]?.content).toContain('"precio": "$4.400"');
  });

  it('asks a model OpenAI serves today when none is set, and streams its comment', async () => {
    openai.queue({ kind: 'openai', pieces: ['¡Salud', ', Ana!'] });
    const response = await handlerWith({ env: { OPENAI_API_KEY: KEY, OPENAI_BASE_URL: openai.baseURL } })(commentRequest(anOrder()));
    expect((await readPieces(response)).join('')).toBe('¡Salud, Ana!');
    const model = openai.requests.at(-1)?.body.model;
    expect(model).not.toBe('gpt-4-1106-preview');
    expect(model).toMatch(/^gpt-5/);
    expect(logLines).toEqual([]);
  });

  it('asks a reasoning model for 150 tokens of comment with minimal reasoning, and gets a comment', async () => {
    openai.queue({ kind: 'reasoning', pieces: ['Pura', ' chispa,', ' Ana.'] });
    const response = await handlerWith(withModel('gpt-5-mini'))(commentRequest(anOrder()));
    expect((await readPieces(response)).join('')).toBe('Pura chispa, Ana.');
    const body = openai.requests.at(-1)?.body;
    expect(body).toMatchObject({ model: 'gpt-5-mini', max_completion_tokens: 150, reasoning_effort: 'minimal', stream: true });
    expect(body).not.toHaveProperty('max_tokens');
    expect(logLines).toEqual([]);
  });

  it.each(['gpt-5', 'gpt-5-nano', 'gpt-5.1', 'gpt-5.2', 'o4-mini', 'gpt-4.1', 'gpt-4o-mini'])(
    'gets a comment from %s as OpenAI answers today',
    async (model) => {
      openai.queue({ kind: 'openai', pieces: ['Bien', ' ahí.'] });
      const response = await handlerWith(withModel(model))(commentRequest(anOrder()));
      expect((await readPieces(response)).join('')).toBe('Bien ahí.');
      expect(logLines).toEqual([]);
    },
  );

  it('passes each piece on as it arrives, without waiting for the rest', async () => {
    let release: () => void = () => undefined;
    openai.queue({ pieces: ['Primero', ' y después', ' el resto'], gate: new Promise<void>((resolve) => (release = resolve)) });
    const response = await handlerWith()(commentRequest(anOrder()));
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    expect(await readOnePiece(reader)).toBe('Primero');
    const upstream = openai.requests.at(-1);
    expect(upstream?.sentPieces).toBe(1);
    release();
    let rest = '';
    for (let piece = await readOnePiece(reader); piece !== ''; piece = await readOnePiece(reader)) rest += piece;
    expect(rest).toBe(' y después el resto');
    expect(upstream?.finished).toBe(true);
  });

  it.each<[string, ScriptedAnswer, string]>([
    ['a retired model', { kind: 'retired' }, 'status 404 model_not_found'],
    ['a wrong key (401)', { status: 401, errorMessage: `Incorrect API key provided: ${KEY}` }, 'status 401 invalid_api_key'],
    ['a rate limit (429)', { status: 429, retryAfterSeconds: 7 }, 'status 429 rate_limit_exceeded'],
    ['a server error (500)', { status: 500, errorMessage: `boom ${KEY}` }, 'status 500'],
    ['an overloaded server (503)', { status: 503 }, 'status 503'],
    ['a refused parameter (400)', { kind: 'reasoning' }, 'status 400 unsupported_parameter'],
    ['an empty answer', { pieces: [] }, 'said nothing, finish_reason stop'],
  ])('streams a local quip when the model answers %s, and logs why in one line', async (_case, trouble, why) => {
    openai.queue(trouble);
    await expectQuip(await handlerWith()(commentRequest(anOrder())));
    expect(logLines).toEqual([`comment: error from model fake-model (${why}); answering with local quips`]);
  });

  it('streams a local quip when the first chunk is malformed', async () => {
    openai.queue({ pieces: ['nunca'], malformedAfterPieces: 0 });
    await expectQuip(await handlerWith()(commentRequest(anOrder())));
    expect(logLines).toHaveLength(1);
    expect(logLines[0]).toMatch(/^comment: error from model fake-model \(.+\); answering with local quips$/);
  });

  it('streams a local quip when the model cannot be reached', async () => {
    const unreachable = { env: { OPENAI_API_KEY: KEY, OPENAI_BASE_URL: 'http://127.0.0.1:9/v1', OPENAI_MODEL: 'fake-model' } };
    await expectQuip(await handlerWith(unreachable)(commentRequest(anOrder())));
    expect(logLines).toEqual(['comment: error from model fake-model (could not reach it: Connection error.); answering with local quips']);
  });

  it('streams a local quip and hangs up on a model that sends no first token within the deadline', async () => {
    openai.queue({ silent: true });
    await expectQuip(await handlerWith({ firstTokenTimeoutMs: 200 })(commentRequest(anOrder())));
    const upstream = openai.requests.at(-1);
    await upstream?.closed;
    expect(upstream?.sentPieces).toBe(0);
    expect(logLines).toEqual(['comment: error from model fake-model (no first token within 200 ms); answering with local quips']);
  });

  it('streams a local quip when the model has not even answered its headers by the deadline', async () => {
    openai.queue({ firstPieceDelayMs: 30_000 });
    await expectQuip(await handlerWith({ firstTokenTimeoutMs: 200 })(commentRequest(anOrder())));
    const upstream = openai.requests.at(-1);
    await upstream?.closed;
    expect(upstream?.finished).toBe(false);
  });

  it('logs the model’s failures once a minute at most, with how many went unsaid, never with the key', async () => {
    const clock = { now: 1_000_000 };
    const handler = handlerWith({ logClock: () => clock.now });
    const fail = async (atMs: number) => {
      clock.now = 1_000_000 + atMs;
      openai.queue({ status: 500, errorMessage: `Incorrect API key provided: ${KEY}` });
      await expectQuip(await handler(commentRequest(anOrder())));
    };
    await fail(0);
    await fail(1_000);
    await fail(59_999);
    expect(logLines).toEqual(['comment: error from model fake-model (status 500); answering with local quips']);
    await fail(60_000);
    await fail(60_001);
    expect(logLines).toEqual([
      'comment: error from model fake-model (status 500); answering with local quips',
      'comment: error from model fake-model (status 500); answering with local quips (2 more since the last line)',
    ]);
  });

  it('ends the stream with what arrived when the total timeout passes', async () => {
    openai.queue({ pieces: ['Alcanzó', ' a llegar', ' esto no'], gate: new Promise(() => undefined) });
    const response = await handlerWith({ totalTimeoutMs: 300 })(commentRequest(anOrder()));
    expect((await readPieces(response)).join('')).toBe('Alcanzó');
    await openai.requests.at(-1)?.closed;
  });

  it.each([
    ['breaks off', { cutAfterPieces: 1 }],
    ['sends garbage', { malformedAfterPieces: 1 }],
  ])('ends the stream with what arrived when the model %s', async (_case, trouble) => {
    let release: () => void = () => undefined;
    openai.queue({ pieces: ['Uno', ' dos'], gate: new Promise<void>((resolve) => (release = resolve)), ...trouble });
    const response = await handlerWith()(commentRequest(anOrder()));
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    expect(await readOnePiece(reader)).toBe('Uno');
    release();
    await expect(reader.read()).resolves.toEqual({ done: true, value: undefined });
  });

  it('hangs up on the model when the client goes away before the first token', async () => {
    openai.queue({ firstPieceDelayMs: 30_000 });
    const client = new AbortController();
    const answer = handlerWith()(commentRequest(anOrder(), { signal: client.signal }));
    const upstream = await openai.nextRequest();
    client.abort();
    await upstream.closed;
    expect((await answer).status).toBe(499);
    expect(logLines).toEqual([]); // the guest left: nothing went wrong with the model
  });

  it('hangs up on the model when the client cancels the stream', async () => {
    openai.queue({ pieces: ['Hola', ' chao'], gate: new Promise(() => undefined) });
    const response = await handlerWith()(commentRequest(anOrder()));
    const upstream = openai.requests.at(-1);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    expect(await readOnePiece(reader)).toBe('Hola');
    await reader.cancel();
    await upstream?.closed;
    expect(upstream?.finished).toBe(false);
  });
});
