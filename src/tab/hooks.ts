/** The tab on screen: each part of the screen follows only what it shows. */
import { useSyncExternalStore } from 'react';
import type { Order } from '../db/index.ts';
import type { TabState, TabStore } from './store.ts';

/** The guest's active orders, newest first; undefined while loading. The same array until what the guest sees changes. */
export function useActiveOrders(tab: TabStore): readonly Order[] | undefined {
  return useSyncExternalStore(tab.subscribe, tab.orders);
}

/**
 * What those orders charge; undefined until the stored tab is read, so no
 * screen shows a total the phone does not hold. A pick renders the totals
 * without rendering the rows with them.
 */
export function useTabTotal(tab: TabStore): number | undefined {
  return useSyncExternalStore(tab.subscribe, () => (tab.state() === 'loading' ? undefined : tab.total()));
}

/** Loading, empty or open: changes only when the tab's first order comes or its last goes. */
export function useTabState(tab: TabStore): TabState {
  return useSyncExternalStore(tab.subscribe, tab.state);
}
