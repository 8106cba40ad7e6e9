/**
 * The app server's API proxies against a stand-in backend that records what
 * reaches it: bodies over 1 MB are refused with 413 (at once by their
 * Content-Length, or cut as they stream), bodies that trickle are cut after
 * the timeout, long streamed answers are not, and the gateway's headers and
 * paths are as Supabase's.
 */
import { createServer, request, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer, type RunningAppServer } from '../../../scripts/lib/app-server.ts';

const MB = 1_048_576;
const TRICKLE_TIMEOUT_MS = 600;

interface Seen {
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
  bytes: number;
  completed: boolean;
  closed: boolean;
}

let distDir: string;
let backend: Server;
let backendUrl: string;
const seen: Seen[] = [];
let app: RunningAppServer;
let impatient: RunningAppServer;

/** Records every request; answers /stream slowly, piece by piece, and anything else with what it got. */
function startBackend(): Promise<Server> {
  const server = createServer((req, res) => {
    const record: Seen = { url: req.url ?? '', headers: req.headers, bytes: 0, completed: false, closed: false };
    seen.push(record);
    req.on('data', (chunk: Buffer) => (record.bytes += chunk.length));
    req.on('close', () => (record.closed = true));
    req.on('end', () => {
      record.completed = true;
      if (req.url?.startsWith('/stream')) {
        streamSlowly(res);
      } else {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ url: req.url, bytes: record.bytes }));
      }
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

function streamSlowly(res: ServerResponse): void {
  const pieces = ['uno ', 'dos ', 'tres ', 'cuatro ', 'cinco'];
  res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8' });
  const timer = setInterval(() => {
    const piece = pieces.shift();
    if (piece === undefined) {
      clearInterval(timer);
      res.end();
    } else {
      res.write(piece);
    }
  }, TRICKLE_TIMEOUT_MS / 2);
}

beforeAll(async () => {
  distDir = await mkdtemp(join(tmpdir(), 'bar-tab-limits-'));
  await writeFile(join(distDir, 'index.html'), '<!doctype html><title>La Cuenta</title>');
  backend = await startBackend();
  const address = backend.address();
  backendUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const proxies = [
    { prefix: '/rest/v1', target: () => backendUrl },
    { prefix: '/functions/v1/comment', target: () => `${backendUrl}/comment` },
  ];
  app = await startAppServer({ distDir, port: 0, proxies });
  impatient = await startAppServer({ distDir, port: 0, proxies, bodyLimits: { maxBytes: MB, timeoutMs: TRICKLE_TIMEOUT_MS } });
});

afterAll(async () => {
  await app.close();
  await impatient.close();
  await new Promise((resolve) => backend.close(resolve));
  await rm(distDir, { recursive: true, force: true });
});

interface Answer {
  readonly status: number;
  readonly body: string;
  /** From the first byte sent to the answer's headers. */
  readonly ms: number;
  readonly continued: boolean;
}

/**
 * POSTs to the server, writing `chunk` every `everyMs` (0: as fast as it drains)
 * until an answer comes or `maxBytes` are sent; stops writing once answered.
 */
function post(
  server: RunningAppServer,
  path: string,
  options: { headers?: Record<string, string | number>; chunk: Buffer; everyMs: number; maxBytes: number },
): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const state = { answered: false, sent: 0, continued: false };
    const req = request(`${base(server)}${path}`, { method: 'POST', headers: options.headers });
    req.on('continue', () => (state.continued = true));
    req.on('error', (error) => (state.answered ? undefined : reject(error))); // writing into a closed connection, once answered
    req.on('response', (res) => {
      state.answered = true;
      const ms = performance.now() - started;
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, ms, continued: state.continued }));
      res.on('error', reject);
    });
    const writeMore = () => {
      while (!state.answered && state.sent < options.maxBytes) {
        state.sent += options.chunk.length;
        const flowing = req.write(options.chunk);
        if (options.everyMs > 0) return setTimeout(writeMore, options.everyMs);
        if (!flowing) return req.once('drain', writeMore);
      }
      if (!state.answered) req.end();
      return undefined;
    };
    if (options.headers?.Expect) req.flushHeaders();
    else writeMore();
  });
}

