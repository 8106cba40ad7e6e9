/** The door of every function: what is refused before a body is read. */
import { ALLOWED_METHODS, corsHeaders, isForbiddenCrossSite, preflightHeaders } from './cors.ts';
import { jsonError, secured, type ErrorAnswer } from './responses.ts';
import { API_SECURITY_HEADERS } from './security-headers.ts';

/**
 * The checks every function makes before it reads a body: its path (`name`:
 * /<name> locally, /functions/v1/<name> on Supabase), the CORS preflight, POST
 * only, and the origin. The answer to send, or null to go on.
 */
export function refuseRequest(name: string, request: Request, allowed: ReadonlySet<string>, cors: Record<string, string>): Response | null {
  const forbidden: ErrorAnswer = { status: 403, error: 'Origen no permitido.' };
  const path = new URL(request.url).pathname.replace(/(.)\/+$/, '$1');
  if (!['/', `/${name}`, `/functions/v1/${name}`].includes(path)) {
    return jsonError({ status: 404, error: `Aquí no hay nada: usa /${name}.` }, cors);
  }
  if (request.method === 'OPTIONS') {
    const headers = preflightHeaders(request, allowed);
    if (headers) return new Response(null, { status: 204, headers: { ...headers, ...API_SECURITY_HEADERS } });
    if (request.headers.has('origin')) return jsonError(forbidden, cors);
    return new Response(null, { status: 204, headers: { Allow: ALLOWED_METHODS, ...API_SECURITY_HEADERS } });
  }
  if (request.method !== 'POST') {
    return jsonError({ status: 405, error: 'Método no permitido: usa POST.', headers: { Allow: ALLOWED_METHODS } }, cors);
  }
  return isForbiddenCrossSite(request, allowed) ? jsonError(forbidden, cors) : null;
}

/** What Deno.serve tells a handler beside the request. */
export interface RequestInfo {
  readonly remoteAddr?: string;
}

export type Handler = (request: Request, info?: RequestInfo) => Promise<Response>;

type Answer = (request: Request, info: RequestInfo | undefined, cors: Record<string, string>) => Promise<Response>;

/**
 * Every answer carries the CORS headers and the security headers (whatever the
 * handler built); a failure nobody foresaw is logged and answered 500 in JSON,
 * never as a trace.
 */
export function withLastResort(allowed: ReadonlySet<string>, log: (line: string) => void, answer: Answer): Handler {
  return async (request, info) => {
    const cors = corsHeaders(request, allowed);
    try {
      return secured(await answer(request, info, cors));
    } catch (error) {
      log(`unexpected failure: ${error instanceof Error ? error.message : String(error)}`);
      return jsonError({ status: 500, error: 'Error interno.' }, cors);
    }
  };
}
