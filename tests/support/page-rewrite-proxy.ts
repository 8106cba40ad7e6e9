/**
 * A static host that edits the page on its way, as Cloudflare's and Netlify's
 * snippet injection, analytics and HTML rewriting do: an HTTP proxy in front of
 * the app that adds one `<script>` to every HTML answer and passes everything
 * else through as it is. The script is the host's own, from the app's origin
 * (Cloudflare serves its injected scripts from /cdn-cgi/), so the app's
 * Content-Security-Policy lets it run and the page stays free of errors.
 */
import { createServer, request, type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import { listenTracked } from './listen-tracked.ts';

/** What the host adds: one script before </head>, marked so a test can find it in the page. */
export const HOST_SCRIPT_PATH = '/cdn-cgi/scripts/host-beacon.js';
export const HOST_SNIPPET = `<script defer src="${HOST_SCRIPT_PATH}" data-host-snippet="beacon"></script>`;
const HOST_SCRIPT = 'document.documentElement.dataset.hostBeacon = "ran";\n';

export interface PageRewriteProxy {
  /** http://127.0.0.1:<port>: the app, as the editing host serves it. */
  readonly url: string;
  /** HTML answers that were edited. */
  readonly pagesEdited: () => number;
  close(): Promise<void>;
}

export function addSnippet(html: string): string {
  const at = html.indexOf('</head>');
  if (at < 0) throw new Error('the page has no </head> to add the snippet before');
  return `${html.slice(0, at)}${HOST_SNIPPET}${html.slice(at)}`;
}

/** `headers` without `names`. */
function without<T extends Record<string, unknown>>(headers: T, names: readonly string[]): Partial<T> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !names.includes(name))) as Partial<T>;
}

/** The upstream's headers, minus those the edited body makes wrong. */
function editedHeaders(headers: IncomingMessage['headers'], length: number): OutgoingHttpHeaders {
  return { ...without(headers, ['content-length', 'content-encoding', 'transfer-encoding']), 'content-length': String(length) };
}

export async function startPageRewriteProxy(target: URL): Promise<PageRewriteProxy> {
  let edited = 0;
  const forward = (req: IncomingMessage, res: ServerResponse) => {
    // Uncompressed from the app, so the page can be edited; the other files are passed through unread.
    const headers = { ...without(req.headers, ['accept-encoding']), host: target.host };
    const upstream = request({ hostname: target.hostname, port: target.port, path: req.url, method: req.method, headers }, (answer) => {
      if (!(answer.headers['content-type'] ?? '').startsWith('text/html') || answer.statusCode !== 200) {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        return;
      }
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => {
        const body = Buffer.from(addSnippet(Buffer.concat(chunks).toString('utf8')));
        edited += 1;
        res.writeHead(200, editedHeaders(answer.headers, body.length)).end(req.method === 'HEAD' ? undefined : body);
      });
    });
    upstream.on('error', () => res.socket?.destroy());
    req.pipe(upstream);
  };
  const server = createServer((req, res) => {
    if (new URL(req.url ?? '/', 'http://x').pathname === HOST_SCRIPT_PATH) {
      res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' }).end(HOST_SCRIPT);
      return;
    }
    forward(req, res);
  });
  const listening = await listenTracked(server);
  return {
    url: listening.url,
    pagesEdited: () => edited,
    close: () => listening.close(),
  };
}
