import { describe, expect, it } from 'vitest';
import { readPartyMenu } from '../../../src/menu/remote.ts';

const backend = { supabaseUrl: 'https://bar.example', supabaseAnonKey: 'anon.key' };
const LIST = { version: 'v7', items: [{ name: 'Aperol Spritz', price: 7000, category: 'Cócteles', sold_out: false }] };

function server(respond: () => Response | Promise<Response>) {
  const asked: { url: string; init: RequestInit | undefined }[] = [];
  const fetcher: typeof fetch = (input, init) => {
    asked.push({ url: typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, init });
    return Promise.resolve(respond());
  };
  return { asked, fetcher };
}

const json = (body: unknown, status = 200, type = 'application/json; charset=utf-8') =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': type } });

describe('asking the server for the party’s list', () => {
  it('posts {} to party_menu with the guest’s and the party’s headers', async () => {
    const { asked, fetcher } = server(() => json(LIST));
    expect(await readPartyMenu(backend, { id: 'g-1', party: 'cumple-vale' }, fetcher)).toEqual(LIST);
    expect(asked).toHaveLength(1);
    expect(asked[0]?.url).toBe('https://bar.example/rest/v1/rpc/party_menu');
    expect(asked[0]?.init?.method).toBe('POST');
    expect(asked[0]?.init?.body).toBe('{}');
    expect(Object.fromEntries(new Headers(asked[0]?.init?.headers))).toEqual({
      apikey: 'anon.key',
      authorization: 'Bearer anon.key',
      'content-type': 'application/json',
      'x-guest-id': 'g-1',
      'x-party-code': 'cumple-vale',
    });
  });

  it('names no party for a guest of the default party', async () => {
    const { asked, fetcher } = server(() => json(LIST));
    await readPartyMenu(backend, { id: 'g-1' }, fetcher);
    expect(new Headers(asked[0]?.init?.headers).has('x-party-code')).toBe(false);
  });

  it('trusts only PostgREST’s own JSON: a captive portal, an error or a broken body is no list', async () => {
    const answers = [
      () => new Response('<html>Bienvenido al wifi</html>', { status: 200, headers: { 'Content-Type': 'text/html' } }),
      () => json(LIST, 200, 'text/plain'),
      () => json({ code: 'PGRST202', message: 'Could not find the function' }, 404),
      () => json(LIST, 503),
      () => json({ version: 'v7' }),
      () => new Response('{"version":', { status: 200, headers: { 'Content-Type': 'application/json' } }),
      () => Promise.reject(new TypeError('Failed to fetch')),
    ];
    for (const answer of answers) {
      expect(await readPartyMenu(backend, { id: 'g-1' }, server(answer).fetcher)).toBeNull();
    }
  });
});
