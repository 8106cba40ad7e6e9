import { phoneDatabase, type PhoneDatabase } from '../db/index.ts';
import { TabStore } from './store.ts';

export type { Order } from '../db/index.ts';
export { useActiveOrders, useTabState, useTabTotal } from './hooks.ts';
export { formatPesos, formatPrice, paymentLink, tippedTotal } from './money.ts';
export { TabStore, type TabReset } from './store.ts';

// The benchmarks (scripts/bench) still pick through this type; it goes once they import records.ts by path.
export type { Pick } from './records.ts';

/** A guest's tab kept in `database`: the same store the screen reads, for a phone without one (Node, the benchmarks). */
export function openTab(database: PhoneDatabase, guestId: string): TabStore {
  return new TabStore(database, guestId);
}

const tabs = new Map<string, TabStore>();

/** The guest's tab on this phone: one store per guest for the page's life, whatever screen shows it. */
export function guestTab(guestId: string): TabStore {
  let tab = tabs.get(guestId);
  if (!tab) tabs.set(guestId, (tab = openTab(phoneDatabase, guestId)));
  return tab;
}
