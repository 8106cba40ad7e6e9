/**
 * Builds the app for real and checks the service worker precaches the whole
 * shell: index.html and every file it references, so a reload with no signal works.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Script } from 'node:vm';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let outDir = '';
let precached: string[] = [];
let indexHtml = '';
let swSource = '';

function precacheList(swSource: string): string[] {
  const urls = [...swSource.matchAll(/"?url"?\s*:\s*"([^"]+)"/g)].map((match) => match[1] ?? '');
  return urls.map((url) => `/${url.replace(/^\//, '')}`);
}

beforeAll(async () => {
  outDir = await mkdtemp(join(tmpdir(), 'bar-tab-build-'));
  await build({ logLevel: 'silent', build: { outDir, emptyOutDir: true } });
  swSource = await readFile(join(outDir, 'sw.js'), 'utf8');
  precached = precacheList(swSource);
  indexHtml = await readFile(join(outDir, 'index.html'), 'utf8');
}, 120_000);

afterAll(async () => {
  await rm(outDir, { recursive: true, force: true });
});

describe('the built service worker', () => {
  it('is a classic script, as it is registered: no import, export or import.meta', () => {
    expect(() => new Script(swSource)).not.toThrow();
  });

  it('precaches index.html', () => {
    expect(precached).toContain('/index.html');
  });

  it('precaches every script, stylesheet, icon and manifest index.html references', () => {
    const referenced = [...indexHtml.matchAll(/(?:src|href)="(\/[^"]+)"/g)].map((match) => match[1]);
    expect(referenced.length).toBeGreaterThanOrEqual(5);
    for (const url of referenced) expect(precached, url).toContain(url);
  });

  it('precaches every icon the manifest names', async () => {
    const manifest = JSON.parse(await readFile(join(outDir, 'manifest.webmanifest'), 'utf8')) as {
      icons: { src: string }[];
    };
    for (const icon of manifest.icons) expect(precached, icon.src).toContain(icon.src);
  });

  it('precaches every file the entry script imports, and nothing from the API', async () => {
    const entry = /<script type="module" crossorigin src="(\/assets\/[^"]+)"/.exec(indexHtml)?.[1] ?? '';
    const source = await readFile(join(outDir, entry), 'utf8');
    const imported = [...source.matchAll(/["'`](?:\.\/|\/assets\/)([\w.-]+\.(?:js|css))["'`]/g)].map(
      (match) => `/assets/${match[1] ?? ''}`,
    );
    for (const url of imported) expect(precached, url).toContain(url);
    expect(precached.filter((url) => /^\/(rest|functions)\//.test(url))).toEqual([]);
  });
});

describe('the first-load JavaScript', () => {
  it('leaves supabase-js and anything else needed later out of what index.html loads', async () => {
    const entry = /<script type="module" crossorigin src="(\/assets\/[^"]+)"/.exec(indexHtml)?.[1] ?? '';
    const preloaded = [...indexHtml.matchAll(/<link rel="modulepreload"[^>]*href="(\/assets\/[^"]+)"/g)].map((match) => match[1] ?? '');
    for (const file of [entry, ...preloaded]) {
      const source = await readFile(join(outDir, file), 'utf8');
      expect(source, file).not.toContain('supabase-js/');
      expect(source, file).not.toContain('X-Client-Info');
    }
    const chunks = await readdir(join(outDir, 'assets'));
    const lazy = await Promise.all(chunks.filter((name) => name.endsWith('.js')).map((name) => readFile(join(outDir, 'assets', name), 'utf8')));
    expect(lazy.some((source) => source.includes('supabase-js/'))).toBe(true);
  });
});
