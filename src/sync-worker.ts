/// <reference lib="webworker" />
/**
 * The queue's service worker: Background Sync only (src/sync/background-sync.ts
 * says why it is not the app's worker). It runs the page's own flush of the
 * outbox (src/sync/worker.ts) with the kinds the page registers: the tab's
 * and the guest's transfer notices, over its own PostgREST client, and the
 * host's marks, which wait here. It controls no page, so it takes over at once.
 */
import { paidMarkKind } from './host/paid-mark-kind.ts';
import { transferKind } from './payments/transfer-kind.ts';
import { guestRows } from './tab/guest-rows.ts';
import { tabKinds } from './tab/outbox.ts';
import { BACKGROUND_SYNC_TAG, createSyncTransport, flushFromWorker, signalProbe, tellPages, type WorkerKinds } from './sync/worker.ts';

declare const self: ServiceWorkerGlobalScope;

/** The app's origin answers probes: a request stalled with no signal is dropped, never left holding the queue's lock. */
const probe = signalProbe(self.location.origin);

/** No localStorage here: each guest's party is read from the guest's record in IndexedDB. */
const kinds: WorkerKinds = (database, backend) => {
  const transport = createSyncTransport({ url: backend.supabaseUrl, anonKey: backend.supabaseAnonKey, partyOf: guestRows(database).partyOf, probe });
  // The host's marks need the host's key, which only its page holds: here they wait.
  return [...tabKinds(database, () => transport), transferKind(database, () => transport), paidMarkKind(database)];
};

self.addEventListener('install', () => void self.skipWaiting());

interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  if (sync.tag !== BACKGROUND_SYNC_TAG) return;
  sync.waitUntil(Promise.all([tellPages(self.clients).catch(() => undefined), flushFromWorker(kinds)]));
});
