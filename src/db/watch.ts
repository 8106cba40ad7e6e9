/**
 * Watching stores, in this tab, another tab or the service worker: Dexie's
 * `storagemutated` event carries every committed write of the origin, its
 * own and those idb.ts announces. What only reports on the stores (the sync
 * line, the outbox watch) waits for a quiet moment instead of reading again
 * between two taps.
 */
import Dexie, { type ObservabilitySet } from 'dexie';
import { touchesStores } from './dexie-channel.ts';

/** Calls `changed` after every committed write to these stores of the database. Returns the function that stops watching. */
export function onStoresChanged(databaseName: string, stores: readonly string[], changed: () => void): () => void {
  const onChange = (parts: ObservabilitySet) => {
    if (touchesStores(parts, databaseName, stores)) changed();
  };
  Dexie.on('storagemutated', onChange);
  return () => Dexie.on.storagemutated.unsubscribe(onChange);
}

export interface QuietWait {
  /** Calm after the last change before reporting. */
  readonly quietMs: number;
  /** Longest wait after the first unreported change, so a long burst is still reported. */
  readonly maxWaitMs: number;
}

/**
 * Calls `changed` after changes to the stores, once they have been quiet for
 * a moment. Returns the function that stops watching.
 */
export function watchStores(databaseName: string, stores: readonly string[], wait: QuietWait, changed: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let firstAt = 0;
  const report = () => {
    timer = null;
    changed();
  };
  const stop = onStoresChanged(databaseName, stores, () => {
    const now = Date.now();
    if (timer === null) firstAt = now;
    else clearTimeout(timer);
    timer = setTimeout(report, Math.max(0, Math.min(wait.quietMs, firstAt + wait.maxWaitMs - now)));
  });
  return () => {
    stop();
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
}
