/**
 * The page's outbox: one per page, built where the page starts (main.tsx),
 * never by a view. It decides when to flush, for every kind registered:
 * at its start, when a capability queued a change (`wake`, right after the
 * write that queued it: no read of the queue to find out), `online`, the tab
 * becoming visible, pageshow, focus, a backoff timer, and Background Sync in
 * the queue's worker where the browser has it (iOS Safari has not: these
 * page triggers cover it).
 */
import type { PhoneDatabase } from '../db/idb.ts';
import { askForBackgroundSync, keepSyncWorker } from './background-sync.ts';
import { flushOutbox, type FlushOutcome } from './flush.ts';
import type { OutboxKind, OutboxKinds } from './kinds.ts';
import { outboxKinds } from './kinds.ts';
import type { FlushLock } from './lock.ts';
import { outboxStore, type OutboxStore, type ParkedSelection } from './outbox-store.ts';
import { createFlushScheduler, LOCAL_WRITE_DEBOUNCE_MS } from './scheduler.ts';

export interface OutboxOptions {
  readonly database: PhoneDatabase;
  readonly lock: FlushLock;
  /** This build's version: entries parked by another version are retried at start. */
  readonly appVersion: string;
  readonly kinds?: readonly OutboxKind[];
  readonly random?: () => number;
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
  // A flush that starts reads every entry committed before it: a wake still pending adds nothing.
  const flush = () => {
    if (quiet !== null) clearTimeout(quiet);
    quiet = null;
    return flushOutbox({ store, kinds, lock: options.lock, appVersion: options.appVersion });
  };
  const scheduler = createFlushScheduler({
    flush,
    ...(options.random ? { random: options.random } : {}),
    lockReleased: options.lock.released,
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
        void scheduler.flushNow();
      },
      Math.max(0, Math.min(LOCAL_WRITE_DEBOUNCE_MS, firstWakeAt + LONGEST_QUIET_MS - now)),
    );
  };
  const onVisible = () => {
    if (document.visibilityState === 'visible') void scheduler.flushNow();
  };
  const onTrigger = () => void scheduler.flushNow();

  return {
    store,
    kinds,
    register: (kind) => kinds.register(kind),
    wake,
    flushNow: () => scheduler.flushNow(),
    flushIfDue: () => scheduler.flushIfDue(),
    nextOutcome: () => new Promise((resolve) => waiting.push(resolve)),
    async retryParked(which) {
      const back = await store.retryParked(which);
      if (back > 0) void scheduler.flushNow();
      return back;
    },
    started: () => running,
    start(ready) {
      window.addEventListener('online', onTrigger);
      window.addEventListener('focus', onTrigger);
      window.addEventListener('pageshow', onTrigger);
      document.addEventListener('visibilitychange', onVisible);
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
      window.removeEventListener('online', onTrigger);
      window.removeEventListener('focus', onTrigger);
      window.removeEventListener('pageshow', onTrigger);
      document.removeEventListener('visibilitychange', onVisible);
    },
  };
}
