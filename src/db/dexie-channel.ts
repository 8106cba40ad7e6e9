/**
 * Dexie's side of the database, held in one place: the IndexedDB version
 * Dexie opens, the channel its change events travel on between tabs and
 * workers, and the shape of those events (dexie.d.ts: ObservabilitySet,
 * IntervalTree). The adapter (idb.ts) writes without Dexie, in the page and
 * in the service worker, and announces its writes here, so every Dexie of
 * the origin hears them as its own. tests/unit/db/dexie-channel.test.ts
 * fails if Dexie changes any of it.
 */
import { SCHEMA_VERSION } from './schema.ts';

/** Dexie opens IndexedDB at ten times its own version number. */
export const IDB_VERSION = SCHEMA_VERSION * 10;

/** The channel (and window event) Dexie broadcasts committed writes on: STORAGE_MUTATED_DOM_EVENT_NAME. */
export const DEXIE_CHANNEL = 'x-storagemutated-1';

/** An interval tree holding every key: what a write that may have touched any row announces. */
const EVERY_KEY = { d: 1, from: -Infinity, to: [[]], l: null, r: null };

/** A store written, with the indexes a change of its rows may have moved. */
export interface WrittenStore {
  readonly name: string;
  readonly indexNames: readonly string[];
}

const partOf = (databaseName: string, store: string) => `idb://${databaseName}/${store}/`;

/** What Dexie would announce after writing these stores: every key of each, and of each index. */
export function changedParts(databaseName: string, stores: readonly WrittenStore[]): Record<string, unknown> {
  const parts: Record<string, unknown> = {};
  for (const store of stores) {
    const base = partOf(databaseName, store.name);
    for (const part of ['', ':dels', ...store.indexNames]) parts[base + part] = EVERY_KEY;
  }
  return parts;
}

/** Tells every Dexie of the origin (this context's too) that these parts changed, where Dexie itself is not loaded. */
export function announceOnChannel(parts: Record<string, unknown>): void {
  if (typeof BroadcastChannel === 'undefined') {
    // Without the channel (Safari before 15.4) Dexie still hears its own window's event.
    if (typeof CustomEvent !== 'undefined' && typeof dispatchEvent === 'function') dispatchEvent(new CustomEvent(DEXIE_CHANNEL, { detail: parts }));
    return;
  }
  const channel = new BroadcastChannel(DEXIE_CHANNEL);
  channel.postMessage(parts);
  channel.close();
}

/** True when a change Dexie reported touched one of these stores of the database (its rows or any of its indexes). */
export function touchesStores(parts: object, databaseName: string, stores: readonly string[]): boolean {
  if ('all' in parts) return true;
  const prefixes = stores.map((store) => partOf(databaseName, store));
  return Object.keys(parts).some((part) => prefixes.some((prefix) => part.startsWith(prefix)));
}
