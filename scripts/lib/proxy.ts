/**
 * The API half of the app server, as Supabase's gateway does it: streams a
 * request to its backend and the answer back, unbuffered (a comment streams
 * for as long as it takes). A route may want one of the project's keys
 * (/rest/v1 does, as on Supabase): refused with 401 without it. Request
 * bodies are held to a limit: refused with 413 at once when Content-Length is
 * over it, without reading or forwarding a byte; cut as soon as a streamed
 * body passes it; cut too when the whole body has not arrived in time (the
 * answer is not timed). Every answer, the backend's and its own, carries the
 * API's security headers. A JSON answer goes gzip'd to a client that takes it,
 * as Supabase's edge sends it (a party's list is 20 KB as JSON, 3 KB gzip'd: on
 * one bar of signal that is most of a second); a stream goes as it comes.
 */
import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import type { Writable } from 'node:stream';
import { constants as zlib, createGzip } from 'node:zlib';
import { API_SECURITY_HEADERS } from '../../supabase/functions/_shared/security-headers.ts';
import { apiKeyRefusal } from './api-key.ts';

export interface Proxy {
  /** Path prefix on this origin, e.g. '/rest/v1'; stripped before forwarding. */
  readonly prefix: string;
  /** Where to forward, e.g. 'http://127.0.0.1:3001' or 'http://127.0.0.1:3002/comment'; read per request. */
  readonly target: () => string;
  /**
   * A function's verify_jwt (supabase/config.toml): true when this bearer token is a valid JWT of
   * the project. Absent: no check (PostgREST checks its own).
   */
  readonly verifyJwt?: (token: string) => Promise<boolean>;
  /**
   * The project's keys (anon, service_role): one must come in the `apikey` header, as Supabase's
   * gateway wants for /rest/v1 (api-key.ts). Absent: no key asked (the functions' routes).
   */
  readonly apiKeys?: readonly string[];
}

export interface BodyLimits {
  readonly maxBytes: number;
  /** The whole request body must arrive within this. */
  readonly timeoutMs: number;
}

export const DEFAULT_BODY_LIMITS: BodyLimits = { maxBytes: 1_048_576, timeoutMs: 30_000 };

export function matchesPrefix(url: string, prefix: string): boolean {
  return url === prefix || url.startsWith(`${prefix}/`) || url.startsWith(`${prefix}?`);
}

interface Refusal {
  readonly status: number;
  readonly body: object;
}

/**
 * What is refused from the request's head alone, before a byte of its body: a
 * missing or wrong project key first (Kong runs key-auth before its size
 * limit), then a body whose Content-Length is over the limit. A preflight
 * passes without a key: browsers send it without the request's headers.
 */
export function refusalBeforeBody(proxy: Proxy | undefined, limits: BodyLimits, req: IncomingMessage): Refusal | null {
  const keyRefusal = proxy?.apiKeys && req.method !== 'OPTIONS' ? apiKeyRefusal(req.headers, proxy.apiKeys) : null;
  if (keyRefusal) return keyRefusal;
  return Number(req.headers['content-length'] ?? 0) > limits.maxBytes ? { status: 413, body: tooLarge(limits) } : null;
}

function tooLarge(limits: BodyLimits): object {
  return { error: `El cuerpo del pedido supera ${limits.maxBytes / 1_048_576} MB.`, limit: limits.maxBytes };
}

/** Answers and hangs up (the rest of the body is not read); just hangs up once an answer has begun. */
function refuse(req: IncomingMessage, res: ServerResponse, status: number, body: object): void {
  if (res.headersSent) {
    req.socket.destroy();
    return;
  }
  res.writeHead(status, { ...API_SECURITY_HEADERS, 'Content-Type': 'application/json; charset=utf-8', Connection: 'close' });
  res.end(JSON.stringify(body));
}

export function sendJson(res: ServerResponse, status: number, body: object): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(status, { ...API_SECURITY_HEADERS, 'Content-Type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

/** The backend's headers without any it sent of our security headers' names: ours, set on the answer first, stand. */
function withoutOurs(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const ours = new Set(Object.keys(API_SECURITY_HEADERS).map((name) => name.toLowerCase()));
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !ours.has(name)));
}

export function forward(proxy: Proxy, limits: BodyLimits, req: IncomingMessage, res: ServerResponse): void {
  // Set before anything is answered: writeHead keeps them under whatever it is given.
  for (const [name, value] of Object.entries(API_SECURITY_HEADERS)) res.setHeader(name, value);
  const refusal = refusalBeforeBody(proxy, limits, req);
  if (refusal) {
    refuse(req, res, refusal.status, refusal.body);
    return;
  }
  // The body waits, paused, while the token is checked; preflights carry no token, as on Supabase.
  if (!proxy.verifyJwt || req.method === 'OPTIONS') {
    pass(proxy, limits, req, res);
    return;
  }
  void proxy.verifyJwt(bearerToken(req)).then((valid) => {
    if (valid) pass(proxy, limits, req, res);
    else refuse(req, res, 401, { code: 401, message: 'Invalid JWT' });
  });
}

