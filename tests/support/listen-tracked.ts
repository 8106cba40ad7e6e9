/**
 * A test's HTTP server on a free port of 127.0.0.1 that, when closed, also cuts
 * the connections still open: a browser keeps its connections alive, and
 * `server.close()` alone would wait for them to the end of the run.
 */
import type { Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface Listening {
  /** http://127.0.0.1:<port> */
  readonly url: string;
  close(): Promise<void>;
}

export async function listenTracked(server: Server): Promise<Listening> {
  const sockets = new Set<Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
