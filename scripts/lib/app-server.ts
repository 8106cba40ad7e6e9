/**
 * The app's origin as `npm start` and the tests serve it: the built PWA from
 * dist/ (static-files.ts), and optional proxies that lay the origin out like a
 * Supabase project (/rest/v1 → PostgREST, /functions/v1/<name> → each
 * function), whose answers pass as they are, with the security headers, and
 * whose request bodies are held to a limit; /rest/v1 wants the project's key
 * (proxy.ts).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { DEFAULT_BODY_LIMITS, forward, matchesPrefix, refusalBeforeBody, type BodyLimits, type Proxy } from './proxy.ts';
import { staticFiles } from './static-files.ts';

export type { BodyLimits, Proxy } from './proxy.ts';

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

export async function startAppServer(options: AppServerOptions): Promise<RunningAppServer> {
  const root = resolve(options.distDir);
  await stat(join(root, 'index.html')).catch(() => {
    throw new Error(`No hay build en ${root}: ejecuta primero "npm run build".`);
  });
  const serveFile = await staticFiles(root);
  const proxies = options.proxies ?? [];
  const limits = options.bodyLimits ?? DEFAULT_BODY_LIMITS;
  const proxyFor = (req: IncomingMessage) => proxies.find((candidate) => matchesPrefix(req.url ?? '/', candidate.prefix));
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const proxy = proxyFor(req);
    if (proxy) {
      forward(proxy, limits, req, res);
      return;
    }
    serveFile(req, res);
  };
  const server = createServer(handle);
  // A client that asks first ("Expect: 100-continue") is refused before it sends a body too large, or one without the key.
  server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => {
    if (!refusalBeforeBody(proxyFor(req), limits, req)) res.writeContinue();
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
