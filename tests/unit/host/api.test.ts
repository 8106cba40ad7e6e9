import { describe, expect, it, vi } from 'vitest';
import { askHost, hostEndpoint } from '../../../src/host/api.ts';

const endpoint = hostEndpoint({ supabaseUrl: 'https://bar.example', supabaseAnonKey: 'anon.key' });

function answering(response: Response | Error) {
  return vi.fn<typeof fetch>(() => (response instanceof Error ? Promise.reject(response) : Promise.resolve(response)));
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

describe('asking the host function', () => {
  it('POSTs the key and the action to /functions/v1/host with the anon key', async () => {
    const fetch = answering(json(200, { total: 0 }));
    expect(await askHost(endpoint, 'clave', { action: 'guest', guestId: 'g' }, { fetch })).toEqual({ kind: 'ok', json: { total: 0 } });
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('https://bar.example/functions/v1/host');
    expect(init?.method).toBe('POST');
    expect(init?.headers).toMatchObject({ apikey: 'anon.key', Authorization: 'Bearer anon.key' });
    expect(JSON.parse(init?.body as string)).toEqual({ key: 'clave', action: 'guest', guestId: 'g' });
  });

  it('passes on the function’s Spanish reason and Retry-After', async () => {
    const fetch = answering(json(429, { error: 'Demasiados intentos; espera un minuto.' }, { 'Retry-After': '42' }));
    expect(await askHost(endpoint, 'k', { action: 'party' }, { fetch })).toEqual({
      kind: 'refused',
      status: 429,
      error: 'Demasiados intentos; espera un minuto.',
      retryAfterSeconds: 42,
      code: null,
    });
    const wrong = answering(json(401, {}));
    expect(await askHost(endpoint, 'k', { action: 'party' }, { fetch: wrong })).toMatchObject({ kind: 'refused', error: 'Clave incorrecta.' });
  });

  it('calls no answer offline, and a server error or a portal’s page failed', async () => {
    expect(await askHost(endpoint, 'k', { action: 'party' }, { fetch: answering(new TypeError('Failed to fetch')) })).toEqual({ kind: 'offline' });
    expect(await askHost(endpoint, 'k', { action: 'party' }, { fetch: answering(json(503, { error: 'x' })) })).toEqual({ kind: 'failed', status: 503 });
    const portal = new Response('<html>Bienvenido al Wi-Fi</html>', { status: 200, headers: { 'Content-Type': 'text/html' } });
    expect(await askHost(endpoint, 'k', { action: 'party' }, { fetch: answering(portal) })).toEqual({ kind: 'failed', status: 200 });
  });

  it('gives up on a request that hangs', async () => {
    const hanging = vi.fn<typeof fetch>(
      (_url, init) => new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new Error('aborted')))),
    );
    expect(await askHost(endpoint, 'k', { action: 'party' }, { fetch: hanging, timeoutMs: 20 })).toEqual({ kind: 'offline' });
  });
});
