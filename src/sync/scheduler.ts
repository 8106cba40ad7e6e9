/**
 * When to flush: now (once more if a flush is running), soon (after the local
 * write debounce), or later. After the server's own trouble (a 5xx, a 429,
 * a request too slow): backoff with full jitter, never sooner than
 * Retry-After. After a try that never reached the server (no signal): no
 * backoff, but a look for signal on a steady cadence, and a flush a moment
 * after the first probe that answers (signal.ts). While another flusher
 * holds the lock: as soon as it lets go (or at a recheck). Shared by the
 * page's outbox (engine.ts) and the party benchmark.
 */
import { runAgainIfAsked } from '../platform/index.ts';
import { BACKOFF_CAP_MS, retryDelay } from './backoff.ts';
import type { FlushOutcome } from './flush.ts';
import { isNoSignal, NO_SIGNAL, PROBE_TIMEOUT_MS, RETURN_JITTER_MS, SIGNAL_CADENCE_MS, type Probe } from './signal.ts';

export const LOCAL_WRITE_DEBOUNCE_MS = 300;
/** When another tab or the worker holds the lock, look again after this long. */
export const BUSY_RECHECK_MS = 5_000;
/** Probes under way at most: with a stalled link each waits PROBE_TIMEOUT_MS, and a new one still starts every cadence. */
const PROBES_AT_ONCE = Math.ceil(PROBE_TIMEOUT_MS / SIGNAL_CADENCE_MS);

export interface FlushSchedulerOptions {
  readonly flush: () => Promise<FlushOutcome>;
  /** Told every outcome, after the next attempt is scheduled. */
  readonly onOutcome?: (outcome: FlushOutcome) => void;
  readonly random?: () => number;
  /** Resolves when another flusher lets go of the lock: a busy flush runs again then, not after the recheck wait. */
  readonly lockReleased?: (() => Promise<void>) | undefined;
  /** Looks for signal after a try that found none. None: such a try is simply made again at the cadence. */
  readonly probe?: Probe | undefined;
  /** Whether to look now (the page is visible); when not, looking stops until the next `tryNow`. */
  readonly mayLook?: (() => boolean) | undefined;
  /** Told when the last try's verdict on the signal changes (noSignal()). */
  readonly onSignal?: (() => void) | undefined;
}

export interface FlushScheduler {
  /** Flushes now, or once more as soon as the running flush ends. */
  flushNow(): Promise<void>;
  /** A sign of life (the page shown, a tap, a change queued): with no signal, a probe now and a flush once it answers; else a flush now (after the running one). */
  tryNow(): void;
  /** Flushes now unless a failed flush's retry is still ahead, or the last try found no signal (a poll never shortens the backoff). */
  flushIfDue(): Promise<void>;
  /** Tries after the local-write debounce. */
  soon(): void;
  busy(): boolean;
  /** True from a try that failed for want of signal to the next that did not. */
  noSignal(): boolean;
  stop(): Promise<void>;
}

export function createFlushScheduler(options: FlushSchedulerOptions): FlushScheduler {
  const random = options.random ?? Math.random;
  // Mutated from timers and callbacks; an object keeps the type checker from assuming constants.
  const state = {
    failures: 0,
    stopped: false,
    awaitingLock: false,
    retryAt: 0,
    noSignal: false,
    looking: false,
    probes: 0,
    lastProbeAt: Number.NEGATIVE_INFINITY,
    /** A try asked while a flush ran: made once that flush has said whether there is signal. */
    tryAfter: false,
  };
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let debounceTimer: ReturnType<typeof setTimeout> | undefined;
  let lookTimer: ReturnType<typeof setTimeout> | undefined;

  const schedule = (delayMs: number) => {
    clearTimeout(retryTimer);
    state.retryAt = Date.now() + delayMs;
    if (!state.stopped) retryTimer = setTimeout(() => void flushNow(), delayMs);
  };

  const setNoSignal = (noSignal: boolean) => {
    if (state.noSignal === noSignal) return;
    state.noSignal = noSignal;
    options.onSignal?.();
  };

  const stopLooking = () => {
    state.looking = false;
    clearTimeout(lookTimer);
  };

  /** A probe answered: the flush follows after a short random wait, so a basement's phones spread out. */
  const signalFound = () => {
    if (!state.looking) return;
    stopLooking();
    schedule(Math.floor(random() * RETURN_JITTER_MS));
  };

  const probeNow = (probe: Probe) => {
    if (state.probes >= PROBES_AT_ONCE) return;
    state.probes += 1;
    state.lastProbeAt = Date.now();
    void probe()
      .catch(() => false)
      .then((found) => {
        state.probes -= 1;
        if (found) signalFound();
      });
  };

  /** Every cadence while there is no signal, changes wait and the page may look: a probe (several may wait on a stalled link). */
  const look = () => {
    const { probe } = options;
    if (state.stopped) return;
    if (!probe) {
      schedule(SIGNAL_CADENCE_MS);
      return;
    }
    clearTimeout(lookTimer);
    if (options.mayLook && !options.mayLook()) {
      state.looking = false;
      return;
    }
    state.looking = true;
    lookTimer = setTimeout(look, SIGNAL_CADENCE_MS);
    // A sign of life right after a probe adds none: the one under way answers as soon.
    if (Date.now() - state.lastProbeAt >= SIGNAL_CADENCE_MS / 4) probeNow(probe);
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
      setNoSignal(false);
    } else if (outcome.kind === 'busy') {
      schedule(BUSY_RECHECK_MS);
      awaitLock();
    } else if (outcome.kind === 'retry' && outcome.noSignal) {
      // It cost the server nothing: no backoff, a look for signal instead (the server's own backoff, if any, is kept for its next answer).
      clearTimeout(retryTimer);
      state.retryAt = 0;
      setNoSignal(true);
      look();
    } else {
      state.failures += 1;
      setNoSignal(false);
      schedule(outcome.kind === 'config' ? BACKOFF_CAP_MS : retryDelay(state.failures, options.random, outcome.retryAfterMs));
    }
    options.onOutcome?.(outcome);
  };

  // A change queued during a flush may have missed it: one more flush after it, however many came.
  const flushes = runAgainIfAsked(async () => {
    stopLooking();
    // A flush that could not even start for want of signal (the queue's code not loaded) looks for signal like a request that found none.
    const outcome = await options
      .flush()
      .catch((error: unknown): FlushOutcome =>
        isNoSignal(error) ? { kind: 'retry', error: NO_SIGNAL, noSignal: true } : { kind: 'retry', error: 'flush failed' },
      );
    nextAttempt(outcome);
    if (!state.tryAfter) return;
    state.tryAfter = false;
    // With signal, once more now (runAgainIfAsked runs this again as it ends); without, the look just begun covers it.
    if (!state.noSignal) void flushes.run();
  });
  const flushNow = flushes.run;

  function tryNow(): void {
    if (state.stopped) return;
    if (flushes.busy()) state.tryAfter = true;
    else if (state.noSignal) look();
    else void flushNow();
  }

  return {
    flushNow,
    tryNow,
    flushIfDue: () => (state.noSignal || (state.failures > 0 && Date.now() < state.retryAt) ? Promise.resolve() : flushNow()),
    soon() {
      clearTimeout(debounceTimer);
      debounceTimer = setTimeout(tryNow, LOCAL_WRITE_DEBOUNCE_MS);
    },
    busy: flushes.busy,
    noSignal: () => state.noSignal,
    async stop() {
      state.stopped = true;
      clearTimeout(retryTimer);
      clearTimeout(debounceTimer);
      stopLooking();
      await flushes.stop();
    },
  };
}
