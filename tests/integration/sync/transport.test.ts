/**
 * The queue's requests, as the page and the service worker send them (one
 * transport over the server client and postgrest-js): byte for byte the
 * requests supabase-js sent before (less its X-Client-Info), for each of the
 * queue's calls, with the guest's party named on each.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSyncTransport, type SyncTransport } from '../../../src/sync/transport.ts';

interface Seen {
  readonly method: string;
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly body: string;
}

const GUEST = '8a6e0804-2bd0-4672-b79e-d4b259de3b01';
const ORDER = {
  id: '00000000-0000-4000-8000-000000000001',
  user_id: GUEST,
  product_name: 'Tabla Irish',
  product_price: 16990,
  active: true,
  created_at: '2026-11-21T22:00:00.000Z',
};
/** Headers Node's fetch adds (or supabase-js added), not the request's. */
const CLIENT_HEADERS = new Set([
  'x-client-info',
  'user-agent',
  'connection',
  'host',
  'keep-alive',
  'accept',
  'accept-language',
  'accept-encoding',
  'sec-fetch-mode',
  'content-length',
]);

let server: Server;
let url = '';
const seen: Seen[] = [];

async function record(request: IncomingMessage): Promise<Seen> {
  let body = '';
  for await (const chunk of request) body += String(chunk);
  const headers = Object.fromEntries(
    Object.entries(request.headers)
      .filter(([name]) => !CLIENT_HEADERS.has(name))
      .map(([name, value]) => [name, String(value)]),
  );
  return { method: request.method ?? '', url: request.url ?? '', headers, body };
}

