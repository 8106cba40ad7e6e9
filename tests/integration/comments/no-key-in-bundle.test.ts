/**
 * Secrets stay on the server: builds the app with an OpenAI key in the
 * environment and checks no built file carries it, while the public anon key
 * (the positive control) does get in.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const SECRET = `sk-test-should-never-ship-${randomUUID()}`;
const ANON_KEY = `anon-${randomUUID()}`;
const SETTINGS = {
  OPENAI_API_KEY: SECRET,
  VITE_SUPABASE_URL: 'https://bar-test.supabase.co',
  VITE_SUPABASE_ANON_KEY: ANON_KEY,
};

let outDir = '';
let built: { readonly file: string; readonly bytes: Buffer }[] = [];
const saved = new Map<string, string | undefined>();

beforeAll(async () => {
  for (const [name, value] of Object.entries(SETTINGS)) {
    saved.set(name, process.env[name]);
    process.env[name] = value;
  }
  outDir = await mkdtemp(join(tmpdir(), 'bar-tab-no-key-'));
  await build({ logLevel: 'silent', build: { outDir, emptyOutDir: true } });
  const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
  const files = entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
  built = await Promise.all(files.map(async (file) => ({ file, bytes: await readFile(file) })));
}, 120_000);

afterAll(async () => {
  for (const [name, value] of saved) {
    if (value === undefined) Reflect.deleteProperty(process.env, name);
    else process.env[name] = value;
  }
  await rm(outDir, { recursive: true, force: true });
});

describe('the built app', () => {
  it('is a whole build: the page, its scripts and the service worker', () => {
    const names = built.map(({ file }) => file.slice(outDir.length + 1));
    expect(names).toContain('index.html');
    expect(names).toContain('sw.js');
    expect(names.filter((name) => name.endsWith('.js')).length).toBeGreaterThan(1);
  });

  it('carries the public anon key, so the environment reached the build', () => {
    expect(built.some(({ bytes }) => bytes.includes(ANON_KEY))).toBe(true);
  });

  it('carries the OpenAI key in no file at all', () => {
    const leaks = built.filter(({ bytes }) => bytes.includes(SECRET)).map(({ file }) => file);
    expect(leaks).toEqual([]);
  });
});

describe('the app source', () => {
  it('never reads an OPENAI_ setting', async () => {
    const src = join(import.meta.dirname, '../../../src');
    const entries = await readdir(src, { recursive: true, withFileTypes: true });
    const files = entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
    const readers = [];
    for (const file of files) if ((await readFile(file, 'utf8')).includes('OPENAI_')) readers.push(file);
    expect(readers).toEqual([]);
  });
});
