import { describe, expect, it, vi } from 'vitest';
import { send } from '../../../src/server/client.ts';
import { callFunction, onServerAnswer, rpc, serverClient, streamFunction } from '../../../src/server/index.ts';

const backend = { supabaseUrl: 'https://bar.example', supabaseAnonKey: 'anon.key' };

function answering(respond: () => Response | Promise<Response>) {
  return vi.fn<typeof fetch>(() => Promise.resolve(respond()));
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json; charset=utf-8', ...headers } });

/** A server that takes the request and never answers; it lets go only when the request is aborted. */
const neverAnswers = vi.fn<typeof fetch>(
  (_input, init) => new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
);

describe('the headers of a request', () => {
  it('carry the project’s key, the guest and the guest’s party, and the JSON body’s type', async () => {
    const fetch = answering(() => json(200, {}));
    await rpc(serverClient(backend, { fetch }), 'my_tab_status', {}, { id: 'g-1', party: 'cumple-vale' });
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('https://bar.example/rest/v1/rpc/my_tab_status');
    expect(init?.method).toBe('POST');
    expect(init?.headers).toEqual({
      apikey: 'anon.key',
      Authorization: 'Bearer anon.key',
      'Content-Type': 'application/json',
      'x-guest-id': 'g-1',
      'x-party-code': 'cumple-vale',
    });
  });

  it('name no party for the default party, and no guest for a request that speaks for none', async () => {
    const fetch = answering(() => json(200, null));
    const server = serverClient(backend, { fetch });
    await rpc(server, 'party_menu', {}, { id: 'g-1', party: null });
    await rpc(server, 'party_by_code', { p_code: 'x' });
    await callFunction(server, 'host', { key: 'k', action: 'party' });
    const headers = fetch.mock.calls.map(([, init]) => init?.headers as Record<string, string>);
    expect(headers[0]).not.toHaveProperty('x-party-code');
    expect(headers[0]).toHaveProperty('x-guest-id', 'g-1');
    for (const sent of headers.slice(1)) expect(Object.keys(sent).filter((name) => name.startsWith('x-'))).toEqual([]);
    expect(fetch.mock.calls[2]?.[0]).toBe('https://bar.example/functions/v1/host');
  });
});

describe('the deadline', () => {
  it('gives up on a server that never answers: failed, with no status and timed out, so the phone asks again later', async () => {
    const server = serverClient(backend, { fetch: neverAnswers, timeoutMs: 20 });
    expect(await rpc(server, 'party_menu', {}, { id: 'g-1' })).toEqual({ kind: 'failed', status: 0, retryAfterMs: null, timedOut: true });
  });

  it('tells a request that never reached the server (no signal) from one that timed out, even when something else aborted it', async () => {
    const cutBelow = vi.fn<typeof fetch>(() => Promise.reject(new DOMException('no signal', 'AbortError')));
    expect(await rpc(serverClient(backend, { fetch: cutBelow, timeoutMs: 1_000 }), 'party_menu', {})).toEqual({
      kind: 'failed',
      status: 0,
      retryAfterMs: null,
    });
  });

  it('covers the body too: a server that stalls mid-answer is no answer', async () => {
    const stalled = vi.fn<typeof fetch>((_input, init) => {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"version":'));
          init?.signal?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
        },
      });
      return Promise.resolve(new Response(body, { status: 200, headers: { 'Content-Type': 'application/json' } }));
    });
    expect(await rpc(serverClient(backend, { fetch: stalled, timeoutMs: 20 }), 'party_menu', {})).toMatchObject({ kind: 'failed', status: 0 });
  });

  it('holds a stream until it starts, then leaves it to the caller', async () => {
    const caller = new AbortController();
    const pending = streamFunction(serverClient(backend, { fetch: neverAnswers }), 'comment', {}, caller.signal);
    caller.abort();
    expect(await pending).toMatchObject({ kind: 'failed', status: 0 });
  });
});

