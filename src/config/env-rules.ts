/** Pure rules for the app's environment; shared by the app and the build. */

/**
 * The payment page of a party with none of its own: VITE_PAYMENT_URL, or null
 * when the deployment gives none. There is no placeholder: 'Ir a pagar' never
 * points at a page nobody owns.
 *
 * Accepts an http(s) URL without query or fragment (the amount is appended as
 * a path segment) and drops trailing slashes. Throws with a reason otherwise;
 * the build calls this too, so a bad value fails the build, not a guest's tap.
 */
export function parsePaymentUrl(raw: string | undefined): string | null {
  const value = raw?.trim();
  if (!value) return null;
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

/**
 * What `npm run build` warns of when the deployment gives guests no way to pay
 * by itself: no payment page (VITE_PAYMENT_URL) and no Mercado Pago
 * (MERCADOPAGO_ACCESS_TOKEN, whose presence only is read, in the build's
 * environment). A party's own page or 'Datos para transferir' may still come
 * from the host; until then its guests see no 'Ir a pagar'.
 */
export function paymentWaysWarning(paymentUrl: string | undefined, mercadoPagoToken: string | undefined): string | null {
  if (paymentUrl?.trim() || mercadoPagoToken?.trim()) return null;
  return (
    'Aviso: ni VITE_PAYMENT_URL ni MERCADOPAGO_ACCESS_TOKEN están definidas. Los invitados de una fiesta sin página de pago ' +
    'propia ni datos para transferir no tendrán cómo pagar (no verán «Ir a pagar»).'
  );
}
