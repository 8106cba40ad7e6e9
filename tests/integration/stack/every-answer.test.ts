/**
 * Every kind of answer the origin gives carries the security headers (a
 * hashed script of /assets only those that govern a script), and
 * /rest/v1 wants the project's key (issue 19, items 5 and 6): the app's files
 * and their 404/405, PostgREST's answers through the gateway, the gateway's
 * own refusals (401, 408, 413, 404, 502) and the functions' answers, through
 * the proxy and straight from Deno as Supabase would run them.
 */
import { request, type IncomingHttpHeaders } from 'node:http';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer, type Proxy, type RunningAppServer } from '../../../scripts/lib/app-server.ts';
import { startCommentFunction, type RunningCommentFunction } from '../../../scripts/lib/comment-function.ts';
import { securityHeaderRules } from '../../../scripts/lib/csp.ts';
import { renderHeadersFile } from '../../../scripts/lib/headers-file.ts';
import { isProjectJwt } from '../../../scripts/lib/keys.ts';
import { freePort } from '../../../scripts/lib/ports.ts';
import { anOrder } from '../../support/comment-orders.ts';
import { startTestStack, type TestStack } from '../../support/stack.ts';

/** What an API answer (JSON or a stream, never a page) says, exactly. */
const API_HEADERS = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
};

/** What a hashed script of /assets says: no sniffing, no framing; a page's policy governs it (issue 40: 470 bytes less a file). */
const ASSET_HEADERS = {
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'cache-control': 'public, max-age=31536000, immutable',
};

/** What every document of the app's own says: the build's policy and the rest of its _headers. */
const APP_HEADERS = {
  'content-security-policy': expect.stringMatching(/^default-src 'self'.*; frame-ancestors 'none'$/) as unknown,
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': expect.stringContaining('camera=()') as unknown,
};

const LIMITS = { maxBytes: 64 * 1024, timeoutMs: 300 };

let root: string;
let testStack: TestStack;
let comment: RunningCommentFunction;
let app: RunningAppServer;
/** The same origin with short body limits, for the 408 and the streamed 413. */
let impatient: RunningAppServer;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'bar-tab-every-answer-'));
  await mkdir(join(root, 'assets'));
  await writeFile(join(root, 'index.html'), '<!doctype html><title>La Cuenta</title>');
  await writeFile(join(root, 'assets', 'app.js'), 'console.log(1);');
  await writeFile(join(root, '_headers'), renderHeadersFile(securityHeaderRules(null)));
  [testStack, comment] = await Promise.all([startTestStack(), startCommentFunction({ port: 0, env: {} })]);
  const { stack } = testStack;
  const closedPort = await freePort();
  // As npm start lays the origin out (scripts/lib/product.ts).
  const proxies: Proxy[] = [
    { prefix: '/rest/v1', target: stack.restUrl, apiKeys: [stack.anonKey, stack.serviceRoleKey] },
    { prefix: '/functions/v1/comment', target: () => `${comment.url}/comment`, verifyJwt: (token) => isProjectJwt(stack.jwtSecret, token) },
    { prefix: '/functions/v1/gone', target: () => `http://127.0.0.1:${closedPort}/gone` },
  ];
  app = await startAppServer({ distDir: root, port: 0, proxies });
  impatient = await startAppServer({ distDir: root, port: 0, proxies, bodyLimits: LIMITS });
});

afterAll(async () => {
  await app.close();
  await impatient.close();
  await comment.stop();
  await testStack.stop();
  await rm(root, { recursive: true, force: true });
});

interface Answer {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
  /** The bytes as they came, encoded or not. */
  readonly raw: Buffer;
}

interface Ask {
  readonly method?: string;
  readonly headers?: Record<string, string | number>;
  readonly body?: string;
  /** Sent, then nothing more and no end: the body never arrives whole. */
  readonly partial?: string;
  /** Written as fast as it drains until answered: a body with no declared length, over the limit. */
  readonly flood?: boolean;
}

/** One request as written (fetch would fill in or refuse some of these). */
function ask(url: string, options: Ask = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: options.method ?? 'GET', headers: options.headers });
    let answered = false;
    req.on('error', (error) => (answered ? undefined : reject(error)));
    req.on('response', (res) => {
      answered = true;
      const parts: Buffer[] = [];
      res.on('data', (part: Buffer) => parts.push(part));
      res.on('end', () => {
        const raw = Buffer.concat(parts);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: raw.toString(), raw });
      });
      res.on('error', reject);
    });
    if (options.partial !== undefined) {
      req.write(options.partial);
    } else if (options.flood) {
      const chunk = Buffer.alloc(16 * 1024, 'x');
      const more = () => {
        while (!answered && req.write(chunk));
        if (!answered) req.once('drain', more);
      };
      more();
    } else {
      req.end(options.body);
    }
  });
}

const base = (server: RunningAppServer) => server.url.replace('localhost', '127.0.0.1');

interface Case {
  readonly name: string;
  readonly url: () => string;
  readonly ask?: () => Ask;
  readonly status: number;
  readonly headers: Record<string, unknown>;
  readonly body?: (text: string) => void;
  /** Headers that must not be there. */
  readonly without?: readonly string[];
}

