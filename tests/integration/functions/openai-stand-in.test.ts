/**
 * The OpenAI stand-in answers as the kinds of model the function meets: one
 * OpenAI has shut down, a reasoning model with its rules on tokens and effort,
 * the usual error statuses, and a model that never says a word. Read with
 * plain fetch, so what is checked is the wire, not an SDK's reading of it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '../../../scripts/lib/openai-server.ts';

let openai: FakeOpenAI;
/** What every model here says when it says something. */
const SAY = { pieces: ['¡Salud', ', po!'] };

beforeAll(async () => {
  openai = await startFakeOpenAI(SAY);
});

afterAll(async () => {
  await openai.close();
});

const ask = (body: Record<string, unknown>, init: RequestInit = {}) =>
  fetch(`${openai.baseURL}/chat/completions`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: 'Bearer sk-stand-in' },
    body: JSON.stringify({ messages: [{ role: 'user', content: 'hola' }], stream: true, ...body }),
    ...init,
  });

interface Chunk {
  readonly choices: readonly { readonly delta: { readonly content?: string }; readonly finish_reason: string | null }[];
}

/** The stream's chunks, up to `[DONE]`. */
async function chunksOf(response: Response): Promise<Chunk[]> {
  const text = await response.text();
  const data = text.split('\n\n').filter((event) => event.startsWith('data: ') && event !== 'data: [DONE]');
  return data.map((event) => JSON.parse(event.slice('data: '.length)) as Chunk);
}

const contentOf = (chunks: Chunk[]) => chunks.map((chunk) => chunk.choices[0]?.delta.content ?? '').join('');
const finishOf = (chunks: Chunk[]) => chunks.at(-1)?.choices[0]?.finish_reason;

describe('the OpenAI stand-in', () => {
  it('answers as a retired model with OpenAI’s 404 model_not_found', async () => {
    openai.queue({ ...SAY, kind: 'retired' });
    const response = await ask({ model: 'gpt-4-1106-preview', max_tokens: 150 });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: {
        message: 'The model `gpt-4-1106-preview` has been deprecated, learn more here: https://platform.openai.com/docs/deprecations',
        type: 'invalid_request_error',
        param: null,
        code: 'model_not_found',
      },
    });
  });

  it('answers as a reasoning model: max_tokens is refused as OpenAI refuses it', async () => {
    openai.queue({ ...SAY, kind: 'reasoning' });
    const response = await ask({ model: 'gpt-5-mini', max_tokens: 150 });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: {
        message: "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
        type: 'invalid_request_error',
        param: 'max_tokens',
        code: 'unsupported_parameter',
      },
    });
  });

  it('spends a reasoning model’s budget on thinking unless the effort is minimal', async () => {
    openai.queue({ ...SAY, kind: 'reasoning' });
    const thinking = await chunksOf(await ask({ model: 'gpt-5-mini', max_completion_tokens: 150 }));
    expect(contentOf(thinking)).toBe('');
    expect(finishOf(thinking)).toBe('length');
    openai.queue({ ...SAY, kind: 'reasoning' });
    const minimal = await chunksOf(await ask({ model: 'gpt-5-mini', max_completion_tokens: 150, reasoning_effort: 'minimal' }));
    expect(contentOf(minimal)).toBe('¡Salud, po!');
    expect(finishOf(minimal)).toBe('stop');
  });

  it('answers as OpenAI by the model’s name: each family takes its own efforts', async () => {
    const effortAnswer = async (model: string, effort: string) => {
      openai.queue({ ...SAY, kind: 'openai' });
      return ask({ model, max_completion_tokens: 150, reasoning_effort: effort });
    };
    const refused = await effortAnswer('gpt-5.1', 'minimal');
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: { param: 'reasoning_effort', code: 'unsupported_value' } });
    expect(contentOf(await chunksOf(await effortAnswer('gpt-5.1', 'none')))).toBe('¡Salud, po!');
    expect((await effortAnswer('o4-mini', 'minimal')).status).toBe(400);
    openai.queue({ ...SAY, kind: 'openai' });
    expect((await ask({ model: 'gpt-4-1106-preview', max_tokens: 150 })).status).toBe(404);
    openai.queue({ ...SAY, kind: 'openai' });
    expect(contentOf(await chunksOf(await ask({ model: 'gpt-4.1', max_tokens: 150 })))).toBe('¡Salud, po!');
  });

  it.each([
    [401, 'invalid_request_error', 'invalid_api_key'],
    [429, 'requests', 'rate_limit_exceeded'],
    [500, 'server_error', null],
    [503, 'server_error', null],
  ])('answers %i in OpenAI’s error shape', async (status, type, code) => {
    openai.queue({ status });
    const response = await ask({ model: 'gpt-5-mini' });
    expect(response.status).toBe(status);
    expect(await response.json()).toMatchObject({ error: { type, code, param: null } });
  });

  it('answers as a silent model: the stream opens and no piece ever comes', async () => {
    openai.queue({ silent: true });
    const client = new AbortController();
    const response = await ask({ model: 'gpt-5-mini' }, { signal: client.signal });
    expect(response.status).toBe(200);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const opening = new TextDecoder().decode((await reader.read()).value);
    expect(opening).toContain('"role":"assistant","content":""');
    const upstream = openai.requests.at(-1);
    client.abort();
    await upstream?.closed;
    expect(upstream?.sentPieces).toBe(0);
  });
});

