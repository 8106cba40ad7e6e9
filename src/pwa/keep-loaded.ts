/**
 * A first visit's files that came before the service worker was in charge of
 * the page (the host's page, its stylesheet) are kept by its install only if
 * they had fully arrived by then (src/sw/shell.ts); one still on its way would
 * be kept only at its next load through the worker, and a reload with no
 * signal right after the first visit would come up without it. So once the app
 * is kept and the page idle, the page tells the worker each such file as it
 * finishes loading, and the worker keeps those of its plan from the HTTP cache:
 * nothing crosses the network again.
 */
import { onceKeptAndIdle } from '../platform/index.ts';
import { KEEP_LOADED_MESSAGE } from './messages.ts';

/** The API's own paths: answers, never the app's files. */
const API_PATHS = /^\/(rest|functions|auth)\//;

/** Of the resources the page loaded, those of its own origin that no worker saw (workerStart 0), the API aside. */
export function loadedPastWorker(entries: readonly Pick<PerformanceResourceTiming, 'name' | 'workerStart'>[], origin: string): string[] {
  return entries.flatMap(({ name, workerStart }) => {
    if (workerStart > 0) return [];
    const url = new URL(name);
    return url.origin === origin && !API_PATHS.test(url.pathname) ? [name] : [];
  });
}

let watching = false;

/** From the moment the app is kept: what loaded before (buffered), and what was still loading, as it arrives. */
export function keepLoadedFiles(): void {
  if (watching) return;
  watching = true;
  onceKeptAndIdle(() => {
    new PerformanceObserver((list) => {
      const urls = loadedPastWorker(list.getEntries() as PerformanceResourceTiming[], location.origin);
      if (urls.length > 0) void navigator.serviceWorker.ready.then(({ active }) => active?.postMessage({ type: KEEP_LOADED_MESSAGE, urls }));
    }).observe({ type: 'resource', buffered: true });
  });
}
