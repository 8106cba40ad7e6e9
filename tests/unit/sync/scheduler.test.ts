import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FlushOutcome } from '../../../src/sync/flush.ts';
import { BUSY_RECHECK_MS, createFlushScheduler, LOCAL_WRITE_DEBOUNCE_MS } from '../../../src/sync/scheduler.ts';
import { noSignalError, RETURN_JITTER_MS, SIGNAL_CADENCE_MS } from '../../../src/sync/signal.ts';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

function scripted(outcomes: FlushOutcome[]) {
  const flush = vi.fn(() => Promise.resolve<FlushOutcome>(outcomes.shift() ?? { kind: 'done' }));
  return flush;
}

describe('when to flush', () => {
  it('flushes once after the debounce, however many writes came in it', async () => {
    const flush = scripted([]);
    const scheduler = createFlushScheduler({ flush });
    scheduler.soon();
    scheduler.soon();
    await vi.advanceTimersByTimeAsync(LOCAL_WRITE_DEBOUNCE_MS - 1);
    expect(flush).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(flush).toHaveBeenCalledTimes(1);
    await scheduler.stop();
  });

  it('runs once more when asked during a flush, never two at once', async () => {
    let release: () => void = () => undefined;
    const flush = vi.fn(() => new Promise<FlushOutcome>((resolve) => (release = () => resolve({ kind: 'done' }))));
    const scheduler = createFlushScheduler({ flush });
    const first = scheduler.flushNow();
    void scheduler.flushNow();
    void scheduler.flushNow();
    expect(flush).toHaveBeenCalledTimes(1);
    release();
    await vi.advanceTimersByTimeAsync(0);
    release();
    await first;
    expect(flush).toHaveBeenCalledTimes(2);
    await scheduler.stop();
  });

  it('backs off after failures, honours Retry-After, and starts over after a success', async () => {
    const flush = scripted([{ kind: 'retry', error: 'x' }, { kind: 'retry', error: 'x', retryAfterMs: 30_000 }, { kind: 'done' }]);
    const scheduler = createFlushScheduler({ flush, random: () => 0.999 });
    await scheduler.flushNow();
    await vi.advanceTimersByTimeAsync(999);
    expect(flush).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(flush).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(flush).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(flush).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(600_000);
    expect(flush).toHaveBeenCalledTimes(3);
    await scheduler.stop();
  });

  it('looks again shortly while another flusher holds the lock, and treats a thrown flush as a retry', async () => {
    const flush = vi
      .fn<() => Promise<FlushOutcome>>()
      .mockResolvedValueOnce({ kind: 'busy' })
      .mockRejectedValueOnce(new Error('boom'))
      .mockResolvedValue({ kind: 'done' });
    const outcomes: string[] = [];
    const scheduler = createFlushScheduler({ flush, random: () => 0, onOutcome: (outcome) => outcomes.push(outcome.kind) });
    await scheduler.flushNow();
    await vi.advanceTimersByTimeAsync(BUSY_RECHECK_MS);
    await vi.advanceTimersByTimeAsync(1000);
    expect(outcomes).toEqual(['busy', 'retry', 'done']);
    await scheduler.stop();
  });

  it('flushes again the moment the other flusher lets go of the lock, waiting on it once', async () => {
    const flush = scripted([{ kind: 'busy' }, { kind: 'busy' }]);
    let letGo: () => void = () => undefined;
    const lockReleased = vi.fn(() => new Promise<void>((resolve) => (letGo = resolve)));
    const scheduler = createFlushScheduler({ flush, lockReleased });
    await scheduler.flushNow();
    await scheduler.flushNow();
    expect(lockReleased).toHaveBeenCalledTimes(1);
    letGo();
    await vi.advanceTimersByTimeAsync(0);
    expect(flush).toHaveBeenCalledTimes(3);
    await scheduler.stop();
  });

  it('retries after the backoff, and does nothing once stopped', async () => {
    const flush = scripted([{ kind: 'retry', error: 'x' }]);
    const scheduler = createFlushScheduler({ flush, random: () => 0 });
    await scheduler.flushNow();
    await vi.advanceTimersByTimeAsync(999);
    expect(flush).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(flush).toHaveBeenCalledTimes(2);
    await scheduler.stop();
    await scheduler.flushNow();
    scheduler.soon();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(flush).toHaveBeenCalledTimes(2);
  });
});

