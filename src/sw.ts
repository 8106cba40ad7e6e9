/// <reference lib="webworker" />
/**
 * The service worker: keeps the app's files so it opens with no signal, and
 * answers every navigation with the kept index.html (src/sw/shell.ts). API
 * calls (/rest/v1, /functions/v1) are never cached: the tab's truth is
 * IndexedDB. A new version waits until the guest accepts it (see src/pwa/).
 * Background Sync is the queue's own worker's (src/sync-worker.ts): this one
 * stays small, as a first visit on one bar of signal downloads it.
 */
import { KEEP_LOADED_MESSAGE, SKIP_WAITING_MESSAGE } from './pwa/messages.ts';
import { activateShell, installShell, keepLoaded, planShell, respond, type ShellEntry } from './sw/shell.ts';

declare const self: ServiceWorkerGlobalScope & {
  /** The build's files, written in by vite-plugin-pwa (vite.config.ts, build/offline-plan.ts). */
  readonly __WB_MANIFEST: readonly ShellEntry[];
};

const shell = planShell(self.__WB_MANIFEST, self.registration.scope);

self.addEventListener('install', (event) => event.waitUntil(installShell(shell)));

// Takes charge of the page on the first visit, so it works offline without a reload.
// An update never gets here before the guest accepts it (skipWaiting below).
self.addEventListener('activate', (event) => event.waitUntil(activateShell(shell).then(() => self.clients.claim())));

self.addEventListener('fetch', (event) => {
  const answer = respond(shell, event.request);
  if (answer) event.respondWith(answer);
});

self.addEventListener('message', (event) => {
  const data = event.data as { type?: unknown; urls?: string[] } | null;
  if (data?.type === SKIP_WAITING_MESSAGE) void self.skipWaiting();
  // What the page loaded before this worker was in charge (src/pwa/keep-loaded.ts): only the plan's files, only from the HTTP cache.
  else if (data?.type === KEEP_LOADED_MESSAGE && Array.isArray(data.urls)) event.waitUntil(keepLoaded(shell, data.urls));
});
