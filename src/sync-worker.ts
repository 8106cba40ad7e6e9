/// <reference lib="webworker" />
/**
 * The queue's service worker: Background Sync only (src/sync/background-sync.ts
 * says why it is not the app's worker). It runs the page's own flush of the
 * outbox (src/sync/worker.ts). It controls no page, so it takes over at once.
 */
import { BACKGROUND_SYNC_TAG, flushFromWorker } from './sync/worker.ts';

declare const self: ServiceWorkerGlobalScope;

self.addEventListener('install', () => void self.skipWaiting());

interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  if (sync.tag === BACKGROUND_SYNC_TAG) sync.waitUntil(flushFromWorker());
});
