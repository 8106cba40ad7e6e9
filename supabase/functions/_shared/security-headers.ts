/**
 * The security headers every answer carries, said once. Here, inside the folder
 * Supabase deploys, so the functions can import them; the app's build
 * (scripts/lib/csp.ts) and the local gateway and app server (scripts/lib/) import
 * them from here too.
 */

/** Every answer, page or API: no type sniffing, never framed. */
export const EVERY_ANSWER_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
};

/**
 * An API answer (JSON, a streamed comment, a refusal) is data, never a page: the
 * strictest policy (nothing loads or runs in it, nothing frames it), no referrer
 * from it, and no other site may embed it. Cross-Origin-Resource-Policy only
 * binds no-cors loads (an <img>, a <script>): an allowed origin's fetch is CORS
 * and unaffected.
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  ...EVERY_ANSWER_HEADERS,
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Resource-Policy': 'same-origin',
};
