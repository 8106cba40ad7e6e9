import { describe, expect, it, vi } from 'vitest';
import { db } from '../../../src/db/index.ts';
import { rememberedInactive } from '../../../src/sync/index.ts';
import { activeOrders, addOrder, putBackOnTab, resetTab, takeOffTab } from '../../../src/tab/index.ts';

const ANA = '8a6e0804-2bd0-4672-b79e-d4b259de3b01';
const BETO = '2f1c4b7e-93d2-4c36-9d5f-0e8e2f4a6b17';
const at = (seconds: number) => new Date(Date.UTC(2026, 10, 21, 22, 0, seconds));

describe('orders on the phone', () => {
  it('takes one pick off the tab and puts the same order back, each change queued in order', async () => {
    const kept = await addOrder(ANA, { name: 'Aperol Spritz', price: 6500 }, at(1));
    const mistaken = await addOrder(ANA, { name: 'Tabla Irish', price: 16990 }, at(2));
    expect(await takeOffTab(mistaken)).toBe(true);
    expect((await activeOrders(ANA)).map((order) => order.id)).toEqual([kept.id]);
    expect(rememberedInactive(ANA)).toEqual(new Set([mistaken.id]));
    expect(await takeOffTab({ id: kept.id, user_id: BETO })).toBe(false);
    expect(await putBackOnTab(mistaken)).toBe(true);
    expect(await putBackOnTab(mistaken)).toBe(false);
    expect((await activeOrders(ANA)).map((order) => order.id)).toEqual([mistaken.id, kept.id]);
    expect(rememberedInactive(ANA)).toEqual(new Set());
    const changes = (await db.outbox.toArray()).map((entry) => ('orderIds' in entry ? [entry.kind, ...entry.orderIds] : [entry.kind]));
    expect(changes).toEqual([['insert-order'], ['insert-order'], ['deactivate-orders', mistaken.id], ['reactivate-orders', mistaken.id]]);
  });

  it('remembers the ids of a reset beside the guest, for restore after eviction', async () => {
    const first = await addOrder(ANA, { name: 'Aperol Spritz', price: 6500 }, at(1));
    const reset = await resetTab(ANA);
    const second = await addOrder(ANA, { name: 'Tabla Irish', price: 16990 }, at(2));
    expect(reset).toEqual([first.id]);
    expect(rememberedInactive(ANA)).toEqual(new Set([first.id]));
    expect(rememberedInactive(BETO)).toEqual(new Set());
    await resetTab(ANA);
    expect(rememberedInactive(ANA)).toEqual(new Set([first.id, second.id]));
  });

  it('writes the order with a phone-made id, the guest, the product, active, and the tap time', async () => {
    const order = await addOrder(ANA, { name: 'Summer Ale 500cc', price: 4400 }, at(5));
    expect(order).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      user_id: ANA,
      product_name: 'Summer Ale 500cc',
      product_price: 4400,
      active: true,
      created_at: '2026-11-21T22:00:05.000Z',
    });
    expect(await db.orders.get(order.id)).toEqual(order);
  });

  it('queues the order for the server in the same transaction', async () => {
    const order = await addOrder(ANA, { name: 'Aperol Spritz', price: 6500 }, at(1));
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ kind: 'insert-order', row: order });

    vi.spyOn(db.outbox, 'add').mockRejectedValueOnce(new Error('disk full'));
    await expect(addOrder(ANA, { name: 'Tabla Irish', price: 16990 }, at(2))).rejects.toThrow('disk full');
    expect(await db.orders.count()).toBe(1);
    expect(await db.outbox.count()).toBe(1);
  });

  it('lists only this guest’s active orders, newest first', async () => {
    await addOrder(ANA, { name: 'Aperol Spritz', price: 6500 }, at(1));
    await addOrder(BETO, { name: 'Tabla Irish', price: 16990 }, at(2));
    await addOrder(ANA, { name: 'Extra por chelada', price: 1000 }, at(3));
    await addOrder(ANA, { name: 'Summer Ale 500cc', price: 4400 }, at(0));
    const names = (await activeOrders(ANA)).map((order) => order.product_name);
    expect(names).toEqual(['Extra por chelada', 'Aperol Spritz', 'Summer Ale 500cc']);
  });

  it('resets only this guest’s active orders, in one transaction, keeping the rows', async () => {
    const first = await addOrder(ANA, { name: 'Aperol Spritz', price: 6500 }, at(1));
    const second = await addOrder(ANA, { name: 'Tabla Irish', price: 16990 }, at(2));
    await addOrder(BETO, { name: 'Tabla Irish', price: 16990 }, at(2));
    const transaction = vi.spyOn(db, 'transaction');

    const reset = await resetTab(ANA);

    expect(transaction).toHaveBeenCalledTimes(1);
    expect(reset.sort()).toEqual([first.id, second.id].sort());
    expect(await activeOrders(ANA)).toEqual([]);
    expect(await activeOrders(BETO)).toHaveLength(1);
    expect((await db.orders.get(first.id))?.active).toBe(false);
    expect(await db.orders.count()).toBe(3);
    const resetEntry = (await db.outbox.toArray()).at(-1);
    expect(resetEntry).toMatchObject({ kind: 'deactivate-orders', guestId: ANA });
    expect(resetEntry?.kind === 'deactivate-orders' && [...resetEntry.orderIds].sort()).toEqual([first.id, second.id].sort());
  });

  it('keeps orders added after a reset, and a reset queues exactly the ids active then', async () => {
    await addOrder(ANA, { name: 'Aperol Spritz', price: 6500 }, at(1));
    await resetTab(ANA);
    const later = await addOrder(ANA, { name: 'Summer Ale 500cc', price: 4400 }, at(9));
    expect(await activeOrders(ANA)).toEqual([later]);
    expect(await resetTab(ANA)).toEqual([later.id]);
    const resets = (await db.outbox.toArray()).flatMap((entry) => (entry.kind === 'deactivate-orders' ? [entry.orderIds] : []));
    expect(resets).toEqual([
      [expect.any(String)],
      [later.id],
    ]);
  });

  it('queues nothing for a reset of an empty tab', async () => {
    expect(await resetTab(ANA)).toEqual([]);
    expect(await db.outbox.count()).toBe(0);
  });
});
