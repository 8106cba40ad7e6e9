import type { BarTabDatabase } from '../db/index.ts';
import type { SyncTransport } from './transport.ts';

/**
 * If the phone still knows the guest but its database was emptied (the
 * browser evicted it), pulls the guest's active orders back from the server,
 * except those the guest took off the tab (`inactive`: the server may not know yet).
 * A phone that has any order of the guest, or anything queued, is left alone.
 */
export async function restoreEvictedTab(
  database: BarTabDatabase,
  transport: SyncTransport,
  guestId: string,
  inactive: ReadonlySet<string> = new Set(),
): Promise<number> {
  const [local, queued] = await Promise.all([
    database.orders.where('[user_id+created_at]').between([guestId, ''], [guestId, '\uffff']).count(),
    database.outbox.count(),
  ]);
  if (local > 0 || queued > 0) return 0;
  const remote = (await transport.activeOrders(guestId))?.filter((order) => !inactive.has(order.id));
  if (!remote || remote.length === 0) return 0;
  await database.transaction('rw', database.orders, async () => {
    // Only what is still missing: the guest may have added orders meanwhile.
    const present = new Set((await database.orders.bulkGet(remote.map((order) => order.id))).map((order) => order?.id));
    await database.orders.bulkAdd(remote.filter((order) => !present.has(order.id)));
  });
  return remote.length;
}
