import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { db, type Order } from '../db/index.ts';
import { activeOrders } from './orders.ts';
import { forgetSettled, pendingChanges, settledPending, subscribePending, withPending } from './pending.ts';

/**
 * The guest's active orders, newest first, live in every open tab, with picks
 * just tapped, taken off or put back shown so at once; undefined while loading.
 */
export function useActiveOrders(userId: string): readonly Order[] | undefined {
  const stored = useLiveQuery(() => activeOrders(db, userId), [userId]);
  const changes = useSyncExternalStore(subscribePending, pendingChanges);
  useEffect(() => {
    if (!stored || (changes.shown.size === 0 && changes.hidden.size === 0)) return;
    // Changes the stored tab now agrees with need no optimistic copy any more (and no render).
    forgetSettled(settledPending(changes, stored));
  }, [stored, changes]);
  return useMemo(() => (stored ? withPending(stored, changes, userId) : undefined), [stored, changes, userId]);
}
