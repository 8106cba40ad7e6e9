/**
 * The built app's files, served by sirv (Vite's own preview server uses it):
 * only files that were in dist/ at start, paths that look like routes answered
 * with index.html, precompressed brotli or gzip where the browser takes it.
 * What is ours: the headers a static host would send from the build's _headers
 * file, and keeping _headers and _redirects to ourselves.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import sirv from 'sirv';
import { API_SECURITY_HEADERS, EVERY_ANSWER_HEADERS } from '../../supabase/functions/_shared/security-headers.ts';
import { HEADERS_FILE, headersFor, parseHeadersFile, type HeaderRule } from './headers-file.ts';

const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.webmanifest', '.svg', '.txt']);
/** The host reads these; they are not the app's to hand out. */
const HOST_FILES = new Set([`/${HEADERS_FILE}`, '/_redirects']);
const ASSETS = '/assets/';

export type StaticHandler = (req: IncomingMessage, res: ServerResponse) => void;

export async function staticFiles(root: string): Promise<StaticHandler> {
  await precompress(root);
  const rules = await readHeaderRules(root);
  // What the build's _headers says of every path: on every answer, the 404s and 405s too.
  const everywhere = {
    ...EVERY_ANSWER_HEADERS,
    ...headersFor(
      rules.filter((rule) => rule.path === '/*'),
      '/',
    ),
  };
  // A refusal is JSON, not the page: under the app's own headers, the API's strict ones where the build says none.
  const refusal = { ...API_SECURITY_HEADERS, ...everywhere };
  const serve = sirv(root, {
    single: true,
    brotli: true,
    gzip: true,
    setHeaders: (res, pathname) => {
      // A route the page owns is answered with the page: its headers are the page's.
      const served = extname(pathname) === '' ? '/index.html' : pathname;
      res.setHeader('Cache-Control', served.startsWith(ASSETS) ? 'public, max-age=31536000, immutable' : 'no-cache');
      if (/\.(?:html|js|mjs|css|json|webmanifest|txt)$/.test(served)) res.setHeader('Content-Type', contentType(served));
      // setHeader ignores case, so the file's headers replace the defaults above.
      for (const [name, value] of Object.entries(headersFor(rules, served))) res.setHeader(name, value);
    },
    onNoMatch: (_req, res) => answer(res, 404, refusal, { error: 'not found' }),
  });
  return (req, res) => {
    for (const [name, value] of Object.entries(everywhere)) res.setHeader(name, value);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD');
      answer(res, 405, refusal, { error: 'method not allowed' });
      return;
    }
    if (HOST_FILES.has(new URL(req.url ?? '/', 'http://x').pathname)) req.url = '/';
    serve(req, res);
  };
}

function answer(res: ServerResponse, status: number, headers: Readonly<Record<string, string>>, body: object): void {
  res.writeHead(status, { ...headers, 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

const TEXT_TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain',
};

const contentType = (path: string) => `${TEXT_TYPES[extname(path)] ?? 'text/plain'}; charset=utf-8`;

/** The host's rules from the build; none when the build has no _headers file. */
async function readHeaderRules(root: string): Promise<HeaderRule[]> {
  const text = await readFile(join(root, HEADERS_FILE), 'utf8').catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return '';
    throw error;
  });
  return parseHeadersFile(text);
}

/**
 * Brotli (a seventh fewer bytes than gzip over a weak link) and gzip beside
 * each text file, as a static host keeps them. Written through a temporary
 * name, so a server starting at the same time never reads half a file.
 */
async function precompress(root: string): Promise<void> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  const texts = entries.filter((entry) => entry.isFile() && COMPRESSIBLE.has(extname(entry.name)));
  await Promise.all(
    texts.map(async (entry) => {
      const path = join(entry.parentPath, entry.name);
      const body = await readFile(path);
      await keep(`${path}.br`, brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
      await keep(`${path}.gz`, gzipSync(body, { level: 9 }));
    }),
  );
}

async function keep(path: string, body: Buffer): Promise<void> {
  const temporary = `${path}.${String(process.pid)}.tmp`;
  await writeFile(temporary, body);
  await rename(temporary, path);
}
