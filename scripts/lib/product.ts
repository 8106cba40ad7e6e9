/**
 * The whole product on one machine: the local backend (unless a Supabase
 * project is configured), the production build pointed at it, and one origin
 * laid out like a Supabase project: / → the app, /rest/v1 → PostgREST,
 * /functions/v1 → the Edge Function.
 */
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { SAME_ORIGIN } from '../../src/config/env-rules.ts';
import { startAppServer, type Proxy } from './app-server.ts';
import { startCommentFunction } from './comment-function.ts';
import { startLocalStack, type LocalStack } from './local-stack.ts';
import { freePort, portInUse } from './ports.ts';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface ProductOptions {
  /** 0 picks a free port. */
  readonly port: number;
  readonly host?: string;
  /** Where the local backend keeps its database and secrets. */
  readonly stateDir: string;
  /** Where the build goes. */
  readonly distDir: string;
  /** The function's environment (OPENAI_API_KEY, OPENAI_BASE_URL, OPENAI_MODEL). */
  readonly functionEnv?: Readonly<Record<string, string>>;
  readonly log?: (line: string) => void;
}

export interface RunningProduct {
  readonly appUrl: string;
  /** The same origin's proxies, for another server of the same build (tests). */
  readonly proxies: readonly Proxy[];
  /** The Supabase URL the app was built with. */
  readonly apiUrl: string;
  /** Null when the app uses a Supabase project configured in the environment. */
  readonly stack: LocalStack | null;
  readonly anonKey: string | null;
  stop(): Promise<void>;
}

/** Builds the app with these VITE_ variables on top of the environment's. */
async function buildApp(distDir: string, variables: Record<string, string>): Promise<void> {
  const saved = Object.fromEntries(Object.keys(variables).map((key) => [key, process.env[key]]));
  Object.assign(process.env, variables);
  try {
    await build({ root: ROOT, logLevel: 'warn', build: { outDir: distDir, emptyOutDir: true } });
  } finally {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) Reflect.deleteProperty(process.env, key);
      else process.env[key] = value;
    }
  }
}

export async function startProduct(options: ProductOptions): Promise<RunningProduct> {
  const log = options.log ?? (() => undefined);
  const host = options.host ?? '127.0.0.1';
  const port = options.port === 0 ? await freePort(host) : options.port;
  // Fail before starting anything when the app's port is taken.
  if (await portInUse(port, host)) throw Object.assign(new Error(`port ${port} is in use`), { code: 'EADDRINUSE' });
  const browserHost = host === '127.0.0.1' || host === '0.0.0.0' ? 'localhost' : host;
  const appUrl = `http://${browserHost}:${port}`;
  const stoppers: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const step of stoppers.splice(0).reverse()) await step().catch((error: unknown) => log(String(error)));
  };
  try {
    if (process.env.VITE_SUPABASE_URL) {
      await buildApp(options.distDir, {});
      const app = await startAppServer({ distDir: options.distDir, port, host });
      stoppers.push(() => app.close());
      return { appUrl, proxies: [], apiUrl: process.env.VITE_SUPABASE_URL, stack: null, anonKey: null, stop };
    }
    const stack = await startLocalStack({ stateDir: options.stateDir, log });
    stoppers.push(() => stack.stop());
    const comment = await startCommentFunction({ port: 0, env: { ...options.functionEnv }, onOutput: log });
    stoppers.push(() => comment.stop());
    // The API shares the app's origin, so the build works however the app is reached.
    await buildApp(options.distDir, { VITE_SUPABASE_URL: SAME_ORIGIN, VITE_SUPABASE_ANON_KEY: stack.anonKey });
    const proxies: Proxy[] = [
      { prefix: '/rest/v1', target: stack.restUrl },
      { prefix: '/functions/v1', target: () => comment.url },
    ];
    const app = await startAppServer({ distDir: options.distDir, port, host, proxies });
    stoppers.push(() => app.close());
    return { appUrl, proxies, apiUrl: appUrl, stack, anonKey: stack.anonKey, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
