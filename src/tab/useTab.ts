import { useLiveQuery } from 'dexie-react-hooks';
import { activeOrders } from './orders.ts';
import type { Order } from './types.ts';

/** The guest's active orders, newest first, live in every open tab; undefined while loading. */
export function useActiveOrders(userId: string): Order[] | undefined {
  return useLiveQuery(() => activeOrders(userId), [userId]);
}
