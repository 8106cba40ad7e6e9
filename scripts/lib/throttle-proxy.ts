/**
 * One bar of signal, as a TCP proxy in front of the app: every connection
 * shares one link, which carries `kbps` each way and takes `rttMs` for a
 * round trip (half each way), like one radio link. Unlike DevTools
 * throttling it slows every byte the browser moves, the service worker's
 * own fetches too. Each direction sends one piece at a time, taking turns
 * between the connections with bytes waiting (as TCP flows share a link),
 * and each piece arrives half a round trip after it was sent. Opening a
 * connection costs a round trip, as TCP's handshake does on a real link: the
 * browser's first bytes leave only then (TLS would add more; the app runs over
 * plain HTTP here). The signal goes one of two ways, as a basement takes it:
 * dropped (every connection reset, new ones refused: requests fail at once)
 * or stalled (the radio holds every byte, nothing fails, nothing arrives,
 * until the signal comes back and the bytes go on where they stood).
 */
import { connect, createServer, type Server, type Socket } from 'node:net';

export interface LinkOptions {
  /** Each way, kilobits per second (1 kbit = 1,000 bits). */
  readonly kbps: number;
  readonly rttMs: number;
}

export interface ThrottleProxyOptions extends LinkOptions {
  readonly target: { readonly host: string; readonly port: number };
}

/** Bytes the link has delivered, each way, and when (epoch ms, as performance.timeOrigin + now). */
export interface LinkSample {
  readonly at: number;
  readonly up: number;
  readonly down: number;
}

/** A request the server received through the link. */
export interface LinkRequest {
  readonly at: number;
  readonly method: string;
  readonly path: string;
}

/** A request and its answer, as the browser saw them over the link. */
export interface LinkExchange extends LinkRequest {
  /** Which connection carried it (1, 2, …, in the order they opened). */
  readonly connection: number;
  /** Bytes of its answer delivered to the browser so far, and when the first and the last of them arrived (epoch ms). */
  readonly answer: { readonly bytes: number; readonly firstAt: number | null; readonly lastAt: number | null };
}

export interface ThrottleProxy {
  /** http://localhost:<port>: a secure context, as service workers need. */
  readonly url: string;
  readonly port: number;
  /** Totals so far. */
  delivered(): LinkSample;
  /** Bytes delivered (both ways) up to `at`, an epoch time. */
  deliveredBy(at: number): number;
  /** Every HTTP request the browser sent over the link so far, in order. */
  requests(): readonly LinkRequest[];
  /** The same, each with its connection and when its answer arrived: a waterfall of the visit. */
  exchanges(): readonly LinkExchange[];
  /**
   * No signal: with `cut` 'drop' (the default) every connection drops at once and new ones are refused; with 'stall'
   * every byte waits where it is, connections open but carry nothing, and nothing fails. True brings it back.
   */
  setSignal(on: boolean, cut?: Cut): void;
  close(): Promise<void>;
}

/** How the signal goes: requests failing at once, or left hanging with no answer. */
export type Cut = 'drop' | 'stall';

/** A packet's worth: a large write crosses piece by piece, shared fairly, not all at once. */
const PIECE = 1460;
const now = () => performance.timeOrigin + performance.now();
/** A request line at the start of a chunk the browser sent (HTTP/1.1 sends each request whole, headers first). */
const REQUEST_LINE = /^([A-Z]+) (\S+) HTTP\/1\.1\r\n/;

interface Piece {
  readonly data: Buffer;
  readonly arrivesAt: number;
}

/** One direction of the link: one piece on the air at a time, connections taking turns. */
class Direction {
  private busyUntil = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly waiting = new Map<Pump, Buffer[]>();
  total = 0;
  constructor(
    private readonly bytesPerMs: number,
    private readonly oneWayMs: number,
    private readonly onDelivered: () => void,
    /** The radio holds every byte: nothing goes on the air. */
    private readonly stalled: () => boolean,
  ) {}

  /** The signal is back after a stall: what waited goes on the air. */
  resume(): void {
    if (this.timer === undefined) this.transmit();
  }