const anon = () => testStack.stack.anonKey;
const asGuest = () => ({ apikey: anon(), Authorization: `Bearer ${anon()}`, 'x-guest-id': crypto.randomUUID() });
const orderPost = (): Ask => ({
  method: 'POST',
  headers: { Authorization: `Bearer ${anon()}`, 'Content-Type': 'application/json' },
  body: JSON.stringify(anOrder()),
});
const json = (text: string) => JSON.parse(text) as Record<string, unknown>;

const CASES: Case[] = [
  { name: 'static 200: the page', url: () => `${base(app)}/`, status: 200, headers: APP_HEADERS },
  { name: 'static 200: a route the page owns', url: () => `${base(app)}/anfitrion`, status: 200, headers: APP_HEADERS },
  {
    name: 'static 200: an asset',
    url: () => `${base(app)}/assets/app.js`,
    status: 200,
    headers: ASSET_HEADERS,
    without: ['content-security-policy', 'permissions-policy', 'referrer-policy'],
  },
  { name: 'static 404', url: () => `${base(app)}/assets/missing.js`, status: 404, headers: API_HEADERS },
  { name: 'static 405', url: () => `${base(app)}/`, ask: () => ({ method: 'POST', body: '{}' }), status: 405, headers: API_HEADERS },
  {
    name: '/rest/v1 200 with the anon key',
    url: () => `${base(app)}/rest/v1/users?select=id`,
    ask: () => ({ headers: asGuest() }),
    status: 200,
    headers: API_HEADERS,
    body: (text) => expect(JSON.parse(text)).toEqual([]),
  },
  {
    name: '/rest/v1 200 with the service_role key as apikey',
    url: () => `${base(app)}/rest/v1/users?select=id&limit=1`,
    ask: () => ({ headers: { apikey: testStack.stack.serviceRoleKey } }),
    status: 200,
    headers: API_HEADERS,
  },
  {
    name: '/rest/v1 401 without a key',
    url: () => `${base(app)}/rest/v1/users?select=id`,
    status: 401,
    headers: API_HEADERS,
    body: (text) => expect(json(text)).toMatchObject({ error: expect.any(String), message: 'No API key found in request' }),
  },
  {
    name: '/rest/v1 401 with a bearer token but no apikey',
    url: () => `${base(app)}/rest/v1/users?select=id`,
    ask: () => ({ headers: { Authorization: `Bearer ${anon()}` } }),
    status: 401,
    headers: API_HEADERS,
    body: (text) => expect(json(text)).toMatchObject({ message: 'No API key found in request' }),
  },
  {
    name: '/rest/v1 401 with the key in the query string only',
    url: () => `${base(app)}/rest/v1/users?select=id&apikey=${anon()}`,
    status: 401,
    headers: API_HEADERS,
    body: (text) => expect(json(text)).toMatchObject({ message: 'No API key found in request' }),
  },
  {
    name: '/rest/v1 401 with a wrong key',
    url: () => `${base(app)}/rest/v1/users?select=id`,
    ask: () => ({ headers: { apikey: `${anon()}x` } }),
    status: 401,
    headers: API_HEADERS,
    body: (text) => expect(json(text)).toMatchObject({ error: expect.any(String), message: 'Invalid API key' }),
  },
  {
    name: '/rest/v1 401 without a key, before a large body is read',
    url: () => `${base(app)}/rest/v1/orders`,
    ask: () => ({ method: 'POST', headers: { 'Content-Length': 50 * 1_048_576 }, partial: '' }),
    status: 401,
    headers: API_HEADERS,
  },
  {
    name: '/rest/v1 preflight passes without a key',
    url: () => `${base(app)}/rest/v1/orders`,
    ask: () => ({
      method: 'OPTIONS',
      headers: { Origin: 'https://fiesta.example', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'apikey' },
    }),
    status: 200,
    headers: API_HEADERS,
  },
  {
    name: "/rest/v1 PostgREST's own 401 (a key, and a bearer token that is no JWT of the project)",
    url: () => `${base(app)}/rest/v1/users?select=id`,
    ask: () => ({ headers: { apikey: anon(), Authorization: 'Bearer not.a.jwt' } }),
    status: 401,
    headers: API_HEADERS,
  },
  {
    name: 'function 200: a streamed comment',
    url: () => `${base(app)}/functions/v1/comment`,
    ask: orderPost,
    status: 200,
    headers: API_HEADERS,
    body: (text) => expect(text.length).toBeGreaterThan(0),
  },
  {
    name: 'function 400: a malformed order',
    url: () => `${base(app)}/functions/v1/comment`,
    ask: () => ({ ...orderPost(), body: '{' }),
    status: 400,
    headers: API_HEADERS,
  },
  {
    name: 'function 405: another method',
    url: () => `${base(app)}/functions/v1/comment`,
    ask: () => ({ headers: { Authorization: `Bearer ${anon()}` } }),
    status: 405,
    headers: API_HEADERS,
  },
  { name: 'function 204: a preflight', url: () => `${base(app)}/functions/v1/comment`, ask: () => ({ method: 'OPTIONS' }), status: 204, headers: API_HEADERS },
  {
    name: 'gateway 401: no JWT for a function with verify_jwt',
    url: () => `${base(app)}/functions/v1/comment`,
    ask: () => ({ ...orderPost(), headers: { 'Content-Type': 'application/json' } }),
    status: 401,
    headers: API_HEADERS,
    body: (text) => expect(json(text)).toMatchObject({ message: 'Invalid JWT' }),
  },
  {
    name: 'gateway 413: a declared length over the limit',
    url: () => `${base(app)}/rest/v1/orders`,
    ask: () => ({ method: 'POST', headers: { ...asGuest(), 'Content-Length': 50 * 1_048_576 }, partial: '' }),
    status: 413,
    headers: API_HEADERS,
  },
  {
    name: 'gateway 413: a streamed body cut at the limit',
    url: () => `${base(impatient)}/rest/v1/orders`,
    ask: () => ({ method: 'POST', headers: asGuest(), flood: true }),
    status: 413,
    headers: API_HEADERS,
  },
  {
    name: 'gateway 408: a body that never arrives whole',
    url: () => `${base(impatient)}/rest/v1/orders`,
    ask: () => ({ method: 'POST', headers: { ...asGuest(), 'Content-Length': 100 }, partial: '[{"id":' }),
    status: 408,
    headers: API_HEADERS,
  },
  {
    name: 'gateway 502: a backend that is not there',
    url: () => `${base(app)}/functions/v1/gone`,
    ask: () => ({ method: 'POST', body: '{}' }),
    status: 502,
    headers: API_HEADERS,
  },
  { name: 'gateway alone 404', url: () => `${testStack.stack.projectUrl}/nada`, status: 404, headers: API_HEADERS },
  {
    name: 'gateway alone: /rest/v1 401 without a key',
    url: () => `${testStack.stack.projectUrl}/rest/v1/users?select=id`,
    status: 401,
    headers: API_HEADERS,
    body: (text) => expect(json(text)).toMatchObject({ message: 'No API key found in request' }),
  },
  {
    name: 'gateway alone: /rest/v1 401 with a wrong key',
    url: () => `${testStack.stack.projectUrl}/rest/v1/users?select=id`,
    ask: () => ({ headers: { apikey: 'sb-no-es-la-clave' } }),
    status: 401,
    headers: API_HEADERS,
    body: (text) => expect(json(text)).toMatchObject({ message: 'Invalid API key' }),
  },
  {
    name: 'gateway alone: /rest/v1 200 with the key',
    url: () => `${testStack.stack.projectUrl}/rest/v1/users?select=id`,
    ask: () => ({ headers: asGuest() }),
    status: 200,
    headers: API_HEADERS,
  },
  { name: 'Deno alone 200: a streamed comment', url: () => `${comment.url}/comment`, ask: orderPost, status: 200, headers: API_HEADERS },
  { name: 'Deno alone 405', url: () => `${comment.url}/comment`, status: 405, headers: API_HEADERS },
  { name: 'Deno alone 204: a preflight', url: () => `${comment.url}/comment`, ask: () => ({ method: 'OPTIONS' }), status: 204, headers: API_HEADERS },
  { name: 'Deno alone 404: another path', url: () => `${comment.url}/otra`, ask: orderPost, status: 404, headers: API_HEADERS },
];

