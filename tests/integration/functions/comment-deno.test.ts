/**
 * The real Deno process, as `npm start` and Supabase run it, against the local
 * OpenAI stand-in: streaming, HTTP answers, the quip fallback, offline start and
 * a process that never outlives its parent.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { denoArguments, startCommentFunction, type RunningCommentFunction } from '../../../scripts/lib/comment-function.ts';
import { chooseQuip } from '../../../supabase/functions/comment/quips.ts';
import { aValidOrder, anOrder } from '../../support/comment-orders.ts';
import { startFakeOpenAI, type FakeOpenAI } from '../../../scripts/lib/openai-server.ts';
import { readOnePiece, readPieces } from '../../support/read-stream.ts';

const KEY = 'sk-deno-test-never-shown';
/** Anything Deno tried to download would go to these dead addresses and fail. */
const NO_DOWNLOADS = { NPM_CONFIG_REGISTRY: 'http://127.0.0.1:9/', HTTPS_PROXY: 'http://127.0.0.1:9', NO_PROXY: '127.0.0.1' };

let openai: FakeOpenAI;
let denoDir: string;
let withModel: RunningCommentFunction;
let withQuips: RunningCommentFunction;
const logs: string[] = [];

beforeAll(async () => {
  openai = await startFakeOpenAI();
  denoDir = mkdtempSync(join(tmpdir(), 'deno-dir-'));
  const env = { ...NO_DOWNLOADS, OPENAI_API_KEY: KEY, OPENAI_BASE_URL: openai.baseURL, OPENAI_MODEL: 'fake-model' };
  withModel = await startCommentFunction({ port: 0, env, denoDir, onOutput: (line) => logs.push(line) });
  withQuips = await startCommentFunction({ port: 0, env: { ...NO_DOWNLOADS }, denoDir, onOutput: (line) => logs.push(line) });
});

afterAll(async () => {
  await withModel.stop();
  await withQuips.stop();
  await openai.close();
  rmSync(denoDir, { recursive: true, force: true });
});

const post = (url: string, body: string, init: RequestInit = {}) =>
  fetch(`${url}/functions/v1/comment`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body, ...init });

describe('comment function in Deno', () => {
  it('starts offline from node_modules, with an empty DENO_DIR and nothing downloaded', () => {
    const args = denoArguments(8000, {});
    expect(args).toEqual(expect.arrayContaining(['--node-modules-dir=manual', '--cached-only', '--no-remote', '--no-lock']));
    expect(args.some((arg) => arg === '--allow-all' || arg === '--allow-net' || arg === '--allow-env')).toBe(false);
    const cached = (folder: string) => (existsSync(join(denoDir, folder)) ? readdirSync(join(denoDir, folder)) : []);
    expect(cached('npm')).toEqual([]);
    expect(cached('remote')).toEqual([]);
  });

  it('streams the model’s answer piece by piece', async () => {
    let release: () => void = () => undefined;
    openai.queue({ pieces: ['¡Salud', ', Ana!', ' Bacán.'], gate: new Promise<void>((resolve) => (release = resolve)) });
    const response = await post(withModel.url, JSON.stringify(anOrder()));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    expect(await readOnePiece(reader)).toBe('¡Salud');
    const upstream = openai.requests.at(-1);
    expect(upstream?.sentPieces).toBe(1);
    expect(upstream?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(upstream?.body).toMatchObject({ model: 'fake-model', max_tokens: 150, stream: true });
    release();
    let rest = '';
    for (let piece = await readOnePiece(reader); piece !== ''; piece = await readOnePiece(reader)) rest += piece;
    expect(rest).toBe(', Ana! Bacán.');
  });

  it('hangs up on the model when the guest’s app goes away', async () => {
    openai.queue({ pieces: ['Hola', ' chao'], gate: new Promise(() => undefined) });
    const client = new AbortController();
    const response = await post(withModel.url, JSON.stringify(anOrder()), { signal: client.signal });
    const upstream = openai.requests.at(-1);
    expect(await readOnePiece((response.body as ReadableStream<Uint8Array>).getReader())).toBe('Hola');
    client.abort();
    await upstream?.closed;
    expect(upstream?.finished).toBe(false);
  });

  it('streams a local quip when the model fails, and logs why without showing the key', async () => {
    openai.queue({ status: 500, errorMessage: `bad key ${KEY}` });
    const response = await post(withModel.url, JSON.stringify(anOrder()));
    expect(response.status).toBe(200);
    const pieces = await readPieces(response);
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.join('')).toBe(chooseQuip(aValidOrder()));
    await expect.poll(() => logs.join('\n')).toContain('comment: error from model fake-model (status 500); answering with local quips');
    expect(logs.join('\n')).not.toContain(KEY);
  });

  it('answers 400, 405 and 413 in JSON', async () => {
    const invalid = await post(withQuips.url, JSON.stringify(anOrder({ product: { name: 'Summer Ale 500cc', price: 1.5 } })));
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toMatchObject({ error: 'Pedido inválido.', issues: [{ path: 'product' }] });
    const wrongMethod = await fetch(`${withQuips.url}/comment`);
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toBe('POST, OPTIONS');
    expect(await wrongMethod.json()).toHaveProperty('error');
    const tooLarge = await post(withQuips.url, JSON.stringify(anOrder({ previousComment: 'x'.repeat(20_000) })));
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toHaveProperty('error');
  });

  it('streams a local quip in pieces without a key', async () => {
    const response = await post(withQuips.url, JSON.stringify(anOrder()));
    expect(response.status).toBe(200);
    const pieces = await readPieces(response);
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.join('')).toContain('Summer Ale 500cc');
    expect(pieces.join('')).not.toMatch(/jaja/i);
  });

  it('passes `deno check` with Deno’s own types', () => {
    const check = spawnSync(
      'node_modules/.bin/deno',
      [
        'check',
        '--node-modules-dir=manual',
        '--no-remote',
        '--no-lock',
        '--config=supabase/functions/comment/deno.json',
        'supabase/functions/comment/index.ts',
        'supabase/functions/_local/exit-with-parent.ts',
      ],
      { env: { PATH: process.env.PATH, DENO_DIR: denoDir, DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1', ...NO_DOWNLOADS }, encoding: 'utf8' },
    );
    expect(check.stderr).not.toMatch(/error/i);
    expect(check.status).toBe(0);
  });
});

describe('comment function process', () => {
  it('stops answering once stopped', async () => {
    const running = await startCommentFunction({ port: 0, env: {} });
    await running.stop();
    await expect(fetch(running.url, { method: 'OPTIONS' })).rejects.toThrow();
  });

  it('dies with the Node process that started it, even when that one is killed outright', async () => {
    const parent = spawn(process.execPath, ['--import', 'tsx', 'tests/support/comment-function-child.ts'], { stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      const lines = createInterface({ input: parent.stdout })[Symbol.asyncIterator]();
      const line = (await lines.next()).value as string | undefined;
      const { url } = JSON.parse(line ?? '{}') as { url: string };
      expect((await fetch(url, { method: 'OPTIONS' })).status).toBe(204);
      parent.kill('SIGKILL');
      await expect(untilRefused(url)).resolves.toBe(true);
    } finally {
      parent.kill('SIGKILL');
    }
  });
});

/** True once nothing listens on the URL (the function has exited); false if it still answers after 10 s. */
async function untilRefused(url: string): Promise<boolean> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const refused = await fetch(url, { method: 'OPTIONS' }).then(
      () => false,
      () => true,
    );
    if (refused) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}
