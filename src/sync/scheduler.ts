/**
 * When to flush: now (once more if a flush is running), soon (after the local
 * write debounce), or later: backoff with full jitter after a failure; while
 * another flusher holds the lock, as soon as it lets go (or at a recheck).
 * Shared by the page's outbox (engine.ts) and the party benchmark.
 */
import { runAgainIfAsked } from '../platform/index.ts';
import { BACKOFF_CAP_MS, retryDelay } from './backoff.ts';
import type { FlushOutcome } from './flush.ts';

export const LOCAL_WRITE_DEBOUNCE_MS = 300;
/** When another tab or the worker holds the lock, look again after this long. */
export const BUSY_RECHECK_MS = 5_000;

export interface FlushSchedulerOptions {
  readonly flush: () => Promise<FlushOutcome>;
  /** Told every outcome, after the next attempt is scheduled. */
  readonly onOutcome?: (outcome: FlushOutcome) => void;
  readonly random?: () => number;
  /** Resolves when another flusher lets go of the lock: a busy flush runs again then, not after the recheck wait. */
  readonly lockReleased?: (() => Promise<void>) | undefined;
}

export interface FlushScheduler {
  /** Flushes now, or once more as soon as the running flush ends. */
  flushNow(): Promise<void>;
  /** Flushes now unless a failed flush's retry is still ahead (a poll never shortens the backoff);  */
  flushIfDue(): Promise<void>;
  /** Flushes after the local-write debounce. */
  soon(): void;
  busy(): boolean;
  stop(): Promise<void>;
}

export function createFlushScheduler(options: FlushSchedulerOptions): FlushScheduler {
  // Mutated from timers and callbacks; an object keeps the type checker from assuming constants.
  const state = { failures: 0, stopped: false, awaitingLock: false, retryAt: 0 };
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let debounceTimer: ReturnType<typeof setTimeout> | undefined;

  const schedule = (delayMs: number) => {
    clearTimeout(retryTimer);
    state.retryAt = Date.now() + delayMs;
    if (!state.stopped) retryTimer = setTimeout(() => void flushNow(), delayMs);
  };

  const awaitLock = () => {
    if (!options.lockReleased || state.awaitingLock) return;
    state.awaitingLock = true;
    void options.lockReleased().then(() => {
      state.awaitingLock = false;
      return flushNow();
    });
  };

  const nextAttempt = (outcome: FlushOutcome) => {
    if (outcome.kind === 'done') {
      state.failures = 0;
      state.retryAt = 0;
      clearTimeout(retryTimer);
    } else if (outcome.kind === 'busy') {
      schedule(BUSY_RECHECK_MS);
      awaitLock();
    } else {
      state.failures += 1;
      schedule(outcome.kind === 'config' ? BACKOFF_CAP_MS : retryDelay(state.failures, options.random, outcome.retryAfterMs));
    }
    options.onOutcome?.(outcome);
  };

  // A change queued during a flush may have missed it: one more flush after it, however many came.
  const flushes = runAgainIfAsked(async () => {
    const outcome = await options.flush().catch((): FlushOutcome => ({ kind: 'retry', error: 'flush failed' }));
    nextAttempt(outcome);
  });
  const flushNow = flushes.run;

  return {
    flushNow,
    flushIfDue: () => (state.failures > 0 && Date.now() < state.retryAt ? Promise.resolve() : flushNow()),
    soon() {
      clearTimeout(debounceTimer);
      debounceTimer = setTimeout(() => void flushNow(), LOCAL_WRITE_DEBOUNCE_MS);
    },
    busy: flushes.busy,
    async stop() {
      state.stopped = true;
      clearTimeout(retryTimer);
      clearTimeout(debounceTimer);
      await flushes.stop();
    },
  };
}