describe('the OpenAI stand-in as a vision model with Structured Outputs (issue 41)', () => {
  const schema = {
    type: 'object',
    properties: {
      lines: {
        type: 'array',
        items: {
          type: 'object',
          properties: { name: { type: 'string' }, quantity: { type: 'integer' } },
          required: ['name', 'quantity'],
          additionalProperties: false,
        },
      },
    },
    required: ['lines'],
    additionalProperties: false,
  };
  const photo = 'data:image/jpeg;base64,/9j/4AAQSkZJRg==';
  const read = (body: Record<string, unknown> = {}) =>
    fetch(`${openai.baseURL}/chat/completions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer sk-stand-in' },
      body: JSON.stringify({
        model: 'gpt-5-mini',
        messages: [
          {
            role: 'user',
            content: [
              { type: 'text', text: 'Lee la cuenta.' },
              { type: 'image_url', image_url: { url: photo } },
            ],
          },
        ],
        response_format: { type: 'json_schema', json_schema: { name: 'cuenta', strict: true, schema } },
        ...body,
      }),
    });

  it('answers a chat.completion whose content is the scripted reading as JSON', async () => {
    openai.queue({ reading: { lines: [{ name: 'PISCO SOUR', quantity: 2 }] } });
    const response = await read();
    expect(response.status).toBe(200);
    const completion = (await response.json()) as { object: string; choices: { message: { content: string; refusal: null }; finish_reason: string }[] };
    expect(completion.object).toBe('chat.completion');
    expect(JSON.parse(completion.choices[0]?.message.content ?? '')).toEqual({ lines: [{ name: 'PISCO SOUR', quantity: 2 }] });
    expect(completion.choices[0]?.finish_reason).toBe('stop');
  });

  it('refuses a strict schema whose object does not require every property, as OpenAI does', async () => {
    const loose = { ...schema, properties: { ...schema.properties, total: { type: 'integer' } } };
    const response = await read({ response_format: { type: 'json_schema', json_schema: { name: 'cuenta', strict: true, schema: loose } } });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: {
        type: 'invalid_request_error',
        message: expect.stringContaining("'required' is required to be supplied and to be an array including every key in properties. Missing 'total'"),
      },
    });
  });

  it('refuses an image that is not one, and answers a refusal as the model’s message.refusal', async () => {
    const notAnImage = await read({ messages: [{ role: 'user', content: [{ type: 'image_url', image_url: { url: 'data:text/plain;base64,aGk=' } }] }] });
    expect(notAnImage.status).toBe(400);
    expect(await notAnImage.json()).toMatchObject({ error: { code: 'invalid_image_format' } });
    openai.queue({ refusal: 'No puedo ayudar con eso.' });
    const refused = (await (await read()).json()) as { choices: { message: { content: null; refusal: string } }[] };
    expect(refused.choices[0]?.message).toMatchObject({ content: null, refusal: 'No puedo ayudar con eso.' });
  });
});
