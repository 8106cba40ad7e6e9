/**
 * Mercado Pago's access token and webhook secret stay in the payments
 * function's environment (issue 33): every file the product serves, through
 * its own origin (each file of the build, each entry of the service worker's
 * precache manifest, the pages, plain and in each compression the browser may
 * take), holds neither, nor does any answer's headers. The project's anon key,
 * which the build does carry, is found: the search looks where a secret would be.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { ROOT } from '../../scripts/lib/product.ts';
import { expect, test } from './fixtures.ts';

const TOKEN = process.env.BAR_TAB_MERCADOPAGO_TOKEN ?? '';
const SECRET = process.env.BAR_TAB_MERCADOPAGO_WEBHOOK_SECRET ?? '';
const DIST = join(ROOT, 'dist');
/** The static host's own rules: read by it, never served. */
const NOT_SERVED = new Set(['_headers', '_redirects']);

test.skip(TOKEN === '', 'the product runs with a real Mercado Pago token: the stand-in’s is not known here');

const anonKey = () =>
  (JSON.parse(process.env.BAR_TAB_PROXIES ?? '[]') as { prefix: string; apiKeys?: string[] }[]).find((proxy) => proxy.prefix === '/rest/v1')?.apiKeys?.[0] ??
  '';

/** The build's files, as paths under the origin; a compressed copy is reached through its file's path. */
async function builtFiles(): Promise<{ served: string[]; kept: string[] }> {
  const entries = await readdir(DIST, { recursive: true, withFileTypes: true });
  const paths = entries.filter((entry) => entry.isFile()).map((entry) => relative(DIST, join(entry.parentPath, entry.name)).split('\\').join('/'));
  const plain = paths.filter((path) => !/\.(gz|br)$/.test(path));
  return { served: plain.filter((path) => !NOT_SERVED.has(path)).map((path) => `/${path}`), kept: plain.filter((path) => NOT_SERVED.has(path)) };
}

/** The service worker's precache manifest: every `url` it lists, as a path under the origin. */
function precached(serviceWorker: string): string[] {
  const urls = [...serviceWorker.matchAll(/"url":"([^"]+)"/g)].map((match) => match[1] ?? '');
  return urls.map((url) => new URL(url, 'http://origin/').pathname);
}

test('the token and the webhook secret are in no file the product serves, in any encoding, nor in a header', async ({ baseURL }) => {
  test.setTimeout(120_000);
  expect(TOKEN.length).toBeGreaterThan(20);
  expect(SECRET.length).toBeGreaterThan(20);
  const origin = baseURL ?? '';
  const { served, kept } = await builtFiles();
  const serviceWorker = await (await fetch(new URL('/sw.js', origin))).text();
  const manifest = precached(serviceWorker);
  expect(manifest.length).toBeGreaterThan(10);
  expect(manifest).toEqual(expect.arrayContaining(['/index.html', '/manifest.webmanifest']));
  const paths = [...new Set(['/', '/anfitrion', '/f/codigo-de-prueba', ...served, ...manifest])];

  const bodies: string[] = [];
  const encodings = new Map<string, number>();
  for (const path of paths) {
    for (const encoding of ['identity', 'gzip', 'br']) {
      const answer = await fetch(new URL(path, origin), { headers: { 'accept-encoding': encoding } });
      expect(answer.status, path).toBe(200);
      const used = answer.headers.get('content-encoding') ?? 'identity';
      encodings.set(used, (encodings.get(used) ?? 0) + 1);
      const body = Buffer.from(await answer.arrayBuffer()).toString('latin1');
      const headers = JSON.stringify([...answer.headers]);
      for (const [name, secret] of [
        ['token', TOKEN],
        ['webhook secret', SECRET],
      ] as const) {
        expect(body.includes(secret), `${name} in ${path} (${used})`).toBe(false);
        expect(headers.includes(secret), `${name} in the headers of ${path}`).toBe(false);
      }
      bodies.push(body);
    }
  }
  // The precompressed copies were served, and so read, too.
  expect(encodings.get('br') ?? 0).toBeGreaterThan(10);
  expect(encodings.get('gzip') ?? 0).toBeGreaterThan(10);
  // What the host's static rules keep to themselves holds neither either.
  for (const path of kept) {
    const text = await readFile(join(DIST, path), 'latin1');
    expect(text.includes(TOKEN) || text.includes(SECRET), path).toBe(false);
  }
  // The build's one key is in it, where a secret baked into the bundle would be too.
  expect(anonKey().length).toBeGreaterThan(20);
  expect(bodies.some((body) => body.includes(anonKey()))).toBe(true);
});
