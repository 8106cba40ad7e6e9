/**
 * The host's page in the build: not one byte of it in what index.html loads
 * (the guests' first load), all of it precached for /anfitrion offline, and
 * the host key of the build's environment in no file at all.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINE_CACHE } from '../../../src/pwa/engine-cache.ts';

const HOST_KEY = `clave-que-nunca-se-publica-${randomUUID()}`;
const SETTINGS = { HOST_KEY, VITE_SUPABASE_URL: 'https://bar-test.supabase.co', VITE_SUPABASE_ANON_KEY: `anon-${randomUUID()}` };
/** Strings only the host's page has (ASCII, so no escaping in the output hides them). */
const HOST_MARKS = ['Descargar CSV', 'Total de la fiesta', 'Clave incorrecta.'];

let outDir = '';
let indexHtml = '';
let built: { readonly name: string; readonly text: string }[] = [];
const saved = new Map<string, string | undefined>();

beforeAll(async () => {
  for (const [name, value] of Object.entries(SETTINGS)) {
    saved.set(name, process.env[name]);
    process.env[name] = value;
  }
  outDir = await mkdtemp(join(tmpdir(), 'bar-tab-host-build-'));
  await build({ logLevel: 'silent', build: { outDir, emptyOutDir: true } });
  const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
  const files = entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
  built = await Promise.all(files.map(async (file) => ({ name: file.slice(outDir.length), text: await readFile(file, 'latin1') })));
  indexHtml = await readFile(join(outDir, 'index.html'), 'utf8');
}, 180_000);

afterAll(async () => {
  for (const [name, value] of saved) {
    if (value === undefined) Reflect.deleteProperty(process.env, name);
    else process.env[name] = value;
  }
  await rm(outDir, { recursive: true, force: true });
});

const textOf = (name: string) => built.find((file) => file.name === name)?.text ?? '';

/** index.html's entry script and modulepreloads, and every file they import statically (not `import()`). */
function firstLoadScripts(): string[] {
  const entry = /<script type="module" crossorigin src="(\/assets\/[^"]+)"/.exec(indexHtml)?.[1];
  const preloaded = [...indexHtml.matchAll(/<link rel="modulepreload"[^>]*href="(\/assets\/[^"]+)"/g)].map((match) => match[1] ?? '');
  const queue = entry ? [entry, ...preloaded] : [];
  const seen = new Set<string>();
  while (queue.length > 0) {
    const file = queue.shift() ?? '';
    if (seen.has(file)) continue;
    seen.add(file);
    for (const match of textOf(file).matchAll(/(?:^|[;}\s])(?:import|export)\s*(?:[\w$*{},\s]+from\s*)?["'`]\.\/([\w.-]+\.js)["'`]/g)) {
      queue.push(`/assets/${match[1] ?? ''}`);
    }
  }
  return [...seen];
}

describe('the guests’ first load', () => {
  it('is the entry and what it imports statically, and none of it is the host’s page', () => {
    const scripts = firstLoadScripts();
    expect(scripts.length).toBeGreaterThanOrEqual(1);
    for (const file of scripts) {
      for (const mark of HOST_MARKS) expect(textOf(file), `${mark} in ${file}`).not.toContain(mark);
    }
  });

  it('leaves the host’s page to a chunk of its own, loaded only by import()', () => {
    const hostChunks = built.filter((file) => file.name.endsWith('.js') && HOST_MARKS.every((mark) => file.text.includes(mark)));
    expect(hostChunks.map((file) => file.name)).toHaveLength(1);
    const [hostChunk] = hostChunks;
    const chunkName = hostChunk?.name.split('/').at(-1) ?? '';
    expect(firstLoadScripts()).not.toContain(`/assets/${chunkName}`);
    expect(indexHtml).not.toContain(chunkName);
    const dynamicImport = new RegExp(`import\\(["'\`]\\./${chunkName.replaceAll('.', '\\.')}["'\`]\\)`);
    expect(built.filter((file) => dynamicImport.test(file.text)).map((file) => file.name)).toEqual([firstLoadScripts()[0]]);
  });

  it('carries nothing of the bar’s bill’s photo reading (issue 41), its engine or its rules', () => {
    // The engine's cache name too: a constant the entry's modules once shared, 21 bytes (gzip) the guests never use.
    for (const file of firstLoadScripts()) {
      for (const mark of ['Foto de la cuenta', 'tesseract.js@v', 'Leyendo la cuenta', ENGINE_CACHE])
        expect(textOf(file), `${mark} in ${file}`).not.toContain(mark);
    }
  });

  it('does not carry the host page’s stylesheet either', () => {
    const styles = [...indexHtml.matchAll(/<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+)"/g)].map((match) => match[1] ?? '');
    for (const file of styles) expect(textOf(file), file).not.toContain('host-guest');
    expect(built.some((file) => file.name.endsWith('.css') && file.text.includes('host-guest'))).toBe(true);
  });
});

describe('the host’s page offline', () => {
  it('is precached, scripts and stylesheet, so /anfitrion opens with no signal after one visit', () => {
    const sw = textOf('/sw.js');
    const hostFiles = built.filter((file) => /\.(js|css)$/.test(file.name) && file.name.startsWith('/assets/') && /Descargar CSV|host-guest/.test(file.text));
    expect(hostFiles.length).toBeGreaterThanOrEqual(2);
    for (const file of hostFiles) expect(sw, file.name).toContain(file.name.slice(1));
    expect(sw).toContain('index.html');
  });
});

describe('the host key', () => {
  it('is in no built file, though the build’s environment had it', () => {
    expect(process.env.HOST_KEY).toBe(HOST_KEY);
    expect(built.filter((file) => file.text.includes(HOST_KEY)).map((file) => file.name)).toEqual([]);
    expect(built.some((file) => file.text.includes(SETTINGS.VITE_SUPABASE_ANON_KEY))).toBe(true);
  });

  it('is never read by the app', async () => {
    const src = join(import.meta.dirname, '../../../src');
    const entries = await readdir(src, { recursive: true, withFileTypes: true });
    const files = entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
    const readers = [];
    for (const file of files) if (/(?:process|import\.meta)\.env\b[^;\n]*HOST/.test(await readFile(file, 'utf8'))) readers.push(file);
    expect(readers).toEqual([]);
  });
});
