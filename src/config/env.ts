/**
 * The app's environment, read and validated once. Everything else imports
 * `env` from here instead of touching `import.meta.env`.
 */
import { parseBackend, parsePaymentUrl, type BackendConfig } from './env-rules.ts';

export interface AppEnv {
  /** The build's payment page (VITE_PAYMENT_URL), for a party with none of its own; null: none. */
  readonly paymentUrl: string | null;
  /** Shown small at the foot of the page, so everyone can tell which version runs. */
  readonly appVersion: string;
  /** Where the tab syncs to; null keeps it on the phone only. */
  readonly backend: BackendConfig | null;
}

export const env: AppEnv = {
  paymentUrl: parsePaymentUrl(import.meta.env.VITE_PAYMENT_URL),
  appVersion: import.meta.env.VITE_APP_VERSION,
  // `location` is the page's, or the service worker's: both share the app's origin.
  backend: parseBackend(import.meta.env.VITE_SUPABASE_URL, import.meta.env.VITE_SUPABASE_ANON_KEY, globalThis.location.origin),
};
