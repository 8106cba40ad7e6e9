/** The `host` function's environment, read once, and its fixed rules. */
import { parseAllowedOrigins } from '../_shared/cors.ts';
import { DEFAULT_BASE_URL, DEFAULT_MODEL } from '../_shared/openai-model.ts';
import { envValue as value, PROJECT_ENV_NAMES, readProject, type Project } from '../_shared/project.ts';

/** Every variable the function reads besides PORT (the Deno entry reads exactly these). */
export const HOST_ENV_NAMES = [
  ...PROJECT_ENV_NAMES,
  'HOST_KEY',
  'ALLOWED_ORIGINS',
  'MERCADOPAGO_ACCESS_TOKEN',
  'MERCADOPAGO_WEBHOOK_SECRET',
  'OPENAI_API_KEY',
  'OPENAI_BASE_URL',
  'OPENAI_MODEL',
] as const;

/** What the function may read when its environment is restricted (npm start's Deno): its own, and the OpenAI SDK's own (OPENAI_ORG_ID…). */
export const HOST_ALLOWED_ENV = [...HOST_ENV_NAMES, 'OPENAI_*'] as const;

export type HostEnv = Partial<Readonly<Record<(typeof HOST_ENV_NAMES)[number], string | undefined>>>;

/** Wrong host keys one client address may send per window; past it every try waits. */
export const HOST_KEY_TRIES = { tries: 10, windowSeconds: 60 } as const;

export interface HostSettings extends Project {
  /** Absent: the function refuses everything (503) rather than open the party to anyone. */
  readonly hostKey: string | undefined;
  readonly allowedOrigins: ReadonlySet<string>;
  /** Whether the deployment has Mercado Pago (a token and a webhook secret, as the payments function needs): only that is kept of them. */
  readonly mercadoPagoAvailable: boolean;
  /** The vision model that reads a photo of the bar's bill (issue 41); null without OPENAI_API_KEY: the phone reads it. */
  readonly model: { readonly apiKey: string; readonly baseURL: string; readonly name: string } | null;
  /** The payments function's refunds, on the same project: `${SUPABASE_URL}/functions/v1/payments/refund`. */
  readonly refundUrl: string | undefined;
}

export function readHostSettings(env: HostEnv, restUrl?: string): HostSettings {
  const supabaseUrl = value(env.SUPABASE_URL)?.replace(/\/+$/, '');
  return {
    hostKey: value(env.HOST_KEY),
    ...readProject(env, restUrl),
    allowedOrigins: parseAllowedOrigins(env.ALLOWED_ORIGINS),
    mercadoPagoAvailable: value(env.MERCADOPAGO_ACCESS_TOKEN) !== undefined && value(env.MERCADOPAGO_WEBHOOK_SECRET) !== undefined,
    model: modelOf(env),
    refundUrl: supabaseUrl ? `${supabaseUrl}/functions/v1/payments/refund` : undefined,
  };
}

function modelOf(env: HostEnv): HostSettings['model'] {
  const apiKey = value(env.OPENAI_API_KEY);
  if (apiKey === undefined) return null;
  return { apiKey, baseURL: value(env.OPENAI_BASE_URL) ?? DEFAULT_BASE_URL, name: value(env.OPENAI_MODEL) ?? DEFAULT_MODEL };
}