function bearerToken(req: IncomingMessage): string {
  const header = req.headers.authorization ?? (typeof req.headers.apikey === 'string' ? `Bearer ${req.headers.apikey}` : '');
  return /^Bearer (.+)$/i.exec(header)?.[1] ?? '';
}

function pass(proxy: Proxy, limits: BodyLimits, req: IncomingMessage, res: ServerResponse): void {
  const target = new URL(proxy.target());
  const path = upstreamPath(target, (req.url ?? '/').slice(proxy.prefix.length));
  const upstream = httpRequest({ hostname: target.hostname, port: target.port, path, method: req.method, headers: gatewayHeaders(req, target) }, (answer) => {
    const headers = withoutOurs(answer.headers);
    if (!gzipped(req, answer)) {
      res.writeHead(answer.statusCode ?? 502, headers);
      answer.pipe(res);
      return;
    }
    delete headers['content-length'];
    res.writeHead(answer.statusCode ?? 502, { ...headers, 'content-encoding': 'gzip', vary: 'Accept-Encoding' });
    answer.pipe(createGzip({ level: zlib.Z_BEST_SPEED })).pipe(res);
  });
  upstream.on('error', () => sendJson(res, 502, { error: 'backend unavailable', backend: proxy.prefix }));
  res.on('close', () => upstream.destroy());
  sendBody(req, upstream, limits, (status, body) => {
    // Aborted on purpose: its "socket hang up" must not turn the refusal into a 502.
    upstream.removeAllListeners('error').on('error', () => undefined);
    upstream.destroy();
    refuse(req, res, status, body);
  });
}

/** A whole JSON answer, not encoded yet, to a client that takes gzip. */
function gzipped(req: IncomingMessage, answer: IncomingMessage): boolean {
  const json = /^application\/(.+\+)?json\b/i.test(answer.headers['content-type'] ?? '');
  return json && !answer.headers['content-encoding'] && /\bgzip\b/i.test(req.headers['accept-encoding'] ?? '') && req.method !== 'HEAD';
}

/** The target's path, then what followed the prefix ('', '/…' or '?…'). */
function upstreamPath(target: URL, rest: string): string {
  const path = `${target.pathname.replace(/\/$/, '')}${rest}`;
  return path.startsWith('/') ? path : `/${path}`;
}

function gatewayHeaders(req: IncomingMessage, target: URL): OutgoingHttpHeaders {
  const headers: OutgoingHttpHeaders = { ...req.headers, host: target.host };
  // This server is the edge: what a client claims is not trusted. Like Cloudflare in front of
  // Supabase, it names the connecting address in cf-connecting-ip, overwriting any sent.
  headers['x-forwarded-for'] = req.socket.remoteAddress ?? '';
  headers['cf-connecting-ip'] = req.socket.remoteAddress ?? '';
  headers['x-forwarded-host'] = req.headers.host ?? '';
  headers['x-forwarded-proto'] = 'http';
  // Supabase's gateway turns the apikey header into the bearer token PostgREST reads.
  if (!headers.authorization && typeof headers.apikey === 'string') headers.authorization = `Bearer ${headers.apikey}`;
  return headers;
}

/** Streams the body on, counting; `cut` is called once when it is too large or too slow. */
function sendBody(req: IncomingMessage, upstream: Writable, limits: BodyLimits, cut: (status: number, body: object) => void): void {
  let received = 0;
  const stop = (status: number, body: object) => {
    clearTimeout(timer);
    req.off('data', onData);
    req.pause();
    cut(status, body);
  };
  const timer = setTimeout(() => stop(408, { error: 'El cuerpo del pedido no llegó a tiempo.', timeoutMs: limits.timeoutMs }), limits.timeoutMs);
  const onData = (chunk: Buffer) => {
    received += chunk.length;
    if (received > limits.maxBytes) {
      stop(413, tooLarge(limits));
    } else if (!upstream.destroyed && !upstream.write(chunk)) {
      req.pause();
      upstream.once('drain', () => req.resume());
    }
  };
  req.on('data', onData);
  req.once('end', () => {
    clearTimeout(timer);
    if (!upstream.destroyed) upstream.end();
  });
  req.once('close', () => clearTimeout(timer));
}