describe('what counts as the server’s answer', () => {
  const ask = (response: () => Response | Promise<Response>) => rpc(serverClient(backend, { fetch: answering(response) }), 'party_menu', {});

  it('is its JSON with the status it gives: ok, with the data', async () => {
    expect(await ask(() => json(200, { version: 'v1' }))).toEqual({ kind: 'ok', data: { version: 'v1' } });
    expect(await ask(() => json(200, null))).toEqual({ kind: 'ok', data: null });
  });

  it('is not a captive portal’s 200 page, nor a 200 that is not JSON or not whole: failed', async () => {
    const portal = () => new Response('<html>Bienvenido al Wi-Fi</html>', { status: 200, headers: { 'Content-Type': 'text/html' } });
    expect(await ask(portal)).toEqual({ kind: 'failed', status: 200, retryAfterMs: null });
    expect(await ask(() => new Response('{"version":', { status: 200, headers: { 'Content-Type': 'application/json' } }))).toMatchObject({ kind: 'failed' });
    expect(await ask(() => new Response('', { status: 200 }))).toMatchObject({ kind: 'failed' });
  });

  it('is refused, with its code and its words, when PostgREST says no in its JSON', async () => {
    const refusal = { code: '42501', message: 'new row violates row-level security policy for table "orders"', details: null, hint: null };
    expect(await ask(() => json(401, refusal))).toEqual({
      kind: 'refused',
      status: 401,
      code: '42501',
      message: null,
      detail: refusal.message,
      retryAfterMs: null,
    });
  });

  it('is refused with the function’s Spanish reason and when to ask again', async () => {
    const fetch = answering(() => json(429, { error: 'Demasiados intentos; espera un minuto.' }, { 'Retry-After': '42' }));
    expect(await callFunction(serverClient(backend, { fetch }), 'host', {})).toEqual({
      kind: 'refused',
      status: 429,
      code: null,
      message: 'Demasiados intentos; espera un minuto.',
      detail: null,
      retryAfterMs: 42_000,
    });
  });

  it('is failed, retry later, for a 5xx (with its Retry-After) or no network at all', async () => {
    expect(await ask(() => json(503, { message: 'busy' }, { 'Retry-After': '7' }))).toEqual({ kind: 'failed', status: 503, retryAfterMs: 7000 });
    expect(await ask(() => new Response('internal error', { status: 500 }))).toEqual({ kind: 'failed', status: 500, retryAfterMs: null });
    expect(await ask(() => Promise.reject(new TypeError('Failed to fetch')))).toEqual({ kind: 'failed', status: 0, retryAfterMs: null });
  });

  it('is failed for a 4xx that is not the server’s JSON (a proxy’s page)', async () => {
    expect(await ask(() => new Response('<html>Forbidden</html>', { status: 403, headers: { 'Content-Type': 'text/html' } }))).toEqual({
      kind: 'failed',
      status: 403,
      retryAfterMs: null,
    });
  });

  it('is a write’s own status with no body (201, 204), and not another 2xx', async () => {
    const server = (status: number) => serverClient(backend, { fetch: answering(() => new Response(null, { status })) });
    expect(await send(server(204), { path: 'rest/v1/orders', method: 'PATCH', body: '{}', success: 204 })).toEqual({ kind: 'ok', data: null });
    expect(await send(server(200), { path: 'rest/v1/orders', method: 'PATCH', body: '{}', success: 204 })).toMatchObject({ kind: 'failed', status: 200 });
  });

  it('for a stream, is plain text with 200; a portal’s page is not a comment', async () => {
    const text = () => new Response('¡Salud!', { status: 200, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
    const signal = new AbortController().signal;
    const ok = await streamFunction(serverClient(backend, { fetch: answering(text) }), 'comment', {}, signal);
    expect(ok.kind).toBe('ok');
    const portal = () => new Response('<html>Wi-Fi</html>', { status: 200, headers: { 'Content-Type': 'text/html' } });
    expect(await streamFunction(serverClient(backend, { fetch: answering(portal) }), 'comment', {}, signal)).toMatchObject({ kind: 'failed', status: 200 });
  });
});

describe('who hears the server', () => {
  it('is told of every answer of the server’s own (a success, a refusal, a stream), never of a 5xx, a portal’s page or no answer', async () => {
    const told = vi.fn();
    const stop = onServerAnswer(told);
    const ask = (respond: () => Response | Promise<Response>) => rpc(serverClient(backend, { fetch: answering(respond) }), 'party_menu', {});
    await ask(() => json(200, { version: 1 }));
    await ask(() => json(400, { code: '22P02', message: 'bad' }));
    expect(told).toHaveBeenCalledTimes(2);
    await ask(() => json(503, { message: 'busy' }));
    await ask(() => new Response('<html>Bienvenido</html>', { status: 200, headers: { 'Content-Type': 'text/html' } }));
    await rpc(serverClient(backend, { fetch: vi.fn<typeof fetch>(() => Promise.reject(new TypeError('Failed to fetch'))) }), 'party_menu', {});
    expect(told).toHaveBeenCalledTimes(2);
    const stream = new Response('¡Salud!', { status: 200, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
    await streamFunction(serverClient(backend, { fetch: answering(() => stream) }), 'comment', {}, new AbortController().signal);
    expect(told).toHaveBeenCalledTimes(3);
    stop();
    await ask(() => json(200, { version: 1 }));
    expect(told).toHaveBeenCalledTimes(3);
  });
});
