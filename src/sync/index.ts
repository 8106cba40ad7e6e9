// What the rest of the page uses of the queue: the tab queues its changes in its own write and keeps
// what it took off; the status line's words. The page's hooks are in ./hooks.ts, the service worker's
// flush in ./worker.ts. Free of React and of Vite's import.meta.env, so Node tools can load it.
export { forgetInactive, rememberInactive } from './inactive-memory.ts';
export { queueOrder, queueSetActive } from './outbox-store.ts';
export type { SyncLine, SyncTone } from './status.ts';
