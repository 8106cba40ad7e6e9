/**
 * A fault-injecting HTTP proxy between the sync client and PostgREST, laid out
 * like a Supabase project (/rest/v1/* → PostgREST). Faults are drawn from a
 * seeded generator, so a failing run can be replayed exactly.
 */
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import { listenTracked } from './listen-tracked.ts';

export type Fault =
  | 'pass'
  /** Close the connection before the request reaches PostgREST. */
  | 'drop-before'
  /** Forward, let PostgREST commit, then cut the connection before the answer arrives. */
  | 'drop-after'
  | 'error-500'
  | 'error-503'
  | 'delay'
  | 'html-200'
  | 'empty-200'
  | 'huge-500'
  | 'hang'
  /** Refuse the request for good, as Postgres refuses a row its rules do not allow (400, 23514). */
  | 'refuse';

export interface FaultProxy {
  readonly url: string;
  /** Requests seen, by fault applied. */
  readonly counts: Record<Fault, number>;
  setFaults(pick: () => Fault): void;
  close(): Promise<void>;
}

export async function startFaultProxy(target: () => string, pick: () => Fault = () => 'pass', delayMs = 50): Promise<FaultProxy> {
  let choose = pick;
  const counts = Object.fromEntries(
    (['pass', 'drop-before', 'drop-after', 'error-500', 'error-503', 'delay', 'html-200', 'empty-200', 'huge-500', 'hang', 'refuse'] as const).map((fault) => [
      fault,
      0,
    ]),
  ) as Record<Fault, number>;

  const forward = (req: IncomingMessage, res: ServerResponse, body: Buffer, cutAnswer: boolean) => {
    const to = new URL(target());
    const upstream = request(
      { hostname: to.hostname, port: to.port, path: (req.url ?? '/').replace(/^\/rest\/v1/, ''), method: req.method, headers: req.headers },
      (answer) => {
        if (cutAnswer) {
          answer.resume();
          answer.on('end', () => res.socket?.destroy());
          return;
        }
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.socket?.destroy());
    upstream.end(body);
  };

  const respond = (fault: Fault, req: IncomingMessage, res: ServerResponse, body: Buffer): void => {
    const reply = (status: number, headers: Record<string, string>, text: string) => {
      res.writeHead(status, headers).end(text);
    };
    switch (fault) {
      case 'pass':
        forward(req, res, body, false);
        break;
      case 'drop-after':
        forward(req, res, body, true);
        break;
      case 'delay':
        setTimeout(() => forward(req, res, body, false), delayMs);
        break;
      case 'drop-before':
        res.socket?.destroy();
        break;
      case 'error-500':
        reply(500, { 'Content-Type': 'text/plain' }, 'internal error');
        break;
      case 'error-503':
        reply(503, { 'Content-Type': 'application/json', 'Retry-After': '1' }, '{"message":"busy"}');
        break;
      case 'html-200':
        reply(200, { 'Content-Type': 'text/html' }, '<html><body>Bienvenido al Wi-Fi</body></html>');
        break;
      case 'empty-200':
        reply(200, {}, '');
        break;
      case 'huge-500':
        reply(500, { 'Content-Type': 'text/plain' }, 'x'.repeat(5 * 1024 * 1024));
        break;
      case 'hang':
        break;
      case 'refuse':
        reply(
          400,
          { 'Content-Type': 'application/json' },
          JSON.stringify({
            code: '23514',
            message: 'new row for relation "orders" violates check constraint "refused_by_the_test"',
            details: null,
            hint: null,
          }),
        );
        break;
    }
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const fault = choose();
      counts[fault] += 1;
      respond(fault, req, res, Buffer.concat(chunks));
    });
  });
  const listening = await listenTracked(server);
  return {
    url: listening.url,
    counts,
    setFaults: (next) => {
      choose = next;
    },
    close: () => listening.close(),
  };
}
