/** What the page tells a waiting service worker when the guest accepts the update. */
export const SKIP_WAITING_MESSAGE = 'SKIP_WAITING';
