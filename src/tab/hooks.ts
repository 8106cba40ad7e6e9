/** The tab on screen: each part of the screen follows only what it shows; and the guest's row, refused or sent again. */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { onStoresChanged, phoneDatabase, type Order, type ServerTabLine, type UnclaimedLine, type UserRow } from '../db/index.ts';
import { guestRows } from './guest-rows.ts';
import { changeQueued } from './on-outbox.ts';
import type { TabState, TabStore } from './store.ts';

const rows = guestRows(phoneDatabase);

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

/** The server's lines on the tab beside the orders (the bar's bill's): the same array until they change. */
export function useServerLines(tab: TabStore): readonly ServerTabLine[] {
  return useSyncExternalStore(tab.subscribe, tab.serverLines);
}

/** The bar's bill's lines nobody declared, as last heard: '¿Alguien pidió esto?'. */
export function useUnclaimed(tab: TabStore): readonly UnclaimedLine[] {
  return useSyncExternalStore(tab.subscribe, tab.unclaimed);
}

/** Loading, empty or open: changes only when the tab's first order comes or its last goes. */
export function useTabState(tab: TabStore): TabState {
  return useSyncExternalStore(tab.subscribe, tab.state);
}

/** Why the server refused the guest's row (their name), or null; undefined while loading. */
export function useGuestRefusal(guestId: string): string | null | undefined {
  const [refusal, setRefusal] = useState<{ readonly guestId: string; readonly reason: string | null }>();
  useEffect(() => {
    let current = true;
    const read = () =>
      void rows.guestRefusal(guestId).then(
        (reason) => current && setRefusal({ guestId, reason }),
        () => undefined,
      );
    read();
    const stop = onStoresChanged(phoneDatabase.name, ['guests'], read);
    return () => {
      current = false;
      stop();
    };
  }, [guestId]);
  return refusal?.guestId === guestId ? refusal.reason : undefined;
}

/** The guest fixed their name: the same guest, with the new name, goes to the server before their waiting orders. */
export async function resendGuest(guest: UserRow): Promise<void> {
  await rows.requeueGuest(guest);
  changeQueued();
}
