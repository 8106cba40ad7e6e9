/** What the page tells a waiting service worker when the guest accepts the update. */
export const SKIP_WAITING_MESSAGE = 'SKIP_WAITING';

/** What the page tells the app's worker, `{ type, urls }`: the files it loaded before the worker was in charge, to keep (keep-loaded.ts). */
export const KEEP_LOADED_MESSAGE = 'KEEP_LOADED';
