import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FlushOutcome } from '../../../src/sync/flush.ts';
import { BUSY_RECHECK_MS, createFlushScheduler, LOCAL_WRITE_DEBOUNCE_MS } from '../../../src/sync/scheduler.ts';

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