async function until(what: string, check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const base = (server: RunningAppServer) => server.url.replace('localhost', '127.0.0.1');

const TOO_LARGE = { error: 'El cuerpo del pedido supera 1 MB.', limit: MB };

describe('request bodies through the API proxies', () => {
  it('over 1 MB by Content-Length: 413 in JSON at once, and the backend never sees the request', async () => {
    const before = seen.length;
    const answer = await post(app, '/rest/v1/orders', {
      headers: { 'Content-Type': 'application/json', 'Content-Length': 50 * MB },
      chunk: Buffer.alloc(64 * 1024, 'x'),
      everyMs: 0,
      maxBytes: 50 * MB,
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual(TOO_LARGE);
    expect(answer.ms).toBeLessThan(1000);
    expect(seen.length).toBe(before);
  });

  it('over 1 MB by Content-Length with "Expect: 100-continue": refused before a byte of it is asked for', async () => {
    const before = seen.length;
    const answer = await post(app, '/functions/v1/comment', {
      headers: { 'Content-Length': 50 * MB, Expect: '100-continue' },
      chunk: Buffer.alloc(0),
      everyMs: 0,
      maxBytes: 0,
    });
    expect(answer.status).toBe(413);
    expect(answer.continued).toBe(false);
    expect(seen.length).toBe(before);
  });

  it('over 1 MB streamed in chunks: cut at the limit with 413, and the backend’s request aborted', async () => {
    const before = seen.length;
    const answer = await post(app, '/rest/v1/orders', { chunk: Buffer.alloc(64 * 1024, 'x'), everyMs: 0, maxBytes: 8 * MB });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual(TOO_LARGE);
    const forwarded = seen[before];
    await until('the backend’s request closed', () => forwarded?.closed === true);
    expect(forwarded?.completed).toBe(false);
    expect(forwarded?.bytes).toBeLessThanOrEqual(MB);
  });

  it('that trickles in: cut after the timeout with 408, and the backend’s request aborted', async () => {
    const before = seen.length;
    const answer = await post(impatient, '/rest/v1/orders', { chunk: Buffer.from('{"a":1}'), everyMs: 50, maxBytes: 10_000 });
    expect(answer.status).toBe(408);
    expect(JSON.parse(answer.body)).toMatchObject({ error: 'El cuerpo del pedido no llegó a tiempo.', timeoutMs: TRICKLE_TIMEOUT_MS });
    expect(answer.ms).toBeGreaterThanOrEqual(TRICKLE_TIMEOUT_MS - 50);
    const forwarded = seen[before];
    await until('the backend’s request closed', () => forwarded?.closed === true);
    expect(forwarded?.completed).toBe(false);
  });

  it('within the limit: forwarded whole, and a streamed answer longer than the timeout is not cut', async () => {
    const fits = await post(impatient, '/rest/v1/orders', { chunk: Buffer.alloc(MB / 4, 'x'), everyMs: 0, maxBytes: MB });
    expect(fits.status).toBe(200);
    expect(JSON.parse(fits.body)).toEqual({ url: '/orders', bytes: MB });
    const started = performance.now();
    const streamed = await fetch(`${base(impatient)}/rest/v1/stream`, { method: 'POST', body: '{}' });
    expect(await streamed.text()).toBe('uno dos tres cuatro cinco');
    expect(performance.now() - started).toBeGreaterThan(TRICKLE_TIMEOUT_MS * 2);
  });
});

describe('the gateway', () => {
  it('passes the path after the prefix, the apikey as the bearer token and its own client address headers', async () => {
    const forged = { 'x-forwarded-for': '6.6.6.6', 'cf-connecting-ip': '6.6.6.6' };
    const answer = await fetch(`${base(app)}/rest/v1/orders?select=*`, { headers: { apikey: 'clave', ...forged } });
    expect(await answer.json()).toMatchObject({ url: '/orders?select=*' });
    const forwarded = seen.at(-1);
    expect(forwarded?.headers.authorization).toBe('Bearer clave');
    expect(forwarded?.headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(forwarded?.headers['cf-connecting-ip']).toBe('127.0.0.1');
  });

  it('sends /functions/v1/<name> to that function’s own path', async () => {
    expect(await (await fetch(`${base(app)}/functions/v1/comment`, { method: 'POST', body: '{}' })).json()).toMatchObject({ url: '/comment' });
    expect(await (await fetch(`${base(app)}/functions/v1/comment?x=1`, { method: 'POST', body: '{}' })).json()).toMatchObject({ url: '/comment?x=1' });
    expect(await (await fetch(`${base(app)}/functions/v1/comment/otro`, { method: 'POST', body: '{}' })).json()).toMatchObject({ url: '/comment/otro' });
  });
});
