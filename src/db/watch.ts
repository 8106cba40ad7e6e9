/**
 * Watching stores without re-reading them at every write. Dexie's live queries
 * read again after each change; a guest tapping 'Otra' eight times a second
 * then pays for every re-read between two taps. What only reports on the
 * stores (the sync line, the outbox watch) waits for a quiet moment instead.
 */
import Dexie, { type ObservabilitySet } from 'dexie';

/** True when the change touched one of these stores of the database (its rows or any of its indexes). */
export function touchesStores(parts: ObservabilitySet, databaseName: string, stores: readonly string[]): boolean {
  if ('all' in parts) return true;
  const prefixes = stores.map((store) => `idb://${databaseName}/${store}/`);
  return Object.keys(parts).some((part) => prefixes.some((prefix) => part.startsWith(prefix)));
}

export interface QuietWait {
  /** Calm after the last change before reporting. */
  readonly quietMs: number;
  /** Longest wait after the first unreported change, so a long burst is still reported. */
  readonly maxWaitMs: number;
}

/**
 * Calls `changed` after changes to the stores (in this tab, another tab or
 * the service worker), once they have been quiet for a moment. Returns the
 * function that stops watching.
 */
export function watchStores(databaseName: string, stores: readonly string[], wait: QuietWait, changed: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let firstAt = 0;
  const report = () => {
    timer = null;
    changed();
  };
  const onChange = (parts: ObservabilitySet) => {
    if (!touchesStores(parts, databaseName, stores)) return;
    const now = Date.now();
    if (timer === null) firstAt = now;
    else clearTimeout(timer);
    timer = setTimeout(report, Math.max(0, Math.min(wait.quietMs, firstAt + wait.maxWaitMs - now)));
  };
  Dexie.on('storagemutated', onChange);
  return () => {
    Dexie.on.storagemutated.unsubscribe(onChange);
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
}
