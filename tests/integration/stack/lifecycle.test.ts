/**
 * `npm start` as a person runs it: it starts the whole product, Ctrl-C stops
 * every process it started, a start after a crash recovers, and a busy port
 * gets a clear answer with nothing left behind.
 */
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../scripts/lib/ports.ts';
import { running } from '../../support/processes.ts';
import { launcher, printed, ready, type Launcher } from './npm-start.ts';

let npmStart: Launcher;

beforeAll(async () => {
  npmStart = await launcher();
});

afterAll(async () => {
  await npmStart.cleanUp();
});

describe('npm start', () => {
  it('serves the app and its API on one origin, and Ctrl-C stops every process it started', async () => {
    const run = await npmStart.start();
    await ready(run);
    expect(run.output()).toMatch(/URL de la base: postgres:\/\//);
    expect(run.output()).toMatch(/clave anon: eyJ/);
    // The default party: its guest link, and a QR code of it drawn in the terminal (issue 20).
    const link = printed(run, 'Fiesta de prueba');
    expect(link).toMatch(new RegExp(`^http://localhost:${run.port}/f/[A-Za-z0-9_-]{22}$`));
    expect(run.output()).toContain(`Código QR de la fiesta (${link}):`);
    expect(run.output()).toMatch(/[█▀▄]{7}/);
    expect((await fetch(`http://127.0.0.1:${run.port}${new URL(link).pathname}`)).status).toBe(200);
    const children = run.tree();
    expect(children.map((child) => child.command).join('\n')).toMatch(/postgres/);
    expect(children.map((child) => child.command).join('\n')).toMatch(/postgrest/);
    expect(children.map((child) => child.command).join('\n')).toMatch(/deno/);

    expect((await fetch(`http://127.0.0.1:${run.port}/`)).status).toBe(200);
    const rest = await fetch(`http://127.0.0.1:${run.port}/rest/v1/orders`, { headers: { apikey: printed(run, 'clave anon') } });
    expect(await rest.json()).toEqual([]);
    // As Supabase's gateway: no project key, no data (issue 19), and the refusal carries the API's headers.
    const noKey = await fetch(`http://127.0.0.1:${run.port}/rest/v1/orders`);
    expect(noKey.status).toBe(401);
    expect(await noKey.json()).toMatchObject({ message: 'No API key found in request' });
    expect(noKey.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");

    run.child.kill('SIGINT');
    expect(await run.exited).toBe(0);
    for (const child of children) expect(running(child.pid), child.command).toBe(false);
  }, 90_000);

  it('recovers after a crash that left PostgreSQL and PostgREST running', async () => {
    const crashed = await npmStart.start();
    await ready(crashed);
    const orphans = crashed.tree().filter((child) => /postgres|postgrest/.test(child.command));
    crashed.child.kill('SIGKILL');
    await crashed.exited;
    expect(orphans.some((orphan) => running(orphan.pid))).toBe(true);

    const again = await npmStart.start();
    await ready(again);
    expect(again.output()).toMatch(/ejecución anterior/);
    for (const orphan of orphans) expect(running(orphan.pid), orphan.command).toBe(false);
    const children = again.tree();
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
    for (const child of children) expect(running(child.pid), child.command).toBe(false);
  }, 120_000);

  it('refuses a second start on the same state folder at once, says where the first runs and how to start another, and leaves the first alone', async () => {
    const first = await npmStart.start();
    await ready(first);
    const before = first.tree();
    const second = await npmStart.start();
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain('Ya hay una La Cuenta corriendo con la carpeta de estado');
    expect(second.output()).toContain(join(npmStart.workDir, 'state'));
    expect(second.output()).toContain(`http://localhost:${first.port} (proceso ${first.child.pid})`);
    expect(second.output()).toContain('BAR_TAB_STATE_DIR=');
    expect(second.output()).not.toMatch(/Deteniendo|ejecución anterior/);
    expect(second.tree()).toEqual([]);
    expect(before.filter((child) => !running(child.pid))).toEqual([]);
    expect(first.tree().map((child) => child.pid)).toEqual(before.map((child) => child.pid));
    expect(first.output()).not.toMatch(/reinici/i);
    const rest = await fetch(`http://127.0.0.1:${first.port}/rest/v1/orders`, { headers: { apikey: printed(first, 'clave anon') } });
    expect(await rest.json()).toEqual([]);
    first.child.kill('SIGINT');
    expect(await first.exited).toBe(0);
  }, 120_000);

  it('says exactly what to do when the port is taken, and leaves nothing running', async () => {
    const port = await freePort();
    const squatter: Server = createServer();
    await new Promise<void>((resolve) => squatter.listen(port, '127.0.0.1', resolve));
    try {
      const run = await npmStart.start({ port });
      expect(await run.exited).toBe(1);
      expect(run.output()).toContain(`El puerto ${port} está en uso`);
      expect(run.output()).toContain('PORT=');
      expect(run.tree()).toEqual([]);
    } finally {
      squatter.close();
    }
  }, 90_000);

  it('starts no local backend when a Supabase project is configured', async () => {
    const run = await npmStart.start({ env: { VITE_SUPABASE_URL: 'https://bar-tab-test.supabase.co', VITE_SUPABASE_ANON_KEY: 'test.anon.key' } });
    await ready(run);
    expect(run.output()).toContain('URL de la API: https://bar-tab-test.supabase.co');
    expect(run.output()).not.toContain('URL de la base');
    expect(run.tree()).toEqual([]);
    run.child.kill('SIGINT');
    expect(await run.exited).toBe(0);
  }, 90_000);
});
