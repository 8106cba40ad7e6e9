/**
 * The whole product on one machine: the local backend (unless a Supabase
 * project is configured), the production build pointed at it, and one origin
 * laid out like a Supabase project: / → the app, /rest/v1 → PostgREST,
 * /functions/v1/<name> → each Edge Function.
 */
import { fileURLToPath } from 'node:url';
import { setTimeout as delay } from 'node:timers/promises';
import pg from 'pg';
import { build } from 'vite';
import { SAME_ORIGIN } from '../../src/config/env-rules.ts';
import { startAppServer, type Proxy } from './app-server.ts';
import { startLocalStack, type LocalStack } from './local-stack.ts';
import { phoneAddress, phoneUrlOf } from './phone-address.ts';
import { freePort, portInUse } from './ports.ts';
import { functionConfig } from './function-config.ts';
import { isProjectJwt } from './keys.ts';
import { startMercadoPagoStandIn, type MercadoPagoStandIn } from './mercadopago-standin.ts';
import { startProductFunction, startProductFunctions, type FunctionName, type ProductFunctionsOptions } from './product-functions.ts';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The payments function's settings an operator gives `npm start`; without the token, the stand-in plays Mercado Pago. */
export const MERCADOPAGO_ENV_NAMES = ['MERCADOPAGO_ACCESS_TOKEN', 'MERCADOPAGO_WEBHOOK_SECRET', 'MERCADOPAGO_API_URL', 'APP_URL'] as const;

export interface ProductOptions {
  /** 0 picks a free port. */
  readonly port: number;
  readonly host?: string;
  /** Where the local backend keeps its database and secrets. */
  readonly stateDir: string;
  /** Where the build goes. */
  readonly distDir: string;
  /** The functions' settings: OPENAI_API_KEY, OPENAI_BASE_URL, OPENAI_MODEL, ALLOWED_ORIGINS, MERCADOPAGO_*. */
  readonly functionEnv?: Readonly<Record<string, string>>;
  /** supabase/functions unless given (tests run throwaway functions). */
  readonly functionsDir?: string;
  /** PostgreSQL with fsync on; true unless given. */
  readonly durable?: boolean;
  /** Each line the processes print. */
  readonly log?: (line: string) => void;
  /** Lines for the operator (first start, leftovers, restarts); `log` unless given. */
  readonly say?: (line: string) => void;
}

export interface RunningProduct {
  readonly appUrl: string;
  /** The same app as a phone on the same network opens it (HOST=0.0.0.0 or a LAN address); null when it listens on this machine alone. */
  readonly phoneUrl: string | null;
  /** The same origin's proxies, for another server of the same build (tests). */
  readonly proxies: readonly Proxy[];
  /** The Supabase URL the app was built with. */
  readonly apiUrl: string;
  /** Null when the app uses a Supabase project configured in the environment. */
  readonly stack: LocalStack | null;
  readonly anonKey: string | null;
  /** The key the host function asks for; null without the local stack. */
  readonly hostKey: string | null;
  /** The Edge Functions running, by name. */
  readonly functions: readonly string[];
  /** The local stand-in playing Mercado Pago, when no MERCADOPAGO_ACCESS_TOKEN was given; null otherwise. */
  readonly mercadoPago: MercadoPagoStandIn | null;
  /** The party `/` opens into ('Fiesta de prueba', made by the migrations); null without the local stack. */
  readonly defaultParty: DefaultParty | null;
  /**
   * Takes a running Edge Function down, as a crash would, except that it stays down (the gateway answers 502) until
   * `startFunction` brings it back on the same address: how the browser tests see what Mercado Pago's retries do.
   */
  stopFunction(name: FunctionName): Promise<void>;
  startFunction(name: FunctionName): Promise<void>;
  stop(): Promise<void>;
}

export interface DefaultParty {
  readonly code: string;
  readonly name: string;
}

/** The default party, as the database keeps it. */
async function readDefaultParty(dbUrl: string): Promise<DefaultParty | null> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    const { rows } = await client.query<DefaultParty>('select code, name from parties where is_default');
    return rows[0] ?? null;
  } finally {
    await client.end();
  }
}

/** Whether a function said the deployment's ways of paying since `since` (deployment-ways.ts), waiting up to 10 s for it. */
async function deploymentWaysSaid(dbUrl: string, since: Date): Promise<boolean> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const { rows } = await client.query('select 1 from deployment_payment_ways where said_at >= $1', [since]);
      if (rows.length > 0) return true;
      if (Date.now() > deadline) return false;
      await delay(100);
    }
  } finally {
    await client.end();
  }
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

/** The app's origin as a process on this machine reaches it. */
/** The app's address as a browser on this machine opens it. */
export function appUrlOf(host: string, port: number): string {
  return `http://${host === '127.0.0.1' || host === '0.0.0.0' ? 'localhost' : host}:${port}`;
}

function machineOrigin(host: string, port: number): string {
  const reachable = ['0.0.0.0', '::', 'localhost'].includes(host) ? '127.0.0.1' : host;
  return `http://${reachable.includes(':') ? `[${reachable}]` : reachable}:${port}`;
}

