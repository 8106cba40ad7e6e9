/** Pure rules for the app's environment; shared by the app and the build. */

/** Where guests pay when no VITE_PAYMENT_URL is set. A placeholder: the host sets the real one. */
export const DEFAULT_PAYMENT_URL = 'https://pago.example/bar-tab';

/**
 * Accepts an http(s) URL without query or fragment (the amount is appended as
 * a path segment) and drops trailing slashes. Throws with a reason otherwise;
 * the build calls this too, so a bad value fails the build, not a guest's tap.
 */
export function parsePaymentUrl(raw: string | undefined): string {
  const value = raw?.trim();
  if (!value) return DEFAULT_PAYMENT_URL;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`VITE_PAYMENT_URL is not a URL: ${value}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error(`VITE_PAYMENT_URL must be http(s): ${value}`);
  }
  if (url.search || url.hash) {
    throw new Error(`VITE_PAYMENT_URL must not have a query or fragment: ${value}`);
  }
  return url.href.replace(/\/+$/, '');
}

export interface BackendConfig {
  readonly supabaseUrl: string;
  readonly supabaseAnonKey: string;
}

/** VITE_SUPABASE_URL for an API on the app's own origin, as `npm start` serves it. */
export const SAME_ORIGIN = '/';

/**
 * The Supabase project the tab syncs to, or null when none is configured (the
 * tab then stays on the phone only). Both values or neither. `/` means the
 * app's own origin (given as `origin`; the build checks it without one), so a
 * local build works from localhost, 127.0.0.1 or the laptop's address alike.
 */
export function parseBackend(url: string | undefined, anonKey: string | undefined, origin = 'http://localhost'): BackendConfig | null {
  const given = url?.trim() ?? '';
  const rawUrl = given === SAME_ORIGIN ? origin : given;
  const key = anonKey?.trim() ?? '';
  if (!rawUrl && !key) return null;
  if (!rawUrl || !key) throw new Error('Set both VITE_SUPABASE_URL and VITE_SUPABASE_ANON_KEY, or neither.');
  let parsed: URL;
  try {
    parsed = new URL(rawUrl);
  } catch {
    throw new Error(`VITE_SUPABASE_URL is not a URL: ${rawUrl}`);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new Error(`VITE_SUPABASE_URL must be http(s): ${rawUrl}`);
  if (/\s/.test(key)) throw new Error('VITE_SUPABASE_ANON_KEY must be one token, without spaces.');
  return { supabaseUrl: parsed.href.replace(/\/+$/, ''), supabaseAnonKey: key };
}
