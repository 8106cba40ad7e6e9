/**
 * Cross-origin rules: only origins listed in ALLOWED_ORIGINS get CORS headers.
 * With none listed, the function serves its own origin only (the app's server).
 */

const PREFLIGHT_HEADERS = 'authorization, apikey, content-type, x-client-info, x-guest-id';
export const ALLOWED_METHODS = 'POST, OPTIONS';

export function parseAllowedOrigins(list: string | undefined): ReadonlySet<string> {
  const origins = (list ?? '').split(',').map((origin) => origin.trim().replace(/\/+$/, ''));
  return new Set(origins.filter((origin) => origin !== ''));
}

function allowedOrigin(request: Request, allowed: ReadonlySet<string>): string | null {
  const origin = request.headers.get('origin');
  return origin !== null && allowed.has(origin) ? origin : null;
}

/** Headers every answer carries: CORS for an allowed origin, and `Vary: Origin` always. */
export function corsHeaders(request: Request, allowed: ReadonlySet<string>): Record<string, string> {
  const origin = allowedOrigin(request, allowed);
  if (origin === null) return { Vary: 'Origin' };
  return { 'Access-Control-Allow-Origin': origin, 'Access-Control-Expose-Headers': 'Retry-After', Vary: 'Origin' };
}

/** A preflight's answer headers, or null when the origin is not allowed. */
export function preflightHeaders(request: Request, allowed: ReadonlySet<string>): Record<string, string> | null {
  if (allowedOrigin(request, allowed) === null) return null;
  return {
    ...corsHeaders(request, allowed),
    'Access-Control-Allow-Methods': ALLOWED_METHODS,
    'Access-Control-Allow-Headers': request.headers.get('access-control-request-headers') ?? PREFLIGHT_HEADERS,
    'Access-Control-Max-Age': '600',
  };
}

/**
 * A browser request from another site that is not allowed. Same-origin requests
 * (through the app's own server) and non-browser clients pass.
 */
export function isForbiddenCrossSite(request: Request, allowed: ReadonlySet<string>): boolean {
  const site = request.headers.get('sec-fetch-site');
  const crossSite = site === 'cross-site' || site === 'same-site';
  return crossSite && request.headers.has('origin') && allowedOrigin(request, allowed) === null;
}
