/**
 * The app's environment, read and validated once. Everything else imports
 * `env` from here instead of touching `import.meta.env`.
 */
import { parsePaymentUrl } from './env-rules.ts';

export interface AppEnv {
  readonly paymentUrl: string;
  /** Shown small at the foot of the page, so everyone can tell which version runs. */
  readonly appVersion: string;
}

export const env: AppEnv = {
  paymentUrl: parsePaymentUrl(import.meta.env.VITE_PAYMENT_URL),
  appVersion: import.meta.env.VITE_APP_VERSION,
};