describe('no signal is not server trouble', () => {
  const noSignal: FlushOutcome = { kind: 'retry', error: 'no answer', noSignal: true };

  /** Every moment the scheduler tried something: a probe or a flush, with the fake clock's time. */
  function watched(outcomes: FlushOutcome[], answers: () => boolean) {
    const tries: { what: 'probe' | 'flush'; at: number }[] = [];
    const flush = vi.fn(() => {
      tries.push({ what: 'flush', at: Date.now() });
      return Promise.resolve<FlushOutcome>(outcomes.shift() ?? { kind: 'done' });
    });
    const probe = vi.fn(() => {
      tries.push({ what: 'probe', at: Date.now() });
      return Promise.resolve(answers());
    });
    return { tries, flush, probe };
  }

  it('never schedules a try later than the cadence after a failure for want of signal, however long it lasts', async () => {
    let signal = false;
    const { tries, flush, probe } = watched([noSignal], () => signal);
    const scheduler = createFlushScheduler({ flush, probe, random: () => 0.999 });
    await scheduler.flushNow();
    expect(scheduler.noSignal()).toBe(true);
    // Ten minutes in the basement: a backoff would be at its five-minute cap by now.
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    const probes = tries.filter((attempt) => attempt.what === 'probe').map((attempt) => attempt.at);
    expect(probes.length).toBeGreaterThanOrEqual((10 * 60_000) / SIGNAL_CADENCE_MS);
    const gaps = probes.map((at, index) => at - (index === 0 ? (tries[0]?.at ?? 0) : (probes[index - 1] ?? 0)));
    expect(Math.max(...gaps)).toBeLessThanOrEqual(SIGNAL_CADENCE_MS);
    // No request reached the server meanwhile: the one flush that found no signal.
    expect(flush).toHaveBeenCalledTimes(1);

    signal = true;
    const up = Date.now();
    await vi.advanceTimersByTimeAsync(SIGNAL_CADENCE_MS + RETURN_JITTER_MS);
    const sent = tries.find((attempt) => attempt.what === 'flush' && attempt.at >= up);
    expect(sent?.at).toBeLessThanOrEqual(up + SIGNAL_CADENCE_MS + RETURN_JITTER_MS);
    expect(scheduler.noSignal()).toBe(false);
    await scheduler.stop();
  });

  it('takes a flush that could not start for want of signal (the queue’s code not loaded) as no signal: it looks, it does not back off', async () => {
    let signal = false;
    const { tries, probe } = watched([], () => signal);
    const flush = vi.fn(() => {
      tries.push({ what: 'flush', at: Date.now() });
      return signal ? Promise.resolve<FlushOutcome>({ kind: 'done' }) : Promise.reject(noSignalError());
    });
    const scheduler = createFlushScheduler({ flush, probe, random: () => 0.999 });
    await scheduler.flushNow();
    expect(scheduler.noSignal()).toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    const probes = tries.filter((attempt) => attempt.what === 'probe');
    expect(probes.length).toBeGreaterThanOrEqual(60_000 / SIGNAL_CADENCE_MS);
    expect(flush).toHaveBeenCalledTimes(1);
    signal = true;
    await vi.advanceTimersByTimeAsync(SIGNAL_CADENCE_MS + RETURN_JITTER_MS);
    expect(flush).toHaveBeenCalledTimes(2);
    expect(scheduler.noSignal()).toBe(false);
    await scheduler.stop();
  });

  it('backs off from the server’s own answer: a 503 with Retry-After: 30 waits 30 s, and looks for no signal meanwhile', async () => {
    const { tries, flush, probe } = watched([{ kind: 'retry', error: 'HTTP 503', retryAfterMs: 30_000 }], () => true);
    const scheduler = createFlushScheduler({ flush, probe, random: () => 0 });
    await scheduler.flushNow();
    expect(scheduler.noSignal()).toBe(false);
    await vi.advanceTimersByTimeAsync(30_000 - 1);
    expect(tries.map((attempt) => attempt.what)).toEqual(['flush']);
    await vi.advanceTimersByTimeAsync(1);
    expect(tries.map((attempt) => attempt.what)).toEqual(['flush', 'flush']);
    await scheduler.stop();
  });

  it('flushes a moment after the first probe that answers, within the jitter, and no sooner', async () => {
    for (const random of [0, 0.5, 0.999]) {
      const { tries, flush, probe } = watched([noSignal], () => tries.length > 1);
      const scheduler = createFlushScheduler({ flush, probe, random: () => random });
      await scheduler.flushNow();
      await vi.advanceTimersByTimeAsync(SIGNAL_CADENCE_MS);
      const found = tries.filter((attempt) => attempt.what === 'probe').at(-1)?.at ?? 0;
      await vi.advanceTimersByTimeAsync(RETURN_JITTER_MS);
      const sent = tries.filter((attempt) => attempt.what === 'flush')[1]?.at ?? Number.NaN;
      expect(sent - found).toBe(Math.floor(random * RETURN_JITTER_MS));
      await scheduler.stop();
    }
  });

  it('takes a sign of life as a probe while there is no signal, and as a flush otherwise', async () => {
    const { tries, flush, probe } = watched([noSignal], () => false);
    const scheduler = createFlushScheduler({ flush, probe });
    await scheduler.flushNow();
    await vi.advanceTimersByTimeAsync(SIGNAL_CADENCE_MS / 2);
    const before = tries.length;
    scheduler.tryNow();
    await vi.advanceTimersByTimeAsync(0);
    expect(tries.slice(before).map((attempt) => attempt.what)).toEqual(['probe']);
    // A poll never sends while the last try found no signal: the probes decide.
    await scheduler.flushIfDue();
    expect(flush).toHaveBeenCalledTimes(1);
    await scheduler.stop();

    const online = watched([], () => true);
    const withSignal = createFlushScheduler({ flush: online.flush, probe: online.probe });
    withSignal.tryNow();
    await vi.advanceTimersByTimeAsync(0);
    expect(online.tries.map((attempt) => attempt.what)).toEqual(['flush']);
    await withSignal.stop();
  });

  it('does not flush again when a try asked during a flush that found no signal: it looks instead', async () => {
    let release: (outcome: FlushOutcome) => void = () => undefined;
    const flush = vi.fn(() => new Promise<FlushOutcome>((resolve) => (release = resolve)));
    const probe = vi.fn(() => Promise.resolve(false));
    const scheduler = createFlushScheduler({ flush, probe });
    const first = scheduler.flushNow();
    scheduler.tryNow();
    scheduler.soon();
    await vi.advanceTimersByTimeAsync(LOCAL_WRITE_DEBOUNCE_MS);
    release(noSignal);
    await first;
    await vi.advanceTimersByTimeAsync(5 * SIGNAL_CADENCE_MS);
    expect(flush).toHaveBeenCalledTimes(1);
    expect(probe.mock.calls.length).toBeGreaterThanOrEqual(5);
    await scheduler.stop();
  });

  it('stops looking while the page may not look (hidden), and looks again at the next sign of life', async () => {
    let visible = true;
    const { flush, probe } = watched([noSignal], () => false);
    const scheduler = createFlushScheduler({ flush, probe, mayLook: () => visible });
    await scheduler.flushNow();
    visible = false;
    await vi.advanceTimersByTimeAsync(SIGNAL_CADENCE_MS);
    const probes = probe.mock.calls.length;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(probe.mock.calls.length).toBe(probes);
    visible = true;
    scheduler.tryNow();
    await vi.advanceTimersByTimeAsync(0);
    expect(probe.mock.calls.length).toBe(probes + 1);
    await scheduler.stop();
  });
});
