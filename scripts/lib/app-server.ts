/**
 * Serves the built PWA from dist/: hashed assets cached for a year, everything
 * else revalidated, brotli or gzip when the browser takes it, and unknown paths answered
 * with index.html so the single page owns its routes, with the headers the
 * build's _headers file gives (security headers, caching), as a static host
 * sends them. Optional proxies lay the origin out like a Supabase project
 * (/rest/v1 → PostgREST, /functions/v1/<name> → each function); their answers
 * pass as they are, and request bodies are held to a limit (proxy.ts).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { HEADERS_FILE, headersFor, parseHeadersFile, type HeaderRule } from './headers-file.ts';
import { DEFAULT_BODY_LIMITS, declaredTooLarge, forward, matchesPrefix, type BodyLimits, type Proxy } from './proxy.ts';

export type { BodyLimits, Proxy } from './proxy.ts';

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

export interface AppServerOptions {
  readonly distDir: string;
  readonly proxies?: readonly Proxy[];
  /** For proxied requests; 1 MB within 30 s unless given. */
  readonly bodyLimits?: BodyLimits;
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
  /** The same bytes compressed, for browsers that take them (null: not worth compressing). */
  readonly compressed: { readonly br: Buffer; readonly gzip: Buffer } | null;
  readonly type: string;
}

export async function startAppServer(options: AppServerOptions): Promise<RunningAppServer> {
  const root = resolve(options.distDir);
  await stat(join(root, 'index.html')).catch(() => {
    throw new Error(`No hay build en ${root}: ejecuta primero "npm run build".`);
  });
  const cache = new Map<string, CachedFile>();
  const rules = await readHeaderRules(root);
  const proxies = options.proxies ?? [];
  const limits = options.bodyLimits ?? DEFAULT_BODY_LIMITS;
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const proxy = proxies.find((candidate) => matchesPrefix(req.url ?? '/', candidate.prefix));
    if (proxy) {
      forward(proxy, limits, req, res);
      return;
    }
    serveFile(root, cache, rules, req, res).catch((error: unknown) => {
      console.error('servidor de la app:', error);
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ error: 'internal error' }));
    });
  };
  const server = createServer(handle);
  // A client that asks first ("Expect: 100-continue") is refused before it sends a body too large.
  server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => {
    if (!declaredTooLarge(req, limits)) res.writeContinue();
    handle(req, res);
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

const HOST_FILES = new Set([`/${HEADERS_FILE}`, '/_redirects']);

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
  // The host reads _headers and _redirects; they are not pages.
  let file = HOST_FILES.has(relative) ? null : await load(root, cache, relative);
  if (!file && !extname(relative)) {
    relative = '/index.html';
    file = await load(root, cache, relative);
  }
  if (!file) {
    res.writeHead(404, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ error: 'not found' }));
    return;
  }
  const encoding = pickEncoding(file, req.headers['accept-encoding'] ?? '');
  const body = encoding && file.compressed ? file.compressed[encoding] : file.body;
  res.setHeader('Cache-Control', relative.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  // setHeader ignores case, so the file's headers replace the defaults above.
  for (const [name, value] of Object.entries(headersFor(rules, relative))) res.setHeader(name, value);
  res.writeHead(200, {
    'Content-Type': file.type,
    'Content-Length': body.length,
    Vary: 'Accept-Encoding',
    ...(encoding ? { 'Content-Encoding': encoding } : {}),
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** Brotli where the browser takes it (a seventh fewer bytes than gzip over a weak link), else gzip, else none. */
function pickEncoding(file: CachedFile, accepted: string): 'br' | 'gzip' | null {
  if (!file.compressed) return null;
  if (/\bbr\b/.test(accepted)) return 'br';
  return /\bgzip\b/.test(accepted) ? 'gzip' : null;
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
    compressed: COMPRESSIBLE.has(extension)
      ? { br: brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }), gzip: gzipSync(body, { level: 9 }) }
      : null,
    type: CONTENT_TYPES[extension] ?? 'application/octet-stream',
  };
  cache.set(relative, file);
  return file;
}
