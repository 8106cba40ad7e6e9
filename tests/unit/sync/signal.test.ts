import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isNoSignal, NO_SIGNAL, SIGNAL_CADENCE_MS, SIGNAL_TEXT, signalProbe, STALL_MS, watchedFetch, watchedLoad } from '../../../src/sync/signal.ts';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

/** A request that answers after `ms` unless aborted first (then it rejects with the abort's reason). */
function answersAfter(ms: number) {
  return vi.fn<typeof fetch>(
    (_input, init) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => resolve(new Response(null, { status: 201 })), ms);
        init?.signal?.addEventListener('abort', () => {
          clearTimeout(timer);
          reject(init.signal?.reason as Error);
        });
      }),
  );
}

describe('a request of the queue, watched', () => {
  it('goes on while probes answer: a batch merely slow on a live link (seconds on one bar) is never cut', async () => {
    const probe = vi.fn(() => Promise.resolve(true));
    const answer = watchedFetch(answersAfter(12_000), probe)('https://bar.example/rest/v1/orders', { method: 'POST' });
    await vi.advanceTimersByTimeAsync(12_000);
    expect((await answer).status).toBe(201);
    // Checked once the request stalled, then every cadence until its answer.
    expect(probe.mock.calls.length).toBe((12_000 - STALL_MS) / SIGNAL_CADENCE_MS);
  });

  it('is aborted as no signal by the first probe that finds none, a stall and a probe after it was sent', async () => {
    let signal = true;
    const probe = vi.fn(() => Promise.resolve(signal));
    const answer = watchedFetch(answersAfter(60_000), probe)('https://bar.example/rest/v1/orders', { method: 'POST' });
    const outcome = answer.then(
      () => 'answered',
      (error: unknown) => (error as DOMException).message,
    );
    await vi.advanceTimersByTimeAsync(STALL_MS + SIGNAL_CADENCE_MS);
    signal = false;
    await vi.advanceTimersByTimeAsync(SIGNAL_CADENCE_MS);
    expect(await outcome).toBe(NO_SIGNAL);
    expect(probe).toHaveBeenCalledTimes(3);
  });

  it('asks no probe of a request answered before it stalled, and follows its caller’s own abort (the deadline)', async () => {
    const probe = vi.fn(() => Promise.resolve(false));
    expect((await Promise.all([watchedFetch(answersAfter(500), probe)('https://bar.example/x'), vi.advanceTimersByTimeAsync(500)]))[0].status).toBe(201);
    await vi.advanceTimersByTimeAsync(STALL_MS * 2);
    expect(probe).not.toHaveBeenCalled();

    const deadline = new AbortController();
    const answer = watchedFetch(answersAfter(60_000), () => Promise.resolve(true))('https://bar.example/x', { signal: deadline.signal });
    const outcome = answer.catch((error: unknown) => error);
    deadline.abort(new DOMException('timeout', 'TimeoutError'));
    expect(await outcome).toMatchObject({ name: 'TimeoutError' });
  });
});

describe('the queue’s own code, loading, watched', () => {
  /** A load that ends when the test says: with its code, or failed (the link dropped it). */
  function loading() {
    let arrive!: () => void;
    let drop!: () => void;
    const load = new Promise<string>((resolve, reject) => {
      arrive = () => resolve('transport');
      drop = () => reject(new TypeError('Failed to fetch dynamically imported module'));
    });
    return { load, arrive: () => arrive(), drop: () => drop() };
  }
  const outcomeOf = (watched: Promise<string>) =>
    watched.then(
      (code) => code,
      (error: unknown) => (isNoSignal(error) ? NO_SIGNAL : 'other'),
    );

  it('fails as no signal once it hangs past the stall and a probe finds none, and takes its code while probes answer', async () => {
    const hanging = loading();
    const outcome = outcomeOf(watchedLoad(hanging.load, () => Promise.resolve(false)));
    await vi.advanceTimersByTimeAsync(STALL_MS - 1);
    const early = await Promise.race([outcome, Promise.resolve('still loading')]);
    expect(early).toBe('still loading');
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toBe(NO_SIGNAL);

    const slow = loading();
    const probe = vi.fn(() => Promise.resolve(true));
    const arrived = outcomeOf(watchedLoad(slow.load, probe));
    await vi.advanceTimersByTimeAsync(STALL_MS + 3 * SIGNAL_CADENCE_MS);
    slow.arrive();
    expect(await arrived).toBe('transport');
    expect(probe).toHaveBeenCalledTimes(4);
  });

  it('fails as no signal when the load fails, with no probe asked', async () => {
    const dropped = loading();
    const probe = vi.fn(() => Promise.resolve(true));
    const outcome = outcomeOf(watchedLoad(dropped.load, probe));
    dropped.drop();
    expect(await outcome).toBe(NO_SIGNAL);
    await vi.advanceTimersByTimeAsync(STALL_MS * 2);
    expect(probe).not.toHaveBeenCalled();
  });
});

describe('the probe of the app’s origin', () => {
  const answering = (respond: () => Promise<Response>) => signalProbe('https://bar.example', vi.fn<typeof fetch>(respond));

  it('finds signal only in its own file, asked past every cache', async () => {
    const fetcher = vi.fn<typeof fetch>(() => Promise.resolve(new Response(`${SIGNAL_TEXT}\n`)));
    expect(await signalProbe('https://bar.example/f/cumple', fetcher)()).toBe(true);
    expect(fetcher.mock.calls[0]?.[0]).toBe('https://bar.example/signal.txt');
    expect(fetcher.mock.calls[0]?.[1]).toMatchObject({ cache: 'no-store' });
  });

  it('finds none in a portal’s page, an error, a refused connection or silence', async () => {
    expect(await answering(() => Promise.resolve(new Response('<html>Bienvenido al Wi-Fi</html>')))()).toBe(false);
    expect(await answering(() => Promise.resolve(new Response(SIGNAL_TEXT, { status: 503 })))()).toBe(false);
    expect(await answering(() => Promise.reject(new TypeError('Failed to fetch')))()).toBe(false);
    const silent = signalProbe(
      'https://bar.example',
      vi.fn<typeof fetch>((_input, init) => new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new Error('aborted'))))),
    )();
    await vi.advanceTimersByTimeAsync(3_000);
    expect(await silent).toBe(false);
  });
});
