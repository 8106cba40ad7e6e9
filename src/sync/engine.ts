/**
 * The page's side of the sync queue: decides when to flush. Triggers: start,
 * `online`, each local write (debounced), the tab becoming visible, pageshow,
 * focus, a backoff timer, and Background Sync in the service worker where the
 * browser has it (iOS Safari has not: these page triggers cover it).
 */
import { liveQuery } from 'dexie';
import type { BarTabDatabase, UserRow } from '../db/index.ts';
import { readLocal, writeLocal } from '../platform/index.ts';
import { askForBackgroundSync } from './background-sync.ts';
import { BACKOFF_CAP_MS, retryDelay } from './backoff.ts';
import { flushOutbox, type FlushOutcome } from './flush.ts';
import type { FlushLock } from './lock.ts';
import { queueGuest } from './outbox.ts';
import { restoreEvictedTab } from './restore.ts';
import type { SyncTransport } from './transport.ts';

export const LOCAL_WRITE_DEBOUNCE_MS = 300;
/** When another tab or the worker holds the lock, look again after this long. */
const BUSY_RECHECK_MS = 5_000;
const SYNCED_GUEST_KEY = 'syncedGuest';

export interface SyncEngineOptions {
  readonly database: BarTabDatabase;
  readonly transport: () => Promise<SyncTransport>;
  readonly lock: FlushLock;
  readonly guest: UserRow;
  readonly random?: () => number;
}

export interface SyncEngine {
  /** Flushes now (or as soon as the running flush ends). */
  flushNow(): Promise<void>;
  stop(): void;
}

export function startSyncEngine(options: SyncEngineOptions): SyncEngine {
  const { database } = options;
  // Mutated from timers and callbacks; an object keeps the type checker from assuming constants.
  const state = { failures: 0, again: false, stopped: false };
  let running: Promise<void> | null = null;
  const runAgain = () => state.again && !state.stopped;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let debounceTimer: ReturnType<typeof setTimeout> | undefined;

  const schedule = (delayMs: number) => {
    clearTimeout(retryTimer);
    if (!state.stopped) retryTimer = setTimeout(() => void flushNow(), delayMs);
  };

  const afterFlush = (outcome: FlushOutcome) => {
    if (outcome.kind === 'done') {
      state.failures = 0;
      clearTimeout(retryTimer);
      writeLocal(SYNCED_GUEST_KEY, options.guest.id);
      return;
    }
    if (outcome.kind === 'busy') {
      schedule(BUSY_RECHECK_MS);
      return;
    }
    state.failures += 1;
    schedule(outcome.kind === 'config' ? BACKOFF_CAP_MS : retryDelay(state.failures, options.random, outcome.retryAfterMs));
    void askForBackgroundSync();
  };

  const flushOnce = async () => {
    const transport = await options.transport();
    afterFlush(await flushOutbox({ database, transport, lock: options.lock }));
  };

  function flushNow(): Promise<void> {
    if (state.stopped) return Promise.resolve();
    if (running) {
      state.again = true;
      return running;
    }
    running = (async () => {
      do {
        state.again = false;
        await flushOnce().catch(() => {
          afterFlush({ kind: 'retry', error: 'flush failed' });
        });
      } while (runAgain());
    })().finally(() => {
      running = null;
    });
    return running;
  }

  const soon = () => {
    clearTimeout(debounceTimer);
    debounceTimer = setTimeout(() => void flushNow(), LOCAL_WRITE_DEBOUNCE_MS);
  };
  const onVisible = () => {
    if (document.visibilityState === 'visible') void flushNow();
  };
  const onTrigger = () => void flushNow();

  let queued = -1;
  const outboxWatch = liveQuery(() => database.outbox.count()).subscribe({
    next: (count) => {
      if (count > queued && queued !== -1) soon();
      queued = count;
    },
  });
  window.addEventListener('online', onTrigger);
  window.addEventListener('focus', onTrigger);
  window.addEventListener('pageshow', onTrigger);
  document.addEventListener('visibilitychange', onVisible);

  void (async () => {
    await ensureGuestQueued(database, options.guest);
    await flushNow();
    // Only with the queue empty can the server's copy be trusted to restore from.
    if (!state.stopped && state.failures === 0) await restoreEvictedTab(database, await options.transport(), options.guest.id).catch(() => 0);
  })();

  return {
    flushNow,
    stop() {
      state.stopped = true;
      clearTimeout(retryTimer);
      clearTimeout(debounceTimer);
      outboxWatch.unsubscribe();
      window.removeEventListener('online', onTrigger);
      window.removeEventListener('focus', onTrigger);
      window.removeEventListener('pageshow', onTrigger);
      document.removeEventListener('visibilitychange', onVisible);
    },
  };
}

/** The guest's row must reach the server before their orders: queue it again unless it is known to be there. */
async function ensureGuestQueued(database: BarTabDatabase, guest: UserRow): Promise<void> {
  if (readLocal(SYNCED_GUEST_KEY) === guest.id) return;
  await database.transaction('rw', database.outbox, async () => {
    const waiting = await database.outbox
      .filter((entry) => entry.kind === 'insert-user' && entry.row.id === guest.id)
      .count();
    if (waiting === 0) await queueGuest(database, guest);
  });
}
