/**
 * Background Sync: the browser wakes a service worker to flush when the signal
 * returns, even with the app closed. It is the queue's own worker
 * (src/sync-worker.ts), not the app's (src/sw.ts): the app's worker is what a
 * guest's phone must fetch before it works offline, on one bar of signal, and
 * the queue's code would make it several times larger. The queue's worker has
 * a scope no page lives under, so it controls nothing; the browser still
 * fires its sync events. Only browsers with Background Sync (Chromium) use it.
 */

export const BACKGROUND_SYNC_TAG = 'bar-tab-outbox';
/** What the queue's worker tells the app's open pages at its sync event: the browser thinks there is signal, a moment to try. */
export const SIGN_OF_LIFE_MESSAGE = 'bar-tab:sign-of-life';
/** Built by build/sync-worker.ts. */
export const SYNC_WORKER_URL = '/sync-worker.js';
const SYNC_WORKER_SCOPE = '/sync-worker/';

type SyncRegistration = ServiceWorkerRegistration & { readonly sync?: { register(tag: string): Promise<void> } };

const hasBackgroundSync = () => typeof navigator !== 'undefined' && 'serviceWorker' in navigator && 'SyncManager' in globalThis;

/** The registration once its worker is active: Background Sync refuses one still installing. */
function whenActive(registration: SyncRegistration): Promise<SyncRegistration> {
  const worker = registration.installing ?? registration.waiting;
  if (registration.active || !worker) return Promise.resolve(registration);
  return new Promise((resolve, reject) => {
    worker.addEventListener('statechange', () => {
      if (worker.state === 'activated') resolve(registration);
      if (worker.state === 'redundant') reject(new Error('the queue’s worker did not install'));
    });
  });
}

/** The queue's worker if the browser keeps it. */
async function keptSyncWorker(): Promise<SyncRegistration | undefined> {
  const found = (await navigator.serviceWorker.getRegistration(SYNC_WORKER_SCOPE)) as SyncRegistration | undefined;
  // getRegistration answers the app's own worker when the queue's is not there (its scope holds this one too).
  return found && new URL(found.scope).pathname === SYNC_WORKER_SCOPE ? whenActive(found) : undefined;
}

/**
 * Registers the queue's worker unless the browser keeps it already. Its
 * script must be fetched, so the queue asks whenever it knows the signal is
 * there: at its start, once the app's own worker is ready, and after each
 * flush that went through. It looks first with a request of its own: with no
 * signal, a failed registration would be a script error in the console, a
 * failed request only a failed request. The browser then checks it for a new
 * version by itself, at its sync events.
 */
export function keepSyncWorker(): Promise<SyncRegistration | undefined> {
  if (!hasBackgroundSync()) return Promise.resolve(undefined);
  // Once kept, each flush that goes through asks nothing more of the browser; until then, each tries again.
  const container = navigator.serviceWorker;
  const known = keeping.get(container);
  if (known) return known;
  const asked = findOrRegister();
  keeping.set(container, asked);
  asked.then(
    (registration) => registration ?? keeping.delete(container),
    () => keeping.delete(container),
  );
  return asked;
}

/** The registration being kept, by the browser's worker container: one answer per page. */
const keeping = new WeakMap<ServiceWorkerContainer, Promise<SyncRegistration | undefined>>();

async function findOrRegister(): Promise<SyncRegistration | undefined> {
  await navigator.serviceWorker.ready;
  const kept = await keptSyncWorker();
  if (kept) return kept;
  const reachable = await fetch(SYNC_WORKER_URL, { method: 'HEAD', cache: 'no-store' }).then(
    (answer) => answer.ok,
    () => false,
  );
  return reachable ? whenActive(await navigator.serviceWorker.register(SYNC_WORKER_URL, { scope: SYNC_WORKER_SCOPE })) : undefined;
}

/** Lets the browser flush from the queue's worker when the signal returns, even with the app closed. */
export async function askForBackgroundSync(): Promise<void> {
  try {
    if (!hasBackgroundSync()) return;
    // Asked when a flush did not go through: most often with no signal, so no new registration now.
    await (await keptSyncWorker())?.sync?.register(BACKGROUND_SYNC_TAG);
  } catch {
    // Background Sync refused (a user's setting): the page's triggers cover it.
  }
}