  send(data: Buffer, pump: Pump): void {
    const queue = this.waiting.get(pump) ?? [];
    for (let start = 0; start < data.length; start += PIECE) queue.push(data.subarray(start, start + PIECE));
    pump.onLink += data.length;
    this.waiting.set(pump, queue);
    if (this.timer === undefined) this.transmit();
  }

  forget(pump: Pump): void {
    this.waiting.delete(pump);
  }

  /** Puts pieces on the air while the link is free: one from each waiting connection in turn. */
  private transmit(): void {
    this.timer = undefined;
    if (this.stalled()) return;
    const at = now();
    while (this.busyUntil <= at && this.waiting.size > 0) {
      const [pump, queue] = this.waiting.entries().next().value as [Pump, Buffer[]];
      const piece = queue.shift() ?? Buffer.alloc(0);
      // To the back of the line: the next connection sends next.
      this.waiting.delete(pump);
      if (queue.length > 0) this.waiting.set(pump, queue);
      this.busyUntil = Math.max(this.busyUntil, at) + piece.length / this.bytesPerMs;
      pump.onLink -= piece.length;
      pump.push({ data: piece, arrivesAt: this.busyUntil + this.oneWayMs }, () => {
        this.total += piece.length;
        this.onDelivered();
      });
    }
    if (this.waiting.size > 0) this.timer = setTimeout(() => this.transmit(), this.busyUntil - at);
  }

  stop(): void {
    clearTimeout(this.timer);
  }
}

