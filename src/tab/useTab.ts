import { useLiveQuery } from 'dexie-react-hooks';
import { db, type Order } from '../db/index.ts';
import { activeOrders } from './orders.ts';

/** The guest's active orders, newest first, live in every open tab; undefined while loading. */
export function useActiveOrders(userId: string): Order[] | undefined {
  return useLiveQuery(() => activeOrders(db, userId), [userId]);
}
