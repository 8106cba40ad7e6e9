/**
 * One request logic, two clients: the page's supabase-js and the service
 * worker's postgrest-js send the server the same requests, byte for byte
 * (supabase-js only adds its X-Client-Info), for each of the queue's calls.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSupabaseTransport, type SyncTransport } from '../../../src/sync/transport.ts';
import { createPostgrestTransport } from '../../../src/sync/worker-transport.ts';

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
/** Headers that tell the clients (or Node's fetch) apart, not the request. */
const CLIENT_HEADERS = new Set(['x-client-info', 'user-agent', 'connection', 'host', 'keep-alive']);

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

describe('the service worker’s transport', () => {
  it('sends exactly the requests the page’s supabase-js sends', async () => {
    const anonKey = 'anon.key.for-test';
    const page = await requestsOf(await createSupabaseTransport({ url, anonKey }));
    const worker = await requestsOf(createPostgrestTransport({ url, anonKey }));
    expect(page).toHaveLength(4);
    expect(worker).toEqual(page);
    for (const request of page) {
      expect(request.headers).toMatchObject({ apikey: anonKey, authorization: `Bearer ${anonKey}`, 'x-guest-id': GUEST });
    }
  });
});

describe('the party a request names', () => {
  const anonKey = 'anon.key.for-test';
  const partyHeaders = (requests: readonly Seen[]) => requests.map((request) => request.headers['x-party-code']);

  it('is the guest’s party on every request, from both clients', async () => {
    const partyOf = (guestId: string) => Promise.resolve(guestId === GUEST ? PARTY : null);
    const page = await requestsOf(await createSupabaseTransport({ url, anonKey, partyOf }));
    const worker = await requestsOf(createPostgrestTransport({ url, anonKey, partyOf }));
    expect(partyHeaders(page)).toEqual([PARTY, PARTY, PARTY, PARTY]);
    expect(worker).toEqual(page);
  });

  it('is no header at all for the default party, or a guest the phone does not know', async () => {
    for (const party of [null, undefined]) {
      const partyOf = () => Promise.resolve(party);
      const requests = await requestsOf(await createSupabaseTransport({ url, anonKey, partyOf }));
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
    const transport = await createSupabaseTransport({ url, anonKey, partyOf });
    seen.length = 0;
    await transport.insertRows('orders', GUEST, [ORDER]);
    known = true;
    await transport.insertRows('orders', GUEST, [ORDER]);
    await transport.insertRows('orders', GUEST, [ORDER]);
    expect(asked).toEqual([GUEST, GUEST]);
    expect(partyHeaders(seen)).toEqual([undefined, PARTY, PARTY]);
  });

  it('sends nothing when the party cannot be read, and the queue retries', async () => {
    const transport = await createSupabaseTransport({ url, anonKey, partyOf: () => Promise.reject(new Error('IndexedDB closed')) });
    seen.length = 0;
    expect(await transport.insertRows('users', GUEST, [{ id: GUEST, full_name: 'Ana Pérez' }])).toMatchObject({ status: 0 });
    expect(await transport.setOrdersActive(GUEST, [ORDER.id], false)).toMatchObject({ status: 0 });
    expect(await transport.activeOrders(GUEST)).toBeNull();
    expect(seen).toEqual([]);
  });
});