/** Delivers one connection's pieces in order, each at its time; ends the socket once drained if asked. */
class Pump {
  private queue: { piece: Piece; counted: () => void }[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  private ending = false;
  /** Bytes still waiting for their turn on the link. */
  onLink = 0;
  constructor(
    private readonly to: Socket,
    private readonly stalled: () => boolean,
    /** Told of each piece as it reaches the other side. */
    private readonly onArrived: (bytes: number) => void = () => undefined,
  ) {}

  /** The signal is back after `stalledMs` of stall: the pieces on the air arrive that much later than they would have. */
  resume(stalledMs: number): void {
    this.queue = this.queue.map(({ piece, counted }) => ({ piece: { data: piece.data, arrivesAt: piece.arrivesAt + stalledMs }, counted }));
    clearTimeout(this.timer);
    this.schedule();
  }

  push(piece: Piece, counted: () => void): void {
    this.queue.push({ piece, counted });
    if (this.queue.length === 1) this.schedule();
  }

  /** The other side finished sending: end this side after what is still on the link. */
  finish(): void {
    this.ending = true;
    this.endIfDrained();
  }

  stop(): void {
    clearTimeout(this.timer);
    this.queue.length = 0;
  }

  private schedule(): void {
    const head = this.queue[0];
    if (head) this.timer = setTimeout(() => this.flush(), Math.max(0, head.piece.arrivesAt - now()));
    else this.endIfDrained();
  }

  private endIfDrained(): void {
    if (this.ending && this.queue.length === 0 && this.onLink === 0) this.to.end();
  }

  private flush(): void {
    if (this.stalled()) return;
    for (let head = this.queue[0]; head && head.piece.arrivesAt <= now(); head = this.queue[0]) {
      this.queue.shift();
      if (!this.to.destroyed) this.to.write(head.piece.data);
      head.counted();
      this.onArrived(head.piece.data.length);
    }
    this.schedule();
  }
}

export async function startThrottleProxy(options: ThrottleProxyOptions): Promise<ThrottleProxy> {
  const bytesPerMs = (options.kbps * 1000) / 8 / 1000;
  const oneWay = options.rttMs / 2;
  const samples: LinkSample[] = [];
  const record = () => samples.push({ at: now(), up: up.total, down: down.total });
  const state = { signal: true, connections: 0, stalledSince: null as number | null };
  const stalled = () => state.stalledSince !== null;
  const up = new Direction(bytesPerMs, oneWay, record, stalled);
  const down = new Direction(bytesPerMs, oneWay, record, stalled);
  const open = new Set<Socket>();
  const clients = new WeakSet<Socket>();
  const pumps = new Set<Pump>();
  /** Handshakes that could not complete in a stall: each takes its round trip once the signal is back. */
  const handshakes = new Set<() => void>();
  const seen: { at: number; method: string; path: string; connection: number; answer: { bytes: number; firstAt: number | null; lastAt: number | null } }[] = [];

  const server: Server = createServer({ allowHalfOpen: true }, (client) => {
    if (!state.signal) {
      client.resetAndDestroy();
      return;
    }
    clients.add(client);
    const connection = (state.connections += 1);
    /** The request this connection's answer bytes belong to: HTTP/1.1 answers one at a time, in order. */
    let current: (typeof seen)[number] | undefined;
    const upstream = connect({ port: options.target.port, host: options.target.host, allowHalfOpen: true });
    const toServer = new Pump(upstream, stalled);
    const toClient = new Pump(client, stalled, (bytes) => {
      if (!current) return;
      const at = now();
      current.answer.bytes += bytes;
      current.answer.firstAt ??= at;
      current.answer.lastAt = at;
    });
    pumps.add(toServer).add(toClient);
    const drop = () => {
      up.forget(toServer);
      down.forget(toClient);
      toServer.stop();
      toClient.stop();
      pumps.delete(toServer);
      pumps.delete(toClient);
      client.destroy();
      upstream.destroy();
    };
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.once('close', () => open.delete(socket));
      socket.on('error', drop);
    }
    // The browser went away: nothing left to deliver. The server closing still lets its last bytes arrive.
    client.once('close', drop);
    upstream.once('close', () => toClient.finish());
    /** The browser's bytes before the handshake completed: they wait for it. */
    const early: Buffer[] = [];
    const opening = { connected: false, gaveUp: false };
    const forward = (data: Buffer) => {
      const line = REQUEST_LINE.exec(data.toString('latin1', 0, 2048));
      if (line) {
        current = { at: now(), method: line[1] ?? '', path: line[2] ?? '', connection, answer: { bytes: 0, firstAt: null, lastAt: null } };
        seen.push(current);
      }
      up.send(data, toServer);
    };
    client.on('data', (data: Buffer) => (opening.connected ? forward(data) : early.push(data)));
    upstream.on('data', (data: Buffer) => down.send(data, toClient));
    client.on('end', () => (opening.connected ? toServer.finish() : (opening.gaveUp = true)));
    upstream.on('end', () => toClient.finish());
    // The handshake: the listener here accepts at once, so the browser's bytes wait out the round trip it would cost
    // (in a stall, from the moment the signal is back). A connection the browser closed before its handshake
    // completed never reached the other side: nothing of it crosses the link, as a phone drops a connection still
    // opening when its app gives up on it.
    const handshake = () =>
      setTimeout(() => {
        if (opening.gaveUp || client.destroyed) {
          drop();
          return;
        }
        opening.connected = true;
        for (const data of early.splice(0)) forward(data);
      }, options.rttMs);
    if (stalled()) handshakes.add(handshake);
    else handshake();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://localhost:${port}`,
    port,
    delivered: () => ({ at: now(), up: up.total, down: down.total }),
    deliveredBy(at) {
      const last = samples.findLast((sample) => sample.at <= at);
      return last ? last.up + last.down : 0;
    },
    requests: () => seen.map(({ at, method, path }) => ({ at, method, path })),
    exchanges: () => seen.map((exchange) => ({ ...exchange, answer: { ...exchange.answer } })),
    setSignal(on, cut = 'drop') {
      if (on) {
        state.signal = true;
        const since = state.stalledSince;
        state.stalledSince = null;
        if (since === null) return;
        for (const pump of pumps) pump.resume(now() - since);
        up.resume();
        down.resume();
        for (const handshake of handshakes) handshake();
        handshakes.clear();
        return;
      }
      if (cut === 'stall') {
        state.stalledSince ??= now();
        return;
      }
      state.signal = false;
      // The phone sees its connections reset; the server sees them close.
      for (const socket of open)
        if (clients.has(socket)) socket.resetAndDestroy();
        else socket.destroy();
    },
    close: () =>
      new Promise((resolve) => {
        state.signal = false;
        up.stop();
        down.stop();
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
