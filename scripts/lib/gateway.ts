/**
 * A Supabase project's URL for the local stack on its own (tests, benchmarks,
 * a function run alone): `${url}/rest/v1` is PostgREST, forwarded as the app
 * server forwards it for `npm start`, with the same body limits.
 */
import { createServer, type Server } from 'node:http';
import { DEFAULT_BODY_LIMITS, forward, matchesPrefix, sendJson, type Proxy } from './proxy.ts';

export interface RunningGateway {
  readonly url: string;
  close(): Promise<void>;
}

export async function startGateway(proxies: readonly Proxy[]): Promise<RunningGateway> {
  const server: Server = createServer((req, res) => {
    const proxy = proxies.find((candidate) => matchesPrefix(req.url ?? '/', candidate.prefix));
    if (proxy) forward(proxy, DEFAULT_BODY_LIMITS, req, res);
    else sendJson(res, 404, { error: 'Aquí no hay nada: usa /rest/v1.' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
