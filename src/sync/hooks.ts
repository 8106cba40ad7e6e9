import { useEffect, useState, useSyncExternalStore } from 'react';
import { env } from '../config/env.ts';
import { onStoresChanged, phoneDatabase, watchStores, type QuietWait, type UserRow } from '../db/index.ts';
import { useClock } from '../platform/clock.ts';
import { runAgainIfAsked } from '../platform/index.ts';
import { startSyncEngine } from './engine.ts';
import { flushLock } from './lock.ts';
import { outboxStore, type QueueSummary } from './outbox-store.ts';
import { describeSync, type SyncLine } from './status.ts';
import type { SyncTransport } from './transport.ts';

/** The phone's outbox, as the page reads and changes it. */
const outbox = outboxStore(phoneDatabase);

let transport: Promise<SyncTransport> | null = null;

/** The queue's requests (and PostgREST's query builder) load here, on the first flush after the first render, never before. */
function sharedTransport(): Promise<SyncTransport> {
  const backend = env.backend;
  if (!backend) return Promise.reject(new Error('no backend configured'));
  // Every guest's party from IndexedDB, as the service worker reads it: the queue may hold an earlier party's guest.
  transport ??= import('./transport.ts')
    .then(({ createSyncTransport }) => createSyncTransport({ url: backend.supabaseUrl, anonKey: backend.supabaseAnonKey, partyOf: outbox.partyOf }))
    .catch((error: unknown) => {
      transport = null;
      throw error;
    });
  return transport;
}

/** Keeps the guest's tab flowing to the server while the page is open (when a backend is configured), in the guest's party. */
export function useSync(guest: UserRow & { readonly party?: string | undefined }): void {
  const { id, full_name: fullName, party } = guest;
  useEffect(() => {
    if (!env.backend) return undefined;
    const engine = startSyncEngine({
      database: phoneDatabase,
      transport: sharedTransport,
      lock: flushLock(),
      guest: { id, full_name: fullName },
      ...(party === undefined ? {} : { party }),
      appVersion: env.appVersion,
    });
    return () => engine.stop();
  }, [id, fullName, party]);
}

function subscribeOnline(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** The status line ages "hace 3 min" in minutes: half a minute between two looks at the clock is enough. */
const LINE_CLOCK_MS = 30_000;

/**
 * The line follows the queue a moment behind: read again once the queue has
 * been still for a short while (at most a second behind during a burst of
 * picks), not between two taps.
 */
const LINE_QUIET: QuietWait = { quietMs: 150, maxWaitMs: 1_000 };

function useQueueSummary(): QueueSummary | undefined {
  const [summary, setSummary] = useState<QueueSummary>();
  useEffect(() => {
    let current = true;
    // A change during a read may have missed it: the queue is read once more.
    const reads = runAgainIfAsked(async () => {
      const next = await outbox.summary().catch(() => undefined);
      if (next && current) setSummary(next);
    });
    void reads.run();
    const stopWatching = watchStores(phoneDatabase.name, ['outbox', 'parked', 'syncState'], LINE_QUIET, () => void reads.run());
    return () => {
      current = false;
      void reads.stop();
      stopWatching();
    };
  }, []);
  return summary;
}

/** The status line, live from the outbox; null when no backend is configured or while loading. */
export function useSyncLine(): SyncLine | null {
  const online = useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
  const now = useClock(LINE_CLOCK_MS);
  const queue = useQueueSummary();
  if (!env.backend || !queue) return null;
  return describeSync({ ...queue, online, now });
}

/** 'Reintentar': every parked change goes back to the queue, which the running engine then flushes. */
export function retryRefusedChanges(): Promise<number> {
  return outbox.retryParked({ all: true });
}

/** Why the server refused the guest's row (their name), or null; undefined while loading. */
export function useGuestRefusal(guestId: string): string | null | undefined {
  const [refusal, setRefusal] = useState<{ readonly guestId: string; readonly reason: string | null }>();
  useEffect(() => {
    let current = true;
    const read = () =>
      void outbox.guestRefusal(guestId).then(
        (reason) => current && setRefusal({ guestId, reason }),
        () => undefined,
      );
    read();
    const stop = onStoresChanged(phoneDatabase.name, ['guests'], read);
    return () => {
      current = false;
      stop();
    };
  }, [guestId]);
  return refusal?.guestId === guestId ? refusal.reason : undefined;
}

/** The guest fixed their name: the same guest, with the new name, goes to the server before their waiting orders. */
export function resendGuest(guest: UserRow): Promise<void> {
  return outbox.requeueGuest(guest);
}
