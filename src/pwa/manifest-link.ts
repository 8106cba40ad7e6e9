/**
 * The app's manifest is linked once the app is kept on the phone, not in the
 * page as built: the browser fetches it (and an icon it names) as soon as it
 * sees the link, and on a guest's first visit on one bar of signal those
 * bytes came before the app was ready offline. Linked here, they come after,
 * through the worker, which keeps them as they pass (src/sw/shell.ts).
 * Installing the app needs it only then: the browser offers it once it works
 * offline.
 */
import { onceKeptAndIdle } from '../platform/index.ts';

/** Where the build writes the manifest (build/root-manifest.ts), at a stable address. */
export const MANIFEST_PATH = '/manifest.webmanifest';

export function linkManifest(document: Document): void {
  if (document.head.querySelector('link[rel="manifest"]')) return;
  const link = document.createElement('link');
  link.rel = 'manifest';
  link.href = MANIFEST_PATH;
  document.head.append(link);
}

/** Once a worker keeps the app and the page is idle; at once where there is no service worker to wait for. */
export function linkManifestOnceKept(document: Document): void {
  if ('serviceWorker' in navigator) onceKeptAndIdle(() => linkManifest(document));
  else linkManifest(document);
}
