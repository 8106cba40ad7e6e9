/**
 * index.html's early script: the service worker's registration and the first
 * visit's pacing, as a classic script (build/early-registration.ts compiles
 * this module and its call into one minified script inside the page, which
 * the policy allows by its hash; it imports nothing at run time). It runs as
 * the page is parsed, while the app's main bundle is still on its way. On one bar of
 * signal every connection gets its share of the link, so whatever is asked
 * for while the bundle comes slows it (and the name field) down; asked for
 * only once the bundle has run, it leaves the link idle for a round trip.
 * This script follows the bundle as it arrives (its own fetch of it shares the
 * page's download through the HTTP cache) and, a round trip's worth of bytes
 * before it ends, registers the worker, then fetches what the app imports
 * later (the tab's code), which the worker keeps: they follow the bundle on
 * the link with no gap, sw.js first so the worker installs meanwhile. The app
 * registers again when it runs (src/pwa/register-sw.ts), which returns this
 * same registration; in dev there is no worker.
 */

/** What the early script needs to know of the build. */
export interface EarlyPlan {
  /** The main bundle, as index.html loads it. */
  readonly main: string;
  /** Its size as built (the body arrives decoded). */
  readonly bytes: number;
  /** What the app imports once running, which the worker keeps: fetched ahead. */
  readonly next: readonly string[];
  /** Bytes of the main bundle still to come on the link when the worker is registered… */
  readonly registerAt: number;
  /** …and when `next` is fetched. */
  readonly fetchAt: number;
}

/** The part of the browser the script uses: tests hand it a fake one. */
export interface EarlyBrowser {
  readonly serviceWorker: Pick<ServiceWorkerContainer, 'controller' | 'register'> | undefined;
  readonly fetch: (url: string) => Promise<Response>;
}

export function registerEarly(plan: EarlyPlan, { serviceWorker: sw, fetch }: EarlyBrowser): void {
  if (!sw) return;
  let registered = false;
  let fetched = false;
  const register = () => {
    if (registered) return;
    registered = true;
    sw.register('/sw.js', { scope: '/' }).catch(() => undefined);
  };
  const fetchNext = () => {
    if (fetched) return;
    fetched = true;
    for (const url of plan.next) {
      fetch(url)
        .then((response) => response.arrayBuffer())
        .catch(() => undefined);
    }
  };
  const both = () => {
    register();
    fetchNext();
  };
  // A repeat visit: the worker already keeps every file.
  if (sw.controller) {
    register();
    return;
  }
  fetch(plan.main)
    .then(async (response) => {
      // The body arrives decoded; the link carries it compressed, as Content-Length counts it.
      const onLink = Number(response.headers.get('Content-Length')) || plan.bytes;
      const reader = response.body?.getReader();
      if (!reader) return;
      let read = 0;
      for (;;) {
        const part = await reader.read();
        if (part.done) return;
        read += part.value.byteLength;
        const left = (1 - read / plan.bytes) * onLink;
        if (left <= plan.registerAt) register();
        if (left <= plan.fetchAt) fetchNext();
      }
    })
    .then(both, both);
}
