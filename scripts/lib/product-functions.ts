/**
 * The product's Edge Functions as `npm start` runs them: every one of
 * FUNCTION_NAMES the functions folder has, each with only what it needs.
 * Both reach the database the way they do on Supabase, through the project's
 * URL (this app's own origin, whose /rest/v1 is PostgREST) with the
 * service_role key: `comment` for its rate limits, besides its model
 * settings; `host` for the party, and it checks the host's key (and, with
 * OPENAI_API_KEY, reads a photo of the bar's bill with the model); `payments`
 * for the guests' payments, and it reaches Mercado Pago (or its stand-in).
 */
import { DEFAULT_BASE_URL } from '../../supabase/functions/_shared/openai-model.ts';
import { HOST_ALLOWED_ENV } from '../../supabase/functions/host/settings.ts';
import { DEFAULT_MERCADOPAGO_API_URL, PAYMENTS_ENV_NAMES } from '../../supabase/functions/payments/settings.ts';
import { commentPermissions } from './comment-function.ts';
import { hasEdgeFunction, startEdgeFunction, type EdgeFunctionOptions, type RunningEdgeFunction } from './edge-function.ts';

export const FUNCTION_NAMES = ['comment', 'host', 'payments'] as const;
export type FunctionName = (typeof FUNCTION_NAMES)[number];

export interface ProductFunctionsOptions {
  /** The app's origin as this machine reaches it: http://127.0.0.1:<app port>. */
  readonly appOrigin: string;
  /** The app's address as a browser opens it (http://localhost:<port>): where Mercado Pago sends the guest back, so the tab is there. */
  readonly appUrl?: string;
  readonly serviceRoleKey: string;
  readonly hostKey: string;
  /** OPENAI_API_KEY, OPENAI_BASE_URL, OPENAI_MODEL, ALLOWED_ORIGINS, MERCADOPAGO_*: whichever are set. */
  readonly functionEnv: Readonly<Record<string, string>>;
  /** supabase/functions unless given. */
  readonly functionsDir?: string | undefined;
  readonly log: (line: string) => void;
  readonly say: (line: string) => void;
}

type FunctionSettings = Pick<EdgeFunctionOptions, 'env' | 'allowNet' | 'allowEnv'>;

function settingsFor(name: FunctionName, options: ProductFunctionsOptions): FunctionSettings {
  // What Supabase gives every function: the project's URL and the service_role key.
  const project = { SUPABASE_URL: options.appOrigin, SUPABASE_SERVICE_ROLE_KEY: options.serviceRoleKey };
  if (name === 'comment') {
    // Only its own settings: never Mercado Pago's token.
    const own = Object.entries(options.functionEnv).filter(([key]) => !key.startsWith('MERCADOPAGO_'));
    const env = { ...Object.fromEntries(own), ...project };
    return { env, ...commentPermissions(env) };
  }
  const allowedOrigins = options.functionEnv.ALLOWED_ORIGINS;
  const origins = allowedOrigins ? { ALLOWED_ORIGINS: allowedOrigins } : {};
  const mercadoPago = Object.fromEntries(Object.entries(options.functionEnv).filter(([name]) => name.startsWith('MERCADOPAGO_')));
  if (name === 'payments') {
    const apiUrl = mercadoPago.MERCADOPAGO_API_URL ?? DEFAULT_MERCADOPAGO_API_URL;
    const appUrl = options.functionEnv.APP_URL ?? options.appUrl;
    return {
      env: { ...project, ...origins, ...mercadoPago, ...(appUrl ? { APP_URL: appUrl } : {}) },
      allowNet: [new URL(options.appOrigin).host, new URL(apiUrl).host],
      allowEnv: PAYMENTS_ENV_NAMES,
    };
  }
  // The model that reads a photo of the bar's bill (issue 41): the same OPENAI_* as the comment's.
  const openai = Object.fromEntries(Object.entries(options.functionEnv).filter(([key]) => key.startsWith('OPENAI_')));
  const modelHost = openai.OPENAI_API_KEY ? [new URL(openai.OPENAI_BASE_URL ?? DEFAULT_BASE_URL).host] : [];
  return {
    env: {
      ...project,
      HOST_KEY: options.hostKey,
      ...origins,
      ...openai,
      // The host's page says whether the deployment has Mercado Pago; the host function keeps only that.
      ...(mercadoPago.MERCADOPAGO_ACCESS_TOKEN ? { MERCADOPAGO_ACCESS_TOKEN: mercadoPago.MERCADOPAGO_ACCESS_TOKEN } : {}),
      ...(mercadoPago.MERCADOPAGO_WEBHOOK_SECRET ? { MERCADOPAGO_WEBHOOK_SECRET: mercadoPago.MERCADOPAGO_WEBHOOK_SECRET } : {}),
    },
    allowNet: [new URL(options.appOrigin).host, ...modelHost],
    allowEnv: HOST_ALLOWED_ENV,
  };
}

/** One of them; on `port` when given (0: a free one), so one that was stopped comes back where the gateway sends its requests. */
export function startProductFunction(name: FunctionName, options: ProductFunctionsOptions, port = 0): Promise<RunningEdgeFunction> {
  return startEdgeFunction({ name, port, functionsDir: options.functionsDir, onOutput: options.log, say: options.say, ...settingsFor(name, options) });
}

/** Starts them side by side; when one cannot start, the others are stopped and the error thrown. */
export async function startProductFunctions(options: ProductFunctionsOptions): Promise<RunningEdgeFunction[]> {
  const names = FUNCTION_NAMES.filter((name) => hasEdgeFunction(name, options.functionsDir));
  const results = await Promise.allSettled(names.map((name) => startProductFunction(name, options)));
  const started = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) {
    await Promise.all(started.map((running) => running.stop()));
    throw failed.reason;
  }
  return started;
}