beforeAll(async () => {
  server = createServer((request, response) => {
    void record(request).then((request_) => {
      seen.push(request_);
      if (request_.method === 'GET') response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify([ORDER]));
      else response.writeHead(request_.method === 'POST' ? 201 : 204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

const PARTY = 'Q3uX1lG0aN-5y_8ZkP2mWw';

/** Every request a transport sends for the queue's three calls. */
async function requestsOf(transport: SyncTransport): Promise<Seen[]> {
  seen.length = 0;
  expect(await transport.insertRows('users', GUEST, [{ id: GUEST, full_name: 'Ana Pérez' }])).toMatchObject({ status: 201 });
  expect(await transport.insertRows('orders', GUEST, [ORDER])).toMatchObject({ status: 201 });
  expect(await transport.setOrdersActive(GUEST, [ORDER.id], false)).toMatchObject({ status: 204 });
  expect(await transport.activeOrders(GUEST)).toEqual([ORDER]);
  return [...seen];
}

/** What supabase-js sent for the same calls, recorded before the queue left it for the server client. */
const SUPABASE_JS_REQUESTS: readonly Seen[] = [
  {
    method: 'POST',
    url: '/rest/v1/users?on_conflict=id&columns=%22id%22%2C%22full_name%22',
    headers: {
      'content-profile': 'public',
      'content-type': 'application/json',
      prefer: 'resolution=ignore-duplicates',
      'x-guest-id': '8a6e0804-2bd0-4672-b79e-d4b259de3b01',
      apikey: 'anon.key.for-test',
      authorization: 'Bearer anon.key.for-test',
    },
    body: '[{"id":"8a6e0804-2bd0-4672-b79e-d4b259de3b01","full_name":"Ana Pérez"}]',
  },
  {
    method: 'POST',
    url: '/rest/v1/orders?on_conflict=id&columns=%22id%22%2C%22user_id%22%2C%22product_name%22%2C%22product_price%22%2C%22active%22%2C%22created_at%22',
    headers: {
      'content-profile': 'public',
      'content-type': 'application/json',
      prefer: 'resolution=ignore-duplicates',
      'x-guest-id': '8a6e0804-2bd0-4672-b79e-d4b259de3b01',
      apikey: 'anon.key.for-test',
      authorization: 'Bearer anon.key.for-test',
    },
    body: '[{"id":"00000000-0000-4000-8000-000000000001","user_id":"8a6e0804-2bd0-4672-b79e-d4b259de3b01","product_name":"Tabla Irish","product_price":16990,"active":true,"created_at":"2026-11-21T22:00:00.000Z"}]',
  },
  {
    method: 'PATCH',
    url: '/rest/v1/orders?user_id=eq.8a6e0804-2bd0-4672-b79e-d4b259de3b01&id=in.%2800000000-0000-4000-8000-000000000001%29',
    headers: {
      'content-profile': 'public',
      'content-type': 'application/json',
      'x-guest-id': '8a6e0804-2bd0-4672-b79e-d4b259de3b01',
      apikey: 'anon.key.for-test',
      authorization: 'Bearer anon.key.for-test',
    },
    body: '{"active":false}',
  },
  {
    method: 'GET',
    url: '/rest/v1/orders?select=id%2Cuser_id%2Cproduct_name%2Cproduct_price%2Cactive%2Ccreated_at&user_id=eq.8a6e0804-2bd0-4672-b79e-d4b259de3b01&active=eq.true&order=created_at.desc',
    headers: {
      'accept-profile': 'public',
      'x-guest-id': '8a6e0804-2bd0-4672-b79e-d4b259de3b01',
      apikey: 'anon.key.for-test',
      authorization: 'Bearer anon.key.for-test',
    },
    body: '',
  },
];

describe('the queue’s requests', () => {
  it('are exactly the requests supabase-js sent', async () => {
    const anonKey = 'anon.key.for-test';
    const requests = await requestsOf(createSyncTransport({ url, anonKey }));
    expect(requests).toEqual(SUPABASE_JS_REQUESTS);
    for (const request of requests) {
      expect(request.headers).toMatchObject({ apikey: anonKey, authorization: `Bearer ${anonKey}`, 'x-guest-id': GUEST });
    }
  });
});

describe('the party a request names', () => {
  const anonKey = 'anon.key.for-test';
  const partyHeaders = (requests: readonly Seen[]) => requests.map((request) => request.headers['x-party-code']);

  it('is the guest’s party on every request', async () => {
    const partyOf = (guestId: string) => Promise.resolve(guestId === GUEST ? PARTY : null);
    const requests = await requestsOf(createSyncTransport({ url, anonKey, partyOf }));
    expect(partyHeaders(requests)).toEqual([PARTY, PARTY, PARTY, PARTY]);
  });

  it('is no header at all for the default party, or a guest the phone does not know', async () => {
    for (const party of [null, undefined]) {
      const partyOf = () => Promise.resolve(party);
      const requests = await requestsOf(createSyncTransport({ url, anonKey, partyOf }));
      expect(requests).toHaveLength(4);
      expect(requests.every((request) => !('x-party-code' in request.headers))).toBe(true);
    }
  });

  it('reads a guest’s party once, but asks again about a guest it did not know', async () => {
    const asked: string[] = [];
    let known = false;
    const partyOf = (guestId: string) => {
      asked.push(guestId);
      return Promise.resolve(known ? PARTY : undefined);
    };
    const transport = createSyncTransport({ url, anonKey, partyOf });
    seen.length = 0;
    await transport.insertRows('orders', GUEST, [ORDER]);
    known = true;
    await transport.insertRows('orders', GUEST, [ORDER]);
    await transport.insertRows('orders', GUEST, [ORDER]);
    expect(asked).toEqual([GUEST, GUEST]);
    expect(partyHeaders(seen)).toEqual([undefined, PARTY, PARTY]);
  });

  it('sends nothing when the party cannot be read, and the queue retries', async () => {
    const transport = createSyncTransport({ url, anonKey, partyOf: () => Promise.reject(new Error('IndexedDB closed')) });
    seen.length = 0;
    expect(await transport.insertRows('users', GUEST, [{ id: GUEST, full_name: 'Ana Pérez' }])).toMatchObject({ status: 0 });
    expect(await transport.setOrdersActive(GUEST, [ORDER.id], false)).toMatchObject({ status: 0 });
    expect(await transport.activeOrders(GUEST)).toBeNull();
    expect(seen).toEqual([]);
  });
});
