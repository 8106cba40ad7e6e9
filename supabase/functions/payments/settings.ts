/** The `payments` function's environment, read once. The token and the secret are kept here and sent only to Mercado Pago. */
import { parseAllowedOrigins } from '../_shared/cors.ts';
import { envValue as value, PROJECT_ENV_NAMES, readProject, type Project } from '../_shared/project.ts';

/** Every variable the function reads besides PORT (the Deno entry reads exactly these). */
export const PAYMENTS_ENV_NAMES = [
  ...PROJECT_ENV_NAMES,
  'ALLOWED_ORIGINS',
  'MERCADOPAGO_ACCESS_TOKEN',
  'MERCADOPAGO_WEBHOOK_SECRET',
  'MERCADOPAGO_API_URL',
  'APP_URL',
] as const;

export type PaymentsEnv = Partial<Readonly<Record<(typeof PAYMENTS_ENV_NAMES)[number], string | undefined>>>;

export const DEFAULT_MERCADOPAGO_API_URL = 'https://api.mercadopago.com';

export interface PaymentsSettings extends Project {
  readonly allowedOrigins: ReadonlySet<string>;
  /** Absent: no checkout (503), and every notification is answered 503 so Mercado Pago keeps it. */
  readonly accessToken: string | undefined;
  readonly webhookSecret: string | undefined;
  readonly apiUrl: string;
  /** Where Mercado Pago sends its notifications: this function's own address on the project. */
  readonly webhookUrl: string | undefined;
  /** The app's address, for the guest's way back from the checkout: APP_URL, else the project's (npm start serves both on one origin). */
  readonly appUrl: string | undefined;
}

export function readPaymentsSettings(env: PaymentsEnv, restUrl?: string): PaymentsSettings {
  const projectUrl = value(env.SUPABASE_URL)?.replace(/\/+$/, '');
  return {
    ...readProject(env, restUrl),
    allowedOrigins: parseAllowedOrigins(env.ALLOWED_ORIGINS),
    accessToken: value(env.MERCADOPAGO_ACCESS_TOKEN),
    webhookSecret: value(env.MERCADOPAGO_WEBHOOK_SECRET),
    apiUrl: (value(env.MERCADOPAGO_API_URL) ?? DEFAULT_MERCADOPAGO_API_URL).replace(/\/+$/, ''),
    webhookUrl: projectUrl ? `${projectUrl}/functions/v1/payments/webhook` : undefined,
    appUrl: (value(env.APP_URL) ?? projectUrl)?.replace(/\/+$/, ''),
  };
}

/** A log line with the function's secrets taken out, whatever put them there. */
export function withoutSecrets(line: string, settings: Pick<PaymentsSettings, 'accessToken' | 'webhookSecret'>): string {
  let clean = line;
  for (const secret of [settings.accessToken, settings.webhookSecret]) {
    if (secret) clean = clean.split(secret).join('[oculto]');
  }
  return clean;
}
