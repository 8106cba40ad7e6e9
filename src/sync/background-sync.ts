/** Background Sync: the browser wakes the service worker to flush when the signal returns. */

export const BACKGROUND_SYNC_TAG = 'bar-tab-outbox';

/** Lets the browser flush from the service worker when the signal returns, even with the app closed. */
export async function askForBackgroundSync(): Promise<void> {
  try {
    const registration = await navigator.serviceWorker.getRegistration();
    const sync = (registration as (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined)?.sync;
    await sync?.register(BACKGROUND_SYNC_TAG);
  } catch {
    // No service worker or no Background Sync (iOS Safari): the page's triggers cover it.
  }
}
