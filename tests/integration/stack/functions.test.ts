/**
 * How the product wires its Edge Functions, with a throwaway `host` function in
 * a functions folder of its own: started because it exists (and `comment` not,
 * because that folder lacks it), reached at /functions/v1/host, given the
 * project's URL (this origin), the service_role key, the kept host key,
 * ALLOWED_ORIGINS and the model's OPENAI_* (it reads a photo of the bar's bill
 * with it, issue 41), and refused every other variable and host.
 */
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProduct, type RunningProduct } from '../../../scripts/lib/product.ts';

/** Says what it was given and what it may do, as JSON. */
const THROWAWAY_HOST = `
const refusal = async (probe: () => unknown): Promise<string | null> => {
  try {
    await probe();
    return null;
  } catch (error) {
    return (error as Error).name;
  }
};
Deno.serve({ port: Number(Deno.env.get('PORT')), hostname: '127.0.0.1' }, async (request) => {
  const supabaseUrl = Deno.env.get('SUPABASE_URL') ?? '';
  const key = Deno.env.get('SUPABASE_SERVICE_ROLE_KEY') ?? '';
  const users = await fetch(supabaseUrl + '/rest/v1/users?select=id', { headers: { apikey: key } });
  return Response.json({
    path: new URL(request.url).pathname,
    supabaseUrl,
    hostKey: Deno.env.get('HOST_KEY') ?? null,
    allowedOrigins: Deno.env.get('ALLOWED_ORIGINS') ?? null,
    usersStatus: users.status,
    asServiceRole: JSON.parse(atob(key.split('.')[1] ?? '')).role,
    openAIKey: Deno.env.get('OPENAI_API_KEY') ?? null,
    readingHome: await refusal(() => Deno.env.get('HOME')),
    reachingElsewhere: await refusal(() => Deno.connect({ hostname: '127.0.0.1', port: 9 })),
  });
});
`;

let workDir: string;
let product: RunningProduct | undefined;

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'bar-tab-functions-'));
  await chmod(workDir, 0o711);
  await mkdir(join(workDir, 'functions', 'host'), { recursive: true });
  await writeFile(join(workDir, 'functions', 'host', 'index.ts'), THROWAWAY_HOST);
  product = await startProduct({
    port: 0,
    stateDir: join(workDir, 'state'),
    distDir: join(workDir, 'dist'),
    functionsDir: join(workDir, 'functions'),
    functionEnv: { OPENAI_API_KEY: 'sk-for-the-bills-photo', ALLOWED_ORIGINS: 'https://fiesta.example' },
    durable: false,
  });
}, 120_000);

afterAll(async () => {
  await product?.stop();
  await rm(workDir, { recursive: true, force: true });
});

describe('the product’s Edge Functions', () => {
  it('are the ones the functions folder has', () => {
    if (!product) throw new Error('the product did not start');
    expect(product.functions).toEqual(['host']);
    expect(product.proxies.map((proxy) => proxy.prefix)).toEqual(['/rest/v1', '/functions/v1/host']);
  });

  it('give host this origin as the project, the service role, the kept host key, the model’s key, and only what it needs', async () => {
    if (!product) throw new Error('the product did not start');
    const port = new URL(product.appUrl).port;
    const anon = { apikey: product.anonKey ?? '', Authorization: `Bearer ${product.anonKey ?? ''}` };
    const answer = await fetch(`http://127.0.0.1:${port}/functions/v1/host/resumen?mesa=3`, { method: 'POST', headers: anon });
    expect(answer.status).toBe(200);
    const kept = JSON.parse(await readFile(join(workDir, 'state', 'secrets.json'), 'utf8')) as { hostKey: string };
    expect(product.hostKey).toBe(kept.hostKey);
    expect(await answer.json()).toEqual({
      path: '/host/resumen',
      supabaseUrl: `http://127.0.0.1:${port}`,
      hostKey: kept.hostKey,
      allowedOrigins: 'https://fiesta.example',
      usersStatus: 200,
      asServiceRole: 'service_role',
      openAIKey: 'sk-for-the-bills-photo',
      readingHome: 'NotCapable',
      reachingElsewhere: 'NotCapable',
    });
  });
});

describe('the gateway in front of the functions, as supabase/config.toml sets it (verify_jwt)', () => {
  it('refuses a request without a JWT of the project before the function runs, as Supabase’s does', async () => {
    if (!product) throw new Error('the product did not start');
    const url = `${product.appUrl}/functions/v1/host`;
    for (const headers of [{}, { Authorization: 'Bearer not.a.jwt' }, { apikey: `${product.anonKey ?? ''}x` }]) {
      const answer = await fetch(url, { method: 'POST', headers });
      expect(answer.status, JSON.stringify(headers)).toBe(401);
      expect(await answer.json()).toEqual({ code: 401, message: 'Invalid JWT' });
    }
    expect((await fetch(url, { method: 'POST', headers: { apikey: product.anonKey ?? '' } })).status).toBe(200);
    expect((await fetch(url, { method: 'OPTIONS' })).status).toBe(200);
  });
});
