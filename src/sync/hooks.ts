import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { env } from '../config/env.ts';
import { db, watchStores, type QuietWait, type UserRow } from '../db/index.ts';
import { startSyncEngine } from './engine.ts';
import { flushLock } from './lock.ts';
import { requeueGuest } from './outbox.ts';
import { retryParked } from './parked.ts';
import { describeSync, type SyncLine, type SyncSnapshot } from './status.ts';
import { createSupabaseTransport, type SyncTransport } from './transport.ts';

let transport: Promise<SyncTransport> | null = null;

/** supabase-js loads here, on the first flush after the first render, never before. */
function sharedTransport(): Promise<SyncTransport> {
  const backend = env.backend;
  if (!backend) return Promise.reject(new Error('no backend configured'));
  transport ??= createSupabaseTransport({ url: backend.supabaseUrl, anonKey: backend.supabaseAnonKey }).catch(
    (error: unknown) => {
      transport = null;
      throw error;
    },
  );
  return transport;
}

/** Keeps the guest's tab flowing to the server while the page is open (when a backend is configured). */
export function useSync(guest: UserRow): void {
  const { id, full_name: fullName } = guest;
  useEffect(() => {
    if (!env.backend) return undefined;
    const engine = startSyncEngine({
      database: db,
      transport: sharedTransport,
      lock: flushLock(),
      guest: { id, full_name: fullName },
      appVersion: env.appVersion,
    });
    return () => engine.stop();
  }, [id, fullName]);
}

function subscribeOnline(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** The clock the status line ages "hace 3 min" with; ticks each half minute. */
function useMinuteClock(): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** What the status line says of the queue. */
type QueueSummary = Omit<SyncSnapshot, 'online' | 'now'>;

async function readQueueSummary(): Promise<QueueSummary> {
  // One transaction for the five reads.
  const [queued, guestRows, oldest, parked, state] = await db.transaction('r', db.outbox, db.parked, db.syncState, () =>
    Promise.all([
      db.outbox.count(),
      db.outbox.where('kind').equals('insert-user').count(),
      db.outbox.orderBy('seq').first(),
      db.parked.toArray(),
      db.syncState.get('flush'),
    ]),
  );
  // The guest counts their orders and resets, not the row that carries their own name.
  const pending = queued - guestRows;
  const rejectedOrders = parked.filter((item) => (item.entry as { kind?: unknown } | null)?.kind === 'insert-order').length;
  return { pending, oldestQueuedAt: oldest?.queuedAt, rejectedOrders, rejectedOther: parked.length - rejectedOrders, configError: state?.configError };
}

/**
 * The line follows the queue a moment behind: read again once the queue has
 * been still for a short while (at most a second behind during a burst of
 * picks), not between two taps.
 */
const LINE_QUIET: QuietWait = { quietMs: 150, maxWaitMs: 1_000 };

function useQueueSummary(): QueueSummary | undefined {
  const [summary, setSummary] = useState<QueueSummary>();
  useEffect(() => {
    // Changed from callbacks; an object keeps the type checker from assuming constants. A change during a read reads once more.
    const state = { stopped: false, reading: false, again: false };
    const readAgain = () => state.again && !state.stopped;
    const read = async () => {
      if (state.reading) {
        state.again = true;
        return;
      }
      state.reading = true;
      do {
        state.again = false;
        const next = await readQueueSummary().catch(() => undefined);
        if (next && !state.stopped) setSummary(next);
      } while (readAgain());
      state.reading = false;
    };
    void read();
    const stopWatching = watchStores(db.name, ['outbox', 'parked', 'syncState'], LINE_QUIET, () => void read());
    return () => {
      state.stopped = true;
      stopWatching();
    };
  }, []);
  return summary;
}

/** The status line, live from the outbox; null when no backend is configured or while loading. */
export function useSyncLine(): SyncLine | null {
  const online = useSyncExternalStore(subscribeOnline, () => navigator.onLine, () => true);
  const now = useMinuteClock();
  const queue = useQueueSummary();
  if (!env.backend || !queue) return null;
  return describeSync({ ...queue, online, now });
}

/** 'Reintentar': every parked change goes back to the queue, which the running engine then flushes. */
export function retryRefusedChanges(): Promise<number> {
  return retryParked(db, { all: true });
}

/** Why the server refused the guest's row (their name), or null; undefined while loading. */
export function useGuestRefusal(guestId: string): string | null | undefined {
  return useLiveQuery(async () => {
    const guest = await db.guests.get(guestId);
    return guest?.state === 'refused' ? (guest.refusal ?? '') : null;
  }, [guestId]);
}

/** The guest fixed their name: the same guest, with the new name, goes to the server before their waiting orders. */
export function resendGuest(guest: UserRow): Promise<number> {
  return requeueGuest(db, guest);
}
