/**
 * Asks the browser to keep this site's storage (the tab) under pressure instead
 * of evicting it. Browsers without the API, or that say no, are fine: the sync
 * queue still carries the tab to the server.
 */
export async function requestPersistentStorage(): Promise<boolean> {
  try {
    if (typeof navigator.storage.persist !== 'function') return false;
    if (await navigator.storage.persisted()) return true;
    return await navigator.storage.persist();
  } catch {
    return false;
  }
}