describe('every answer', () => {
  it.each(CASES)('$name', async (kase) => {
    const answer = await ask(kase.url(), kase.ask?.());
    expect(answer.status, answer.body).toBe(kase.status);
    expect(answer.headers).toMatchObject(kase.headers);
    kase.body?.(answer.body);
    for (const name of kase.without ?? []) expect(answer.headers[name], name).toBeUndefined();
  });
});

describe('what crosses the link', () => {
  const menuAsk = (extra: Record<string, string>): Ask => ({
    method: 'POST',
    headers: { ...asGuest(), 'Content-Type': 'application/json', ...extra },
    body: '{}',
  });

  it('a JSON answer goes gzip’d to a client that takes it, and decodes to the same answer; plain to one that does not', async () => {
    const plain = await ask(`${base(app)}/rest/v1/rpc/party_menu`, menuAsk({}));
    const packed = await ask(`${base(app)}/rest/v1/rpc/party_menu`, menuAsk({ 'Accept-Encoding': 'gzip, deflate, br' }));
    expect(plain.status, plain.body).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(packed.headers).toMatchObject({ ...API_HEADERS, 'content-encoding': 'gzip', vary: expect.stringContaining('Accept-Encoding') as unknown });
    expect(JSON.parse(gunzipSync(packed.raw).toString())).toEqual(JSON.parse(plain.body));
    expect(packed.raw.length).toBeLessThan(plain.raw.length / 2);
  });

  it('a comment streams as it comes, never held to be packed', async () => {
    const streamed = await ask(`${base(app)}/functions/v1/comment`, { ...orderPost(), headers: { ...orderPost().headers, 'Accept-Encoding': 'gzip' } });
    expect(streamed.status, streamed.body).toBe(200);
    expect(streamed.headers['content-encoding']).toBeUndefined();
  });
});
