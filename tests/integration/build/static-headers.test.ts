/** The app server sends a build's _headers as a static host would, and never serves the file itself. */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer, type RunningAppServer } from '../../../scripts/lib/app-server.ts';
import { renderHeadersFile } from '../../../scripts/lib/headers-file.ts';

const HEADERS = renderHeadersFile([
  { path: '/*', headers: { 'Content-Security-Policy': "default-src 'self'; frame-ancestors 'none'", 'X-Frame-Options': 'DENY' } },
  { path: '/assets/*', headers: { 'Cache-Control': 'public, max-age=60' } },
]);

const SECRET = 'the-keys-of-the-bar';
let root = '';
let dist = '';
let server: RunningAppServer;

/** A request sent as written: fetch would resolve `..` before sending it. */
function rawRequest(path: string, method = 'GET'): Promise<{ status: number; type: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    const url = new URL(server.url);
    const request = httpRequest({ host: url.hostname, port: url.port, path, method }, (answer) => {
      const parts: Buffer[] = [];
      answer.on('data', (part: Buffer) => parts.push(part));
      answer.on('end', () => resolve({ status: answer.statusCode ?? 0, type: answer.headers['content-type'], body: Buffer.concat(parts).toString() }));
    });
    request.on('error', reject);
    request.end();
  });
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'bar-tab-headers-'));
  dist = join(root, 'dist');
  await writeFile(join(root, 'secret.txt'), SECRET);
  await mkdir(join(dist, 'assets'), { recursive: true });
  await writeFile(join(dist, 'index.html'), '<!doctype html><title>app</title>');
  await writeFile(join(dist, 'assets', 'app.js'), 'console.log(1);');
  await writeFile(join(dist, '_headers'), HEADERS);
  await writeFile(join(dist, '_redirects'), '/anfitrion /index.html 200\n');
  server = await startAppServer({ distDir: dist, port: 0 });
});

afterAll(async () => {
  await server.close();
  await rm(root, { recursive: true, force: true });
});

describe('the app server with a _headers file', () => {
  it("sends the file's headers on the page and on routes the page owns", async () => {
    for (const path of ['/', '/index.html', '/some/route']) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.headers.get('content-security-policy'), path).toBe("default-src 'self'; frame-ancestors 'none'");
      expect(response.headers.get('x-frame-options'), path).toBe('DENY');
      expect(response.headers.get('cache-control'), path).toBe('no-cache');
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
    }
  });

  it("lets the file's Cache-Control replace the server's own, once", async () => {
    const response = await fetch(`${server.url}/assets/app.js`);
    expect(response.headers.get('cache-control')).toBe('public, max-age=60');
  });

  it('does not hand out the host’s files', async () => {
    const text = await (await fetch(`${server.url}/_headers`)).text();
    expect(text).not.toContain('Content-Security-Policy');
    expect(await (await fetch(`${server.url}/_redirects`)).text()).not.toContain('/anfitrion');
  });

  it('sends brotli to a browser that takes it, gzip to one that takes only that, the same bytes either way', async () => {
    const { get } = await import('node:http');
    const { brotliDecompressSync, gunzipSync } = await import('node:zlib');
    const raw = (encoding: string) =>
      new Promise<{ encoding: string | undefined; body: Buffer }>((resolve, reject) => {
        get(`${server.url}/assets/app.js`, { headers: { 'Accept-Encoding': encoding } }, (answer) => {
          const parts: Buffer[] = [];
          answer.on('data', (part: Buffer) => parts.push(part));
          answer.on('end', () => resolve({ encoding: answer.headers['content-encoding'], body: Buffer.concat(parts) }));
        }).on('error', reject);
      });
    const br = await raw('gzip, deflate, br');
    expect(br.encoding).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe('console.log(1);');
    const gzip = await raw('gzip');
    expect(gzip.encoding).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe('console.log(1);');
    expect((await raw('identity')).encoding).toBeUndefined();
  });

  it('answers the host’s page with the shell, as the build’s _redirects asks of a static host', async () => {
    expect(await (await fetch(`${server.url}/anfitrion`)).text()).toContain('<title>app</title>');
  });

  it('never hands out a file outside the build, however the path is written', async () => {
    for (const path of ['/../secret.txt', '/%2e%2e/secret.txt', '/assets/..%2f..%2fsecret.txt', '/..%5csecret.txt', '/assets/%2e%2e/%2e%2e/secret.txt']) {
      const answer = await rawRequest(path);
      expect(answer.body, path).not.toContain(SECRET);
      expect([200, 404], path).toContain(answer.status);
    }
  });

  it('answers what it cannot serve with a JSON reason', async () => {
    const missing = await rawRequest('/assets/gone.js');
    expect([missing.status, missing.type, JSON.parse(missing.body)]).toEqual([404, 'application/json', { error: 'not found' }]);
    const posted = await rawRequest('/index.html', 'POST');
    expect([posted.status, JSON.parse(posted.body)]).toEqual([405, { error: 'method not allowed' }]);
    const head = await rawRequest('/assets/app.js', 'HEAD');
    expect([head.status, head.type, head.body]).toEqual([200, 'text/javascript; charset=utf-8', '']);
  });
});
