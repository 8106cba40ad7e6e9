/**
 * The page's outbox: one per page, built where the page starts (main.tsx),
 * never by a view. It decides when to flush, for every kind registered:
 * at its start, when a capability queued a change (`wake`, right after the
 * write that queued it: no read of the queue to find out), `online`, a
 * backoff timer, Background Sync in the queue's worker where the browser has
 * it (iOS Safari has not: these page triggers cover it), and at every sign
 * of life: the tab becoming visible, pageshow, focus, the queue's worker's
 * sync event, and, while the last try found no signal, a tap on the page or
 * the server's answer to any other request. With no signal, a sign of life
 * is a probe first (scheduler.ts, signal.ts), and the status line says so.
 */
import type { PhoneDatabase } from '../db/idb.ts';
import { createListeners } from '../platform/index.ts';
import { onServerAnswer } from '../server/index.ts';
import { askForBackgroundSync, keepSyncWorker, SIGN_OF_LIFE_MESSAGE } from './background-sync.ts';
import { flushOutbox, type FlushOutcome } from './flush.ts';
import type { OutboxKind, OutboxKinds } from './kinds.ts';
import { outboxKinds } from './kinds.ts';
import type { FlushLock } from './lock.ts';
import { outboxStore, type OutboxStore, type ParkedSelection } from './outbox-store.ts';
import { createFlushScheduler, LOCAL_WRITE_DEBOUNCE_MS } from './scheduler.ts';
import type { Probe } from './signal.ts';

export interface OutboxOptions {
  readonly database: PhoneDatabase;
  readonly lock: FlushLock;
  /** This build's version: entries parked by another version are retried at start. */
  readonly appVersion: string;
  readonly kinds?: readonly OutboxKind[];
  readonly random?: () => number;
  /** Looks for signal after a try that found none (signal.ts's signalProbe of the app's origin). */
  readonly probe?: Probe;
}

export interface Outbox {
  readonly store: OutboxStore;
  readonly kinds: OutboxKinds;
  /** A capability registers a kind it queues (or replaces it): returns what takes it back. */
  register(kind: OutboxKind): () => void;
  /** A change was queued: flush once the taps stop (at least every two seconds while they go on). */
  wake(): void;
  /** Flushes now (or once more as soon as the running flush ends). */
  flushNow(): Promise<void>;
  /** Flushes now unless a failed flush's backoff is still running: what a poll calls. */
  flushIfDue(): Promise<void>;
  /** The outcome of the next flush to end on this page. */
  nextOutcome(): Promise<FlushOutcome>;
  /** True while the last try found no signal and no request is under way: what the status line says. */
  noSignal(): boolean;
  /** Tells `listener` each time noSignal() may have changed; returns what stops it. */
  onSignal(listener: () => void): () => void;
  /** 'Reintentar': the selected parked entries go back to the queue, and are sent. */
  retryParked(which: ParkedSelection): Promise<number>;
  /** Starts the triggers and the first flush, once `ready` (what the page queues at its start) has settled; the entries an earlier version parked go back first. */
  start(ready?: Promise<unknown>): void;
  /** True once started: a change queued from then on is flushed by a wake or at once. */
  started(): boolean;
  stop(): void;
}

/** The longest a burst of picks keeps its changes on the phone before a flush. */
const LONGEST_QUIET_MS = 2_000;

