/**
 * The real Deno entry of the `host` function, as `npm start` and Supabase run
 * it: it reads only its own variables, reaches the database through the
 * project's URL (`${SUPABASE_URL}/rest/v1`), passes `deno check`, and imports
 * nothing from outside supabase/functions (what `supabase functions deploy` bundles).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEdgeFunction, type RunningEdgeFunction } from '../../../scripts/lib/edge-function.ts';
import { parseParty } from '../../../src/host/party.ts';
import { startFaultProxy, type FaultProxy } from '../../support/fault-proxy.ts';
import { startTestStack, type TestStack } from '../../support/stack.ts';
import { guestWithOrders, HOST_KEY, product } from './support.ts';

const FUNCTIONS = resolve('supabase/functions');
/** Anything Deno tried to download would go to these dead addresses and fail. */
const NO_DOWNLOADS = { NPM_CONFIG_REGISTRY: 'http://127.0.0.1:9/', HTTPS_PROXY: 'http://127.0.0.1:9', NO_PROXY: '127.0.0.1' };

let stack: TestStack;
/** Plays Supabase's gateway: /rest/v1/* → PostgREST. */
let gateway: FaultProxy;
let host: RunningEdgeFunction;
let denoDir: string;
const logs: string[] = [];

beforeAll(async () => {
  stack = await startTestStack();
  gateway = await startFaultProxy(stack.stack.restUrl);
  denoDir = mkdtempSync(join(tmpdir(), 'deno-dir-host-'));
  await guestWithOrders(stack, 'Invitada Deno', [product('Summer Ale 500cc')]);
  host = await startEdgeFunction({
    name: 'host',
    port: 0,
    denoDir,
    env: { ...NO_DOWNLOADS, SUPABASE_URL: gateway.url, SUPABASE_SERVICE_ROLE_KEY: stack.stack.serviceRoleKey, HOST_KEY },
    allowNet: [new URL(gateway.url).host],
    // MERCADOPAGO_ACCESS_TOKEN and _WEBHOOK_SECRET: only whether the deployment has Mercado Pago (issue 33).
    // OPENAI_*: the model that reads a photo of the bar's bill, when the deployment has a key (issue 41), and the SDK's own.
    allowEnv: [
      'SUPABASE_URL',
      'SUPABASE_SERVICE_ROLE_KEY',
      'HOST_KEY',
      'ALLOWED_ORIGINS',
      'MERCADOPAGO_ACCESS_TOKEN',
      'MERCADOPAGO_WEBHOOK_SECRET',
      'OPENAI_*',
    ],
    onOutput: (line) => logs.push(line),
  });
});

afterAll(async () => {
  await host.stop();
  await gateway.close();
  await stack.stop();
  rmSync(denoDir, { recursive: true, force: true });
});

const post = (body: unknown, address = '10.30.0.1') =>
  fetch(`${host.url}/host`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'cf-connecting-ip': address }, body: JSON.stringify(body) });

describe('host function in Deno', () => {
  it('answers the party to the right key, through the project URL’s /rest/v1', async () => {
    const response = await post({ key: HOST_KEY, action: 'party' });
    expect(response.status).toBe(200);
    expect(parseParty(await response.json())?.guests).toEqual([expect.objectContaining({ full_name: 'Invitada Deno', total: 4400, tipped: 4840 })]);
    expect(gateway.counts.pass).toBeGreaterThanOrEqual(1);
  });

  it('refuses a wrong key, and the 11th from one address, reading the forwarded address; the right key still opens', async () => {
    for (let attempt = 0; attempt < 10; attempt += 1) expect((await post({ key: 'mala', action: 'party' }, '10.30.0.2')).status).toBe(401);
    const limited = await post({ key: 'mala', action: 'party' }, '10.30.0.2');
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({ error: 'Demasiados intentos; espera un minuto.' });
    expect((await post({ key: 'mala', action: 'party' }, '10.30.0.3')).status).toBe(401);
    expect((await post({ key: HOST_KEY, action: 'party' }, '10.30.0.2')).status).toBe(200);
  });

  it('never prints the key', () => {
    expect(logs.join('\n')).not.toContain(HOST_KEY);
  });

  it('passes `deno check` with Deno’s own types', () => {
    const check = spawnSync(
      'node_modules/.bin/deno',
      ['check', '--node-modules-dir=manual', '--no-remote', '--no-lock', '--config=supabase/functions/host/deno.json', 'supabase/functions/host/index.ts'],
      { env: { PATH: process.env.PATH, DENO_DIR: denoDir, DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1', ...NO_DOWNLOADS }, encoding: 'utf8' },
    );
    expect(check.stderr).not.toMatch(/error/i);
    expect(check.status).toBe(0);
  });

  it('imports nothing from outside supabase/functions, and no package but those its import map names', () => {
    const seen = importsFrom(join(FUNCTIONS, 'host/index.ts'));
    expect(seen.size).toBeGreaterThan(5);
    for (const file of seen) expect(relative(FUNCTIONS, file), file).not.toMatch(/^\.\./);
  });
});

/** The packages host/deno.json maps: what Supabase fetches for the function (a key ending in '/' maps what is under it). */
const MAPPED = Object.keys((JSON.parse(readFileSync(join(FUNCTIONS, 'host/deno.json'), 'utf8')) as { imports: object }).imports);
const isMapped = (specifier: string) => MAPPED.some((key) => specifier === key || (key.endsWith('/') && specifier.startsWith(key)));

/** Every file reached through static imports from `entry`; throws on a package the import map does not name. */
function importsFrom(entry: string, seen = new Set<string>()): Set<string> {
  if (seen.has(entry)) return seen;
  seen.add(entry);
  const source = readFileSync(entry, 'utf8');
  for (const [, specifier = ''] of source.matchAll(/^(?:import|export)\s[^'"]*?from\s+'([^']+)'/gm)) {
    if (specifier.startsWith('.')) importsFrom(resolve(dirname(entry), specifier), seen);
    else if (!isMapped(specifier)) throw new Error(`${entry} imports the package ${specifier}, which host/deno.json does not map`);
  }
  return seen;
}
