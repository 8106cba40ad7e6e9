/**
 * Serves the built PWA from dist/: hashed assets cached for a year, everything
 * else revalidated, gzip when the browser takes it, and unknown paths answered
 * with index.html so the single page owns its routes, with the headers the
 * build's _headers file gives (security headers, caching), as a static host
 * sends them. Optional proxies lay the origin out like a Supabase project
 * (/rest/v1 → PostgREST, /functions/v1 → functions); their answers pass as they are.
 */
import { createServer, request as httpRequest, type IncomingMessage, type OutgoingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import { HEADERS_FILE, headersFor, parseHeadersFile, type HeaderRule } from './headers-file.ts';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.webmanifest', '.svg', '.txt']);

export interface Proxy {
  /** Path prefix on this origin, e.g. '/rest/v1'; stripped before forwarding. */
  readonly prefix: string;
  /** Where to forward, e.g. 'http://127.0.0.1:3001'; read per request so a restarted backend can move. */
  readonly target: () => string;
}

export interface AppServerOptions {
  readonly distDir: string;
  readonly proxies?: readonly Proxy[];
  /** 0 picks a free port. */
  readonly port: number;
  readonly host?: string;
}

export interface RunningAppServer {
  readonly url: string;
  readonly server: Server;
  close(): Promise<void>;
}

interface CachedFile {
  readonly body: Buffer;
  readonly gzipped: Buffer | null;
  readonly type: string;
}

export async function startAppServer(options: AppServerOptions): Promise<RunningAppServer> {
  const root = resolve(options.distDir);
  await stat(join(root, 'index.html')).catch(() => {
    throw new Error(`No build in ${root}: run "npm run build" first.`);
  });
  const cache = new Map<string, CachedFile>();
  const rules = await readHeaderRules(root);
  const proxies = options.proxies ?? [];
  const server = createServer((req, res) => {
    const proxy = proxies.find((candidate) => matchesPrefix(req.url ?? '/', candidate.prefix));
    if (proxy) {
      forward(proxy, req, res);
      return;
    }
    serveFile(root, cache, rules, req, res).catch((error: unknown) => {
      console.error('app server:', error);
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ error: 'internal error' }));
    });
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(options.port, host, () => done());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return {
    url: `http://${host === '127.0.0.1' || host === '0.0.0.0' ? 'localhost' : host}:${port}`,
    server,
    close: () =>
      new Promise((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}

function matchesPrefix(url: string, prefix: string): boolean {
  return url === prefix || url.startsWith(`${prefix}/`) || url.startsWith(`${prefix}?`);
}

function sendJson(res: ServerResponse, status: number, body: object): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

/** Streams the request to the backend and its answer back, as Supabase's gateway does. */
function forward(proxy: Proxy, req: IncomingMessage, res: ServerResponse): void {
  const target = new URL(proxy.target());
  const path = (req.url ?? '/').slice(proxy.prefix.length) || '/';
  const headers: OutgoingHttpHeaders = { ...req.headers, host: target.host };
  // This server is the edge: what a client claims in x-forwarded-for is not trusted.
  headers['x-forwarded-for'] = req.socket.remoteAddress ?? '';
  headers['x-forwarded-host'] = req.headers.host ?? '';
  headers['x-forwarded-proto'] = 'http';
  // Supabase's gateway turns the apikey header into the bearer token PostgREST reads.
  if (!headers.authorization && typeof headers.apikey === 'string') headers.authorization = `Bearer ${headers.apikey}`;
  const upstreamPath = `${target.pathname.replace(/\/$/, '')}${path.startsWith('/') ? path : `/${path}`}`;
  const upstream = httpRequest(
    { hostname: target.hostname, port: target.port, path: upstreamPath, method: req.method, headers },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', () => sendJson(res, 502, { error: 'backend unavailable', backend: proxy.prefix }));
  res.on('close', () => upstream.destroy());
  req.pipe(upstream);
}

/** The host's rules from the build; none when the build has no _headers file. */
async function readHeaderRules(root: string): Promise<HeaderRule[]> {
  const text = await readFile(join(root, HEADERS_FILE), 'utf8').catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return '';
    throw error;
  });
  return parseHeadersFile(text);
}

async function serveFile(
  root: string,
  cache: Map<string, CachedFile>,
  rules: readonly HeaderRule[],
  req: IncomingMessage,
  res: ServerResponse,
) {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ error: 'method not allowed' }));
    return;
  }
  const pathname = safePathname(req.url ?? '/');
  let relative = pathname === null || pathname === '/' ? '/index.html' : pathname;
  // The host reads _headers; it is not a page.
  let file = relative === `/${HEADERS_FILE}` ? null : await load(root, cache, relative);
  if (!file && !extname(relative)) {
    relative = '/index.html';
    file = await load(root, cache, relative);
  }
  if (!file) {
    res.writeHead(404, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ error: 'not found' }));
    return;
  }
  const useGzip = file.gzipped !== null && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
  const body = useGzip && file.gzipped ? file.gzipped : file.body;
  res.setHeader('Cache-Control', relative.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  // setHeader ignores case, so the file's headers replace the defaults above.
  for (const [name, value] of Object.entries(headersFor(rules, relative))) res.setHeader(name, value);
  res.writeHead(200, {
    'Content-Type': file.type,
    'Content-Length': body.length,
    Vary: 'Accept-Encoding',
    ...(useGzip ? { 'Content-Encoding': 'gzip' } : {}),
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** The decoded path, or null when it is malformed or tries to leave dist/. */
function safePathname(url: string): string | null {
  try {
    const pathname = decodeURIComponent(new URL(url, 'http://x').pathname);
    const normalized = normalize(pathname);
    return normalized.includes('\0') || normalized.split(sep).includes('..') ? null : normalized;
  } catch {
    return null;
  }
}

async function load(root: string, cache: Map<string, CachedFile>, relative: string): Promise<CachedFile | null> {
  const cached = cache.get(relative);
  if (cached) return cached;
  const path = join(root, relative);
  if (!path.startsWith(root + sep)) return null;
  const info = await stat(path).catch(() => null);
  if (!info?.isFile()) return null;
  const body = await readFile(path);
  const extension = extname(path);
  const file: CachedFile = {
    body,
    gzipped: COMPRESSIBLE.has(extension) ? gzipSync(body, { level: 9 }) : null,
    type: CONTENT_TYPES[extension] ?? 'application/octet-stream',
  };
  cache.set(relative, file);
  return file;
}
