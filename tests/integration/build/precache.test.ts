/**
 * Builds the app for real and checks the service worker: small, a classic
 * script, and a list of files that opens the app with no signal after one
 * visit (index.html and everything the guest's app loads) without fetching
 * at install what only the signal or the host needs.
 */
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Script } from 'node:vm';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShellEntry } from '../../../src/sw/shell.ts';
import { OCR_SOURCES } from '../../../src/receipts/ocr-files.ts';
import { BILL_PROBLEMS, CLAIM_TAKEN } from '../../../supabase/functions/_shared/bar-bill.ts';
import { PRODUCT_PROBLEMS } from '../../../supabase/functions/_shared/menu-import.ts';

/** dist/sw.js, gzip: the stretch budget (the budget is 40 KB). */
const SW_BUDGET_BYTES = 15 * 1024;
/** What the guest's status line says once synced (src/sync/status.ts): the queue's code, in the guest's download. */
const SYNCED = 'Todo sincronizado con el bar.';
/** A string only PostgREST's query builder (postgrest-js, which the queue's requests load) carries: its media types. */
const QUERY_BUILDER = 'vnd.pgrst';

let outDir = '';
let listed: ShellEntry[] = [];
let indexHtml = '';
let swSource = '';

/** The file list vite-plugin-pwa wrote into sw.js. */
function precacheList(source: string): ShellEntry[] {
  const json = /\[\{"[^[\]]*"url"[^[\]]*\}\]/.exec(source)?.[0];
  if (!json) throw new Error('no file list in sw.js');
  return JSON.parse(json) as ShellEntry[];
}

const entryScript = () => /<script type="module" crossorigin src="(\/assets\/[^"]+)"/.exec(indexHtml)?.[1] ?? '';
const atInstall = () => listed.filter((entry) => !entry.later).map((entry) => `/${entry.url}`);
const chunkText = (url: string) => readFile(join(outDir, url), 'utf8');

beforeAll(async () => {
  outDir = await mkdtemp(join(tmpdir(), 'bar-tab-build-'));
  await build({ logLevel: 'silent', build: { outDir, emptyOutDir: true } });
  swSource = await readFile(join(outDir, 'sw.js'), 'utf8');
  listed = precacheList(swSource);
  indexHtml = await readFile(join(outDir, 'index.html'), 'utf8');
}, 120_000);

afterAll(async () => {
  await rm(outDir, { recursive: true, force: true });
});

describe('the built service worker', () => {
  it('is a classic script, as it is registered: no import, export or import.meta', () => {
    expect(() => new Script(swSource)).not.toThrow();
  });

  it(`is at most ${SW_BUDGET_BYTES / 1024} KB gzip: it carries neither Dexie nor the query builder`, () => {
    expect(gzipSync(swSource, { level: 9 }).length).toBeLessThanOrEqual(SW_BUDGET_BYTES);
    expect(swSource).not.toContain(QUERY_BUILDER);
    expect(swSource).not.toMatch(/Dexie|dexie/);
  });

  it('lists files that all exist, each once', async () => {
    const urls = listed.map((entry) => entry.url);
    expect(new Set(urls).size).toBe(urls.length);
    for (const url of urls) expect((await stat(join(outDir, url))).isFile(), url).toBe(true);
  });

  it('names each file whose name carries no hash by its digest, so it can come from the HTTP cache', () => {
    for (const entry of listed) {
      if (entry.url.startsWith('assets/')) expect(entry.integrity, entry.url).toBeUndefined();
      else expect(entry.integrity, entry.url).toMatch(/^sha256-[\w+/]{43}=$/);
    }
  });

  it('names, for index.html, the entry script the page loads: what tells this build’s page from another when a host has added to it', () => {
    const entry = /<script type="module" crossorigin src="(\/assets\/[^"]+)"/.exec(indexHtml)?.[1];
    expect(entry).toBeDefined();
    expect(listed.find((item) => item.url === 'index.html')?.names).toBe(entry);
    expect(listed.filter((item) => item.names !== undefined)).toHaveLength(1);
  });
});

