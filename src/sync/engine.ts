/**
 * The page's side of the sync queue: decides when to flush. Triggers: start,
 * `online`, each local write (debounced), the tab becoming visible, pageshow,
 * focus, a backoff timer, and Background Sync in the service worker where the
 * browser has it (iOS Safari has not: these page triggers cover it).
 */
import { watchStores, type PhoneDatabase, type QuietWait, type UserRow } from '../db/index.ts';
import { askForBackgroundSync, keepSyncWorker } from './background-sync.ts';
import { flushOutbox } from './flush.ts';
import { rememberedInactive } from './inactive-memory.ts';
import type { FlushLock } from './lock.ts';
import { outboxStore } from './outbox-store.ts';
import { restoreEvictedTab } from './restore.ts';
import { createFlushScheduler, LOCAL_WRITE_DEBOUNCE_MS } from './scheduler.ts';
import type { SyncTransport } from './transport.ts';

export interface SyncEngineOptions {
  readonly database: PhoneDatabase;
  readonly transport: () => Promise<SyncTransport>;
  readonly lock: FlushLock;
  readonly guest: UserRow;
  /** The code of the party the guest joined by its link; none for the default party. */
  readonly party?: string;
  /** This build's version: entries parked by another version are retried at start. */
  readonly appVersion: string;
  readonly random?: () => number;
}

export interface SyncEngine {
  /** Flushes now (or as soon as the running flush ends). */
  flushNow(): Promise<void>;
  stop(): void;
}

/**
 * How long the queue must be still before the engine looks at it: a burst of
 * picks is sent in one go, and at least every two seconds while it lasts.
 */
const QUEUE_QUIET: QuietWait = { quietMs: LOCAL_WRITE_DEBOUNCE_MS, maxWaitMs: 2_000 };

export function startSyncEngine(options: SyncEngineOptions): SyncEngine {
  const { database } = options;
  const store = outboxStore(database);
  let lastOutcome = '';
  const scheduler = createFlushScheduler({
    flush: async () => flushOutbox({ store, transport: await options.transport(), lock: options.lock, appVersion: options.appVersion }),
    ...(options.random ? { random: options.random } : {}),
    lockReleased: options.lock.released,
    onOutcome: (outcome) => {
      lastOutcome = outcome.kind;
      if (outcome.kind !== 'done' && outcome.kind !== 'busy') void askForBackgroundSync();
      // The signal is there: the moment to make sure of the queue's worker (background-sync.ts).
      if (outcome.kind === 'done') keepSyncWorker().catch(() => undefined);
    },
  });
  const onVisible = () => {
    if (document.visibilityState === 'visible') void scheduler.flushNow();
  };
  const onTrigger = () => void scheduler.flushNow();

  const sawQueue = watchArrivals(() => void scheduler.flushNow());
  const lookAtQueue = () => void store.queuedSeqs().then(sawQueue, () => undefined);
  lookAtQueue();
  const stopWatchingQueue = watchStores(database.name, ['outbox'], QUEUE_QUIET, lookAtQueue);
  window.addEventListener('online', onTrigger);
  window.addEventListener('focus', onTrigger);
  window.addEventListener('pageshow', onTrigger);
  document.addEventListener('visibilitychange', onVisible);

  void (async () => {
    await store.ensureGuestQueued(options.guest, options.party);
    await store.retryParked({ parkedBefore: options.appVersion });
    await scheduler.flushNow();
    // Only with the queue empty can the server's copy be trusted to restore from.
    if (lastOutcome !== 'done') return;
    const inactive = rememberedInactive(options.guest.id);
    await restoreEvictedTab(database, await options.transport(), options.guest.id, inactive).catch(() => 0);
  })();

  return {
    flushNow: () => scheduler.flushNow(),
    stop() {
      void scheduler.stop();
      stopWatchingQueue();
      window.removeEventListener('online', onTrigger);
      window.removeEventListener('focus', onTrigger);
      window.removeEventListener('pageshow', onTrigger);
      document.removeEventListener('visibilitychange', onVisible);
    },
  };
}

/**
 * Calls `send` when an entry the engine has not seen is in the queue: a new
 * pick, or a refused change 'Reintentar' sent back, whatever left the queue
 * in the same moment (the count alone would not tell). Every entry gets a seq
 * never used before, so an arrival is always a seq not seen. Entries only
 * leaving need no flush. The first look calls it too when anything is queued:
 * an entry may have joined after the start's flush last read the queue.
 */
function watchArrivals(send: () => void): (seqs: readonly number[]) => void {
  let known: ReadonlySet<number> | null = null;
  return (seqs) => {
    const seen = known;
    const arrived = seen === null ? seqs.length > 0 : seqs.some((seq) => !seen.has(seq));
    known = new Set(seqs);
    if (arrived) send();
  };
}
