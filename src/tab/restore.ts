import { ordersOfGuest, type PhoneDatabase } from '../db/index.ts';
import type { SyncTransport } from '../sync/index.ts';

/**
 * If the phone still knows the guest but its database was emptied (the
 * browser evicted it), pulls the guest's active orders back from the server,
 * except those the guest took off the tab (`inactive`: the server may not know yet).
 * A phone that has any order of the guest, or anything queued, is left alone.
 */
export async function restoreEvictedTab(
  database: PhoneDatabase,
  transport: SyncTransport,
  guestId: string,
  inactive: ReadonlySet<string> = new Set(),
): Promise<number> {
  const [local, queued] = await database.read(['orders', 'outbox'], (tx) => Promise.all([tx.count('orders', ordersOfGuest(guestId)), tx.count('outbox')]));
  if (local > 0 || queued > 0) return 0;
  const remote = (await transport.activeOrders(guestId))?.filter((order) => !inactive.has(order.id));
  if (!remote || remote.length === 0) return 0;
  await database.write(['orders'], async (tx) => {
    // Only what is still missing: the guest may have added orders meanwhile.
    const present = await Promise.all(remote.map((order) => tx.get('orders', order.id)));
    for (const [index, order] of remote.entries()) if (present[index] === undefined) void tx.add('orders', order);
  });
  return remote.length;
}
