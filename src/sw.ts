/// <reference lib="webworker" />
/**
 * The service worker: precaches the app shell so the app opens with no signal,
 * and answers every navigation with the cached index.html. API calls
 * (/rest/v1, /functions/v1) are never cached: the tab's truth is IndexedDB.
 * A new version waits until the guest accepts it (see src/pwa/). Background
 * Sync runs the page's own flush of the outbox (see src/sync/worker.ts).
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { SKIP_WAITING_MESSAGE } from './pwa/messages.ts';
import { BACKGROUND_SYNC_TAG, flushFromWorker } from './sync/worker.ts';

declare const self: ServiceWorkerGlobalScope;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// Take charge of the page on the first visit, so it works offline without a reload.
// An update never gets here before the guest accepts it (skipWaiting below).
clientsClaim();

registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/rest\//, /^\/functions\//, /^\/auth\//],
  }),
);

self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === SKIP_WAITING_MESSAGE) void self.skipWaiting();
});

interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  if (sync.tag === BACKGROUND_SYNC_TAG) sync.waitUntil(flushFromWorker());
});
