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
