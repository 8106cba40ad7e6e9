/**
 * The bar's signal, for browsers that cannot emulate being offline
 * (WebKitWebDriver has no such command): a TCP proxy in front of the app that
 * passes bytes through, or, with the signal gone, drops every connection at
 * once, as a phone with no signal experiences it.
 */
import { connect, createServer, type Server, type Socket } from 'node:net';

export interface SignalProxy {
  /** http://127.0.0.1:<port>: the same app, through the proxy. */
  readonly url: string;
  setSignal(on: boolean): void;
  close(): Promise<void>;
}

export async function startSignalProxy(target: URL): Promise<SignalProxy> {
  const open = new Set<Socket>();
  const state = { signal: true };
  const server: Server = createServer((client) => {
    if (!state.signal) {
      client.destroy();
      return;
    }
    const upstream = connect(Number(target.port), target.hostname);
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.once('close', () => open.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    setSignal(on) {
      state.signal = on;
      if (!on) for (const socket of open) socket.destroy();
    },
    close: () =>
      new Promise((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
