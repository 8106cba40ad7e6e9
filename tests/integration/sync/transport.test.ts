/**
 * One request logic, two clients: the page's supabase-js and the service
 * worker's postgrest-js send the server the same requests, byte for byte
 * (supabase-js only adds its X-Client-Info), for each of the queue's calls.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSupabaseTransport, type SyncTransport } from '../../../src/sync/index.ts';
import { createPostgrestTransport } from '../../../src/sync/worker-transport.ts';

interface Seen {
  readonly method: string;
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly body: string;
}

const GUEST = '8a6e0804-2bd0-4672-b79e-d4b259de3b01';
const ORDER = { id: '00000000-0000-4000-8000-000000000001', user_id: GUEST, product_name: 'Tabla Irish', product_price: 16990, active: true, created_at: '2026-11-21T22:00:00.000Z' };
/** Headers that tell the clients (or Node's fetch) apart, not the request. */
const CLIENT_HEADERS = new Set(['x-client-info', 'user-agent', 'connection', 'host', 'keep-alive']);

let server: Server;
let url = '';
const seen: Seen[] = [];

async function record(request: IncomingMessage): Promise<Seen> {
  let body = '';
  for await (const chunk of request) body += String(chunk);
  const headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => !CLIENT_HEADERS.has(name)).map(([name, value]) => [name, String(value)]));
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
