import { connect, createServer, type Server } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startThrottleProxy, type ThrottleProxy } from '../../../scripts/lib/throttle-proxy.ts';

const ANSWER_BYTES = 40_000;
/** 800 kbit/s is 100 bytes per millisecond. */
const LINK = { kbps: 800, rttMs: 100 };

let origin: Server;
let proxy: ThrottleProxy;

/** Answers each connection's first bytes with ANSWER_BYTES bytes, as a server answers a request. */
beforeEach(async () => {
  origin = createServer((socket) => socket.once('data', () => socket.write(Buffer.alloc(ANSWER_BYTES, 1))));
  await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
  const address = origin.address();
  proxy = await startThrottleProxy({ ...LINK, target: { host: '127.0.0.1', port: typeof address === 'object' && address ? address.port : 0 } });
});

afterEach(async () => {
  await proxy.close();
  await new Promise((resolve) => origin.close(resolve));
});

/** Milliseconds from connecting to the whole answer, through the proxy. */
function fetchAnswer(): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    let received = 0;
    const socket = connect(proxy.port, '127.0.0.1', () => socket.write('GET'));
    socket.on('error', reject);
    socket.on('close', () => reject(new Error(`closed after ${received} bytes`)));
    socket.on('data', (data) => {
      received += data.length;
      if (received < ANSWER_BYTES) return;
      socket.destroy();
      resolve(performance.now() - started);
    });
  });
}

describe('the throttled link', () => {
  it('takes a round trip to connect, then a round trip and size / rate for one answer', async () => {
    // The handshake (100), the request and the answer across (100) + 40,000 B at 100 B/ms (400).
    const elapsed = await fetchAnswer();
    expect(elapsed).toBeGreaterThan(0.95 * 600);
    expect(elapsed).toBeLessThan(1.3 * 600);
    expect(proxy.delivered()).toMatchObject({ up: 3, down: ANSWER_BYTES });
  });

  it('shares its rate between connections, like one radio link', async () => {
    const both = await Promise.all([fetchAnswer(), fetchAnswer()]);
    // Both answers cross the same link, taking turns: 80,000 B at 100 B/ms plus the handshake and the round trip, for each.
    for (const elapsed of both) {
      expect(elapsed).toBeGreaterThan(0.95 * 1000);
      expect(elapsed).toBeLessThan(1.3 * 1000);
    }
    expect(proxy.delivered().down).toBe(2 * ANSWER_BYTES);
  });

  it('tells how many bytes had crossed by a given time', async () => {
    const before = performance.timeOrigin + performance.now();
    await fetchAnswer();
    expect(proxy.deliveredBy(before)).toBe(0);
    expect(proxy.deliveredBy(performance.timeOrigin + performance.now())).toBe(ANSWER_BYTES + 3);
  });

  it('lists the HTTP requests that crossed it', async () => {
    await new Promise<void>((resolve, reject) => {
      const socket = connect(proxy.port, '127.0.0.1', () => socket.write('GET /assets/index.js HTTP/1.1\r\nHost: bar\r\n\r\n'));
      socket.on('error', reject);
      socket.once('data', () => {
        socket.destroy();
        resolve();
      });
    });
    expect(proxy.requests()).toEqual([{ at: expect.any(Number), method: 'GET', path: '/assets/index.js' }]);
  });

  it('times each answer, for a waterfall of the visit', async () => {
    const sent = performance.timeOrigin + performance.now();
    await new Promise<void>((resolve, reject) => {
      let received = 0;
      const socket = connect(proxy.port, '127.0.0.1', () => socket.write('GET /assets/index.js HTTP/1.1\r\nHost: bar\r\n\r\n'));
      socket.on('error', reject);
      socket.on('data', (data) => {
        received += data.length;
        if (received < ANSWER_BYTES) return;
        socket.destroy();
        resolve();
      });
    });
    const [exchange] = proxy.exchanges();
    expect(exchange).toMatchObject({ method: 'GET', path: '/assets/index.js', connection: 1, answer: { bytes: ANSWER_BYTES } });
    const { firstAt, lastAt } = exchange?.answer ?? { firstAt: null, lastAt: null };
    // The first byte a round trip after the request; the last, 40,000 B at 100 B/ms later.
    expect((firstAt ?? 0) - sent).toBeGreaterThan(0.95 * 100);
    expect((lastAt ?? 0) - (firstAt ?? 0)).toBeGreaterThan(0.9 * 400);
  });

  it('drops every connection, and refuses new ones, with no signal', async () => {
    const inFlight = fetchAnswer();
    await vi.waitFor(() => expect(proxy.delivered().down).toBeGreaterThan(0));
    proxy.setSignal(false);
    await expect(inFlight).rejects.toThrow(/ECONNRESET/);
    await expect(fetchAnswer()).rejects.toThrow();
    proxy.setSignal(true);
    await expect(fetchAnswer()).resolves.toBeGreaterThan(0);
  });

  it('stalls with no signal the other way: connections open, bytes wait, nothing fails, and all goes on once it is back', async () => {
    const inFlight = fetchAnswer();
    await vi.waitFor(() => expect(proxy.delivered().down).toBeGreaterThan(0));
    proxy.setSignal(false, 'stall');
    const opened = fetchAnswer();
    const held = proxy.delivered();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(proxy.delivered()).toMatchObject({ up: held.up, down: held.down });
    const back = performance.now();
    proxy.setSignal(true);
    await expect(inFlight).resolves.toBeGreaterThan(300);
    // The connection opened in the stall takes its handshake once the signal is back, then its round trip and its bytes.
    const whole = await opened;
    expect(whole).toBeGreaterThan(300 + 0.95 * 600);
    expect(performance.now() - back).toBeLessThan(1.5 * 1000);
    expect(proxy.delivered().down).toBe(2 * ANSWER_BYTES);
  });

  it('carries nothing of a connection the browser gave up on before its handshake, in a stall', async () => {
    proxy.setSignal(false, 'stall');
    await new Promise<void>((resolve, reject) => {
      const socket = connect(proxy.port, '127.0.0.1', () => {
        socket.end('GET /signal.txt HTTP/1.1\r\nHost: bar\r\n\r\n');
        resolve();
      });
      socket.on('error', reject);
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    proxy.setSignal(true);
    await new Promise((resolve) => setTimeout(resolve, 3 * LINK.rttMs));
    expect(proxy.delivered()).toMatchObject({ up: 0, down: 0 });
    expect(proxy.requests()).toEqual([]);
  });
});