describe('what the service worker fetches when it installs', () => {
  it('is index.html and every script index.html loads (its stylesheet and early script are inside it)', () => {
    const referenced = [...indexHtml.matchAll(/<(?:script|link rel="(?:modulepreload|stylesheet)")[^>]*(?:src|href)="(\/[^"]+)"/g)].map((match) => match[1]);
    expect(referenced).toHaveLength(1);
    expect(atInstall()).toContain('/index.html');
    for (const url of referenced) expect(atInstall(), url).toContain(url);
  });

  it('includes every file the entry script imports but the later ones (the queue’s requests, the host’s page), and nothing from the API', async () => {
    const later = listed.filter((entry) => entry.later).map((entry) => `/${entry.url}`);
    const imported = [...(await chunkText(entryScript())).matchAll(/["'`](?:\.\/|\/assets\/)([\w.-]+\.(?:js|css))["'`]/g)].map(
      (match) => `/assets/${match[1] ?? ''}`,
    );
    expect(imported.length).toBeGreaterThanOrEqual(2);
    for (const url of imported.filter((url) => !later.includes(url))) expect(atInstall(), url).toContain(url);
    expect(listed.filter((item) => /^\/?(rest|functions)\//.test(item.url))).toEqual([]);
  });

  it('is one file of JavaScript for the guest’s whole app (the early script is inside the page): the tab’s code and the queue’s are in the entry, and no rule only the host uses is', async () => {
    const entry = await chunkText(entryScript());
    expect(entry).toContain(SYNCED);
    expect(entry).toContain(CLAIM_TAKEN);
    for (const hostOnly of [BILL_PROBLEMS.fields, PRODUCT_PROBLEMS.fields]) expect(entry).not.toContain(hostOnly);
    const scripts = (await readdir(join(outDir, 'assets'))).filter((name) => name.endsWith('.js')).map((name) => `/assets/${name}`);
    expect(atInstall().filter((url) => scripts.includes(url))).toEqual([entryScript()]);
  });

  it('leaves out the queue’s requests (with postgrest-js) and the host’s page: they are kept when they first load', async () => {
    const later = listed.filter((entry) => entry.later).map((entry) => `/${entry.url}`);
    const chunks = (await readdir(join(outDir, 'assets'))).map((name) => `/assets/${name}`);
    const withQueryBuilder = [];
    for (const url of chunks.filter((name) => name.endsWith('.js'))) if ((await chunkText(url)).includes(QUERY_BUILDER)) withQueryBuilder.push(url);
    expect(withQueryBuilder).toHaveLength(1);
    const hostPage = chunks.filter((url) => /HostApp/.test(url));
    expect(hostPage.length).toBeGreaterThanOrEqual(2);
    for (const url of [...withQueryBuilder, ...hostPage]) {
      expect(atInstall(), url).not.toContain(url);
      expect(later, url).toContain(url);
    }
  });
});

describe('the manifest', () => {
  it('is not in the page as built, nor fetched at install: the page links it once the app is kept, and the worker keeps it as it loads', () => {
    expect(indexHtml).not.toContain('rel="manifest"');
    expect(atInstall()).not.toContain('/manifest.webmanifest');
    expect(listed.find((entry) => entry.url === 'manifest.webmanifest')).toMatchObject({ later: true, integrity: expect.stringMatching(/^sha256-/) });
  });
});

describe('the host’s OCR engine (issue 41)', () => {
  it('is in the build, each file from node_modules in one folder of its own, and on no list of the worker’s: not one byte for a guest', async () => {
    const [folder, ...others] = (await readdir(join(outDir, 'assets'))).filter((name) => name.startsWith('ocr-'));
    expect(others).toEqual([]);
    expect((await readdir(join(outDir, 'assets', folder ?? ''))).sort()).toEqual(OCR_SOURCES.map((source) => source.name).sort());
    expect(listed.filter((entry) => /ocr-|tesseract/.test(entry.url))).toEqual([]);
    // tesseract.js names its own CDN: no chunk of the app carries the library.
    for (const entry of listed.filter((item) => item.url.endsWith('.js'))) expect(await chunkText(`/${entry.url}`), entry.url).not.toContain('tesseract.js@v');
  });
});

describe('the first-load JavaScript', () => {
  it('leaves the query builder and anything else needed later out of what index.html loads', async () => {
    const entry = /<script type="module" crossorigin src="(\/assets\/[^"]+)"/.exec(indexHtml)?.[1] ?? '';
    const preloaded = [...indexHtml.matchAll(/<link rel="modulepreload"[^>]*href="(\/assets\/[^"]+)"/g)].map((match) => match[1] ?? '');
    for (const file of [entry, ...preloaded]) {
      const source = await chunkText(file);
      expect(source, file).not.toContain(QUERY_BUILDER);
    }
    const chunks = await readdir(join(outDir, 'assets'));
    const lazy = await Promise.all(chunks.filter((name) => name.endsWith('.js')).map((name) => chunkText(`/assets/${name}`)));
    expect(lazy.some((source) => source.includes(QUERY_BUILDER))).toBe(true);
  });
});
