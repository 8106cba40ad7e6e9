import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { db, type Order } from '../db/index.ts';
import { activeOrders } from './orders.ts';
import { forgetPending, pendingOrders, subscribePending, withPending } from './pending.ts';

/**
 * The guest's active orders, newest first, live in every open tab, with picks
 * just tapped shown at once; undefined while loading.
 */
export function useActiveOrders(userId: string): Order[] | undefined {
  const stored = useLiveQuery(() => activeOrders(db, userId), [userId]);
  const waiting = useSyncExternalStore(subscribePending, pendingOrders);
  useEffect(() => {
    // Picks the stored tab now includes need no optimistic copy any more.
    if (stored) forgetPending(waiting.filter((order) => stored.some((saved) => saved.id === order.id)).map((order) => order.id));
  }, [stored, waiting]);
  return useMemo(() => (stored ? withPending(stored, waiting, userId) : undefined), [stored, waiting, userId]);
}
