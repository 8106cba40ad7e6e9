/**
 * `npm start` as a person runs it: it starts the whole product, Ctrl-C stops
 * every process it started, a start after a crash recovers, and a busy port
 * gets a clear answer with nothing left behind.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../scripts/lib/ports.ts';
import { ROOT } from '../../../scripts/lib/product.ts';
import { descendants, running } from '../../support/processes.ts';

let workDir: string;
const started: ChildProcess[] = [];

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'bar-tab-start-'));
  // PostgreSQL runs as the postgres user, who must be able to reach the state folder inside.
  await chmod(workDir, 0o711);
});

afterAll(async () => {
  for (const child of started) if (child.pid !== undefined && running(child.pid)) child.kill('SIGKILL');
  await rm(workDir, { recursive: true, force: true });
});

interface Started {
  readonly child: ChildProcess;
  readonly output: () => string;
  readonly exited: Promise<number | null>;
}

function npmStart(port: number, extraEnv: Record<string, string> = {}): Started {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), BAR_TAB_STATE_DIR: join(workDir, 'state'), BAR_TAB_DIST_DIR: join(workDir, 'dist'), ...extraEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function ready(run: Started): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const check = () => {
      if (run.output().includes('está lista')) resolve();
    };
    run.child.stdout?.on('data', check);
    void run.exited.then(() => reject(new Error(`npm start exited early:\n${run.output()}`)));
    check();
  });
}

describe('npm start', () => {
  it('serves the app and its API on one origin, and Ctrl-C stops every process it started', async () => {
    const port = await freePort();
    const run = npmStart(port);
    await ready(run);
    expect(run.output()).toMatch(/DB URL: postgres:\/\//);
    expect(run.output()).toMatch(/anon key: eyJ/);
    const children = descendants(run.child.pid ?? -1);
    expect(children.map((child) => child.command).join('\n')).toMatch(/postgres/);
    expect(children.map((child) => child.command).join('\n')).toMatch(/postgrest/);
    expect(children.map((child) => child.command).join('\n')).toMatch(/deno/);

    expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(200);
    const rest = await fetch(`http://127.0.0.1:${port}/rest/v1/orders`, { headers: { apikey: /anon key: (\S+)/.exec(run.output())?.[1] ?? '' } });
    expect(await rest.json()).toEqual([]);

    run.child.kill('SIGINT');
    expect(await run.exited).toBe(0);
    for (const child of children) expect(running(child.pid), child.command).toBe(false);
  }, 90_000);

  it('recovers after a crash that left PostgreSQL and PostgREST running', async () => {
    const crashed = npmStart(await freePort());
    await ready(crashed);
    const orphans = descendants(crashed.child.pid ?? -1).filter((child) => /postgres|postgrest/.test(child.command));
    crashed.child.kill('SIGKILL');
    await crashed.exited;
    expect(orphans.some((orphan) => running(orphan.pid))).toBe(true);

    const again = npmStart(await freePort());
    await ready(again);
    expect(again.output()).toMatch(/earlier run/);
    for (const orphan of orphans) expect(running(orphan.pid), orphan.command).toBe(false);
    const children = descendants(again.child.pid ?? -1);
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
    for (const child of children) expect(running(child.pid), child.command).toBe(false);
  }, 120_000);

  it('says exactly what to do when the port is taken, and leaves nothing running', async () => {
    const port = await freePort();
    const squatter: Server = createServer();
    await new Promise<void>((resolve) => squatter.listen(port, '127.0.0.1', resolve));
    try {
      const run = npmStart(port);
      expect(await run.exited).toBe(1);
      expect(run.output()).toContain(`Port ${port} is in use`);
      expect(run.output()).toContain('PORT=');
      expect(descendants(run.child.pid ?? -1)).toEqual([]);
    } finally {
      squatter.close();
    }
  }, 90_000);

  it('starts no local backend when a Supabase project is configured', async () => {
    const run = npmStart(await freePort(), { VITE_SUPABASE_URL: 'https://bar-tab-test.supabase.co', VITE_SUPABASE_ANON_KEY: 'test.anon.key' });
    await ready(run);
    expect(run.output()).toContain('API URL: https://bar-tab-test.supabase.co');
    expect(run.output()).not.toContain('DB URL');
    expect(descendants(run.child.pid ?? -1)).toEqual([]);
    run.child.kill('SIGINT');
    expect(await run.exited).toBe(0);
  }, 90_000);
});