export async function startProduct(options: ProductOptions): Promise<RunningProduct> {
  const log = options.log ?? (() => undefined);
  const say = options.say ?? log;
  const host = options.host ?? '127.0.0.1';
  const port = options.port === 0 ? await freePort(host) : options.port;
  // Fail before starting anything when the app's port is taken.
  if (await portInUse(port, host)) throw Object.assign(new Error(`el puerto ${port} está en uso`), { code: 'EADDRINUSE' });
  const appUrl = appUrlOf(host, port);
  const phone = phoneAddress(host);
  const phoneUrl = phone ? phoneUrlOf(phone, port) : null;
  const stoppers: (() => Promise<void>)[] = [];
  let stopping = false;
  // A function, so a check after an await is not narrowed away.
  const stopped = () => stopping;
  const stop = async () => {
    stopping = true;
    for (const step of stoppers.splice(0).reverse()) await step().catch((error: unknown) => say(String(error)));
  };
  try {
    if (process.env.VITE_SUPABASE_URL) {
      await buildApp(options.distDir, {});
      const app = await startAppServer({ distDir: options.distDir, port, host });
      stoppers.push(() => app.close());
      return {
        appUrl,
        phoneUrl,
        proxies: [],
        apiUrl: process.env.VITE_SUPABASE_URL,
        stack: null,
        anonKey: null,
        hostKey: null,
        functions: [],
        defaultParty: null,
        mercadoPago: null,
        stopFunction: () => Promise.reject(new Error('sin funciones locales: el proyecto de Supabase las corre')),
        startFunction: () => Promise.reject(new Error('sin funciones locales: el proyecto de Supabase las corre')),
        stop,
      };
    }
    const stack = await startLocalStack({ stateDir: options.stateDir, durable: options.durable, log, say });
    stoppers.push(() => stack.stop());
    const given = options.functionEnv ?? {};
    // No money moves locally unless the operator gives a real token: the stand-in answers as Mercado Pago does.
    const mercadoPago = given.MERCADOPAGO_ACCESS_TOKEN ? null : await startMercadoPagoStandIn({ log, retryMaxMs: 30_000 });
    if (mercadoPago) stoppers.push(() => mercadoPago.close());
    const standIn = mercadoPago
      ? { MERCADOPAGO_ACCESS_TOKEN: mercadoPago.accessToken, MERCADOPAGO_WEBHOOK_SECRET: mercadoPago.webhookSecret, MERCADOPAGO_API_URL: mercadoPago.url }
      : {};
    const functionOptions: ProductFunctionsOptions = {
      appOrigin: machineOrigin(host, port),
      // Mercado Pago sends the guest back to the address their phone opened.
      appUrl: phoneUrl ?? appUrl,
      serviceRoleKey: stack.serviceRoleKey,
      hostKey: stack.hostKey,
      functionEnv: { ...given, ...standIn },
      functionsDir: options.functionsDir,
      log,
      say,
    };
    // The API shares the app's origin, so the build works however the app is reached. Built before the functions
    // start, so the origin they reach Postgres through serves moments after them, not a build later.
    // The build only asks whether the deployment takes Mercado Pago (to warn when guests have no way to pay): the token never enters it.
    const token = functionOptions.functionEnv.MERCADOPAGO_ACCESS_TOKEN;
    await buildApp(options.distDir, {
      VITE_SUPABASE_URL: SAME_ORIGIN,
      VITE_SUPABASE_ANON_KEY: stack.anonKey,
      ...(token ? { MERCADOPAGO_ACCESS_TOKEN: token } : {}),
    });
    const startedAt = new Date();
    const functions = await startProductFunctions(functionOptions);
    // By name, what runs now: a function taken down is not in it, one brought back replaces it.
    const up = new Map(functions.map((running) => [running.name, running]));
    stoppers.push(() => Promise.all([...up.values()].map((running) => running.stop())).then(() => undefined));
    const stopFunction = async (name: FunctionName) => {
      const running = up.get(name);
      up.delete(name);
      await running?.stop();
    };
    const startFunction = async (name: FunctionName) => {
      const first = functions.find((running) => running.name === name);
      if (stopped() || !first) throw new Error(`la función ${name} no es parte de este producto`);
      if (up.has(name)) return;
      const running = await startProductFunction(name, functionOptions, Number(new URL(first.url).port));
      if (stopped()) await running.stop();
      else up.set(name, running);
    };
    const proxies: Proxy[] = [
      // As on Supabase, the Data API wants the project's key; the functions' routes check their JWT instead.
      { prefix: '/rest/v1', target: stack.restUrl, apiKeys: [stack.anonKey, stack.serviceRoleKey] },
      ...functions.map((running) => ({
        prefix: `/functions/v1/${running.name}`,
        target: () => `${running.url}/${running.name}`,
        ...(functionConfig(running.name).verifyJwt ? { verifyJwt: (token: string) => isProjectJwt(stack.jwtSecret, token) } : {}),
      })),
    ];
    const app = await startAppServer({ distDir: options.distDir, port, host, proxies });
    stoppers.push(() => app.close());
    const names = functions.map((running) => running.name);
    const defaultParty = await readDefaultParty(stack.dbUrl);
    // Ready once the functions said whether the deployment has Mercado Pago: a guest's first read of their party's ways is right.
    if (names.some((name) => name === 'host' || name === 'payments') && !(await deploymentWaysSaid(stack.dbUrl, startedAt))) {
      say('Las funciones aún no dicen a la base de datos si hay Mercado Pago; lo dirán en cuanto la alcancen.');
    }
    return {
      appUrl,
      phoneUrl,
      proxies,
      apiUrl: appUrl,
      stack,
      anonKey: stack.anonKey,
      hostKey: stack.hostKey,
      functions: names,
      defaultParty,
      mercadoPago,
      stopFunction,
      startFunction,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