export function createOutbox(options: OutboxOptions): Outbox {
  const kinds = outboxKinds(options.kinds);
  const store = outboxStore(options.database, kinds);
  let waiting: ((outcome: FlushOutcome) => void)[] = [];
  let running = false;
  let quiet: ReturnType<typeof setTimeout> | null = null;
  const signal = createListeners();
  let sending = false;
  // A flush that starts reads every entry committed before it: a wake still pending adds nothing.
  const flush = async () => {
    if (quiet !== null) clearTimeout(quiet);
    quiet = null;
    sending = true;
    signal.notify();
    try {
      return await flushOutbox({ store, kinds, lock: options.lock, appVersion: options.appVersion });
    } finally {
      sending = false;
      signal.notify();
    }
  };
  const scheduler = createFlushScheduler({
    flush,
    ...(options.random ? { random: options.random } : {}),
    lockReleased: options.lock.released,
    probe: options.probe,
    // Looking for signal is for a page the guest sees: a hidden one looks again once shown.
    mayLook: () => document.visibilityState === 'visible',
    onSignal: signal.notify,
    onOutcome: (outcome) => {
      const told = waiting;
      waiting = [];
      for (const tell of told) tell(outcome);
      if (outcome.kind !== 'done' && outcome.kind !== 'busy') void askForBackgroundSync();
      // The signal is there: the moment to make sure of the queue's worker (background-sync.ts).
      if (outcome.kind === 'done') keepSyncWorker().catch(() => undefined);
    },
  });
  // A burst of picks is sent in one go: each wake moves the flush on, up to two seconds after the first.
  let firstWakeAt = 0;
  const wake = () => {
    const now = Date.now();
    if (quiet === null) firstWakeAt = now;
    else clearTimeout(quiet);
    quiet = setTimeout(
      () => {
        quiet = null;
        scheduler.tryNow();
      },
      Math.max(0, Math.min(LOCAL_WRITE_DEBOUNCE_MS, firstWakeAt + LONGEST_QUIET_MS - now)),
    );
  };
  const onVisible = () => {
    if (document.visibilityState === 'visible') scheduler.tryNow();
  };
  const onOnline = () => void scheduler.flushNow();
  const onSignOfLife = () => scheduler.tryNow();
  // Only while the last try found no signal: a tap, another request answered or the queue's worker's sync event
  // never shortens the server's backoff (the worker's event follows each failed flush where the browser has it).
  const onTap = () => {
    if (scheduler.noSignal()) scheduler.tryNow();
  };
  const onAnswer = () => {
    if (scheduler.noSignal() && !scheduler.busy()) void scheduler.flushNow();
  };
  const onWorkerMessage = (event: MessageEvent) => {
    if ((event.data as { type?: unknown } | null)?.type === SIGN_OF_LIFE_MESSAGE) onTap();
  };
  const workers = () => ('serviceWorker' in navigator ? navigator.serviceWorker : undefined);
  let stopHearing: () => void = () => undefined;

  return {
    store,
    kinds,
    register: (kind) => kinds.register(kind),
    wake,
    flushNow: () => scheduler.flushNow(),
    flushIfDue: () => scheduler.flushIfDue(),
    nextOutcome: () => new Promise((resolve) => waiting.push(resolve)),
    noSignal: () => scheduler.noSignal() && !sending,
    onSignal: signal.subscribe,
    async retryParked(which) {
      const back = await store.retryParked(which);
      if (back > 0) void scheduler.flushNow();
      return back;
    },
    started: () => running,
    start(ready) {
      window.addEventListener('online', onOnline);
      window.addEventListener('focus', onSignOfLife);
      window.addEventListener('pageshow', onSignOfLife);
      window.addEventListener('pointerdown', onTap, { capture: true, passive: true });
      document.addEventListener('visibilitychange', onVisible);
      workers()?.addEventListener('message', onWorkerMessage);
      stopHearing = onServerAnswer(onAnswer);
      void Promise.resolve(ready)
        .catch(() => undefined)
        .then(() => {
          running = true;
          return store.retryParked({ parkedBefore: options.appVersion });
        })
        .catch(() => 0)
        .then(() => scheduler.flushNow());
    },
    stop() {
      if (quiet !== null) clearTimeout(quiet);
      void scheduler.stop();
      window.removeEventListener('online', onOnline);
      window.removeEventListener('focus', onSignOfLife);
      window.removeEventListener('pageshow', onSignOfLife);
      window.removeEventListener('pointerdown', onTap, { capture: true });
      document.removeEventListener('visibilitychange', onVisible);
      workers()?.removeEventListener('message', onWorkerMessage);
      stopHearing();
    },
  };
}
