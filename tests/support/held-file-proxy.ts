/**
 * The app's origin with one file slow to come: an HTTP proxy in front of the
 * product that passes every request through as it is, except the first request
 * for a file matching `held`, which waits until the test lets it go. A first
 * visit whose stylesheet is still on its way while the service worker installs
 * and takes charge of the page, as a slow link makes it, on cue.
 */
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import { listenTracked } from './listen-tracked.ts';

export interface HeldFileProxy {
  /** http://127.0.0.1:<port>: the product, with the held file slow. */
  readonly url: string;
  /** Resolves once the page has asked for the held file (its request is waiting). */
  readonly asked: Promise<void>;
  /** Lets the held request go on to the product. */
  release(): void;
  close(): Promise<void>;
}

export async function startHeldFileProxy(target: URL, held: RegExp): Promise<HeldFileProxy> {
  let asked = (): void => undefined;
  const askedOnce = new Promise<void>((resolve) => (asked = resolve));
  let release = (): void => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  let holding = true;
  const forward = (req: IncomingMessage, res: ServerResponse) => {
    const upstream = request(
      { hostname: target.hostname, port: target.port, path: req.url, method: req.method, headers: { ...req.headers, host: target.host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.socket?.destroy());
    // A held request's body (a GET has none) may have been read to its end meanwhile.
    if (req.readableEnded) upstream.end();
    else req.pipe(upstream);
  };
  const server = createServer((req, res) => {
    if (holding && held.test(new URL(req.url ?? '/', 'http://x').pathname)) {
      holding = false;
      asked();
      void released.then(() => forward(req, res));
      return;
    }
    forward(req, res);
  });
  const listening = await listenTracked(server);
  return {
    url: listening.url,
    asked: askedOnce,
    release,
    close: () => {
      release();
      return listening.close();
    },
  };
}
