/** The `host` function's environment, read once, and its fixed rules. */
import { parseAllowedOrigins } from '../_shared/cors.ts';
import { envValue as value, PROJECT_ENV_NAMES, readProject, type Project } from '../_shared/project.ts';

/** Every variable the function reads besides PORT (the Deno entry reads exactly these). */
export const HOST_ENV_NAMES = [...PROJECT_ENV_NAMES, 'HOST_KEY', 'ALLOWED_ORIGINS', 'MERCADOPAGO_ACCESS_TOKEN', 'MERCADOPAGO_WEBHOOK_SECRET'] as const;

export type HostEnv = Partial<Readonly<Record<(typeof HOST_ENV_NAMES)[number], string | undefined>>>;

/** Wrong host keys one client address may send per window; past it every try waits. */
export const HOST_KEY_TRIES = { tries: 10, windowSeconds: 60 } as const;

export interface HostSettings extends Project {
  /** Absent: the function refuses everything (503) rather than open the party to anyone. */
  readonly hostKey: string | undefined;
  readonly allowedOrigins: ReadonlySet<string>;
  /** Whether the deployment has Mercado Pago (a token and a webhook secret, as the payments function needs): only that is kept of them. */
  readonly mercadoPagoAvailable: boolean;
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
    refundUrl: supabaseUrl ? `${supabaseUrl}/functions/v1/payments/refund` : undefined,
  };
}
