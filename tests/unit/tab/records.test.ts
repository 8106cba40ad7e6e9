/** The tab's records on the phone: each change with its outbox entry, in one transaction. */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { phoneDatabase, type Order } from '../../../src/db/index.ts';
import { db } from '../../../src/db/database.ts';
import { rememberedInactive } from '../../../src/tab/inactive-memory.ts';
import { TabStore } from '../../../src/tab/index.ts';
import { tabRecords } from '../../../src/tab/records.ts';
import type { TabEntry } from '../../../src/tab/entries.ts';

const ANA = '8a6e0804-2bd0-4672-b79e-d4b259de3b01';
const BETO = '2f1c4b7e-93d2-4c36-9d5f-0e8e2f4a6b17';
const tabs = new Map<string, TabStore>();
/** The guest's tab, one store per guest as on a phone. */
function tab(guestId = ANA): TabStore {
  const kept = tabs.get(guestId) ?? new TabStore(phoneDatabase, guestId);
  tabs.set(guestId, kept);
  return kept;
}
const records = tabRecords(phoneDatabase);
const activeOrders = (guestId = ANA) => records.activeOrders(guestId);

describe('orders on the phone', () => {
  beforeEach(() => tabs.clear());

  it('takes one pick off the tab and puts the same order back, each change queued in order', async () => {
    const kept = await tab().addOrder({ name: 'Aperol Spritz', price: 6500 });
    const mistaken = await tab().addOrder({ name: 'Tabla Irish', price: 16990 });
    expect(await tab().takeOff(mistaken)).toBe(true);
    expect((await activeOrders()).map((order) => order.id)).toEqual([kept.id]);
    expect(rememberedInactive(ANA)).toEqual(new Set([mistaken.id]));
    expect(await tab(BETO).takeOff(kept)).toBe(false);
    expect(await tab().putBack(mistaken)).toBe(true);
    expect(await tab().putBack(mistaken)).toBe(false);
    expect((await activeOrders()).map((order) => order.id)).toEqual([mistaken.id, kept.id]);
    expect(rememberedInactive(ANA)).toEqual(new Set());
    const changes = ((await db.outbox.toArray()) as TabEntry[]).map((entry) => ('orderIds' in entry ? [entry.kind, ...entry.orderIds] : [entry.kind]));
    expect(changes).toEqual([['insert-order'], ['insert-order'], ['deactivate-orders', mistaken.id], ['reactivate-orders', mistaken.id]]);
  });

  it('remembers the ids of a reset beside the guest, for restore after eviction', async () => {
    const first = await tab().addOrder({ name: 'Aperol Spritz', price: 6500 });
    const reset = await tab().reset();
    const second = await tab().addOrder({ name: 'Tabla Irish', price: 16990 });
    expect(reset).toEqual([first.id]);
    expect(rememberedInactive(ANA)).toEqual(new Set([first.id]));
    expect(rememberedInactive(BETO)).toEqual(new Set());
    await tab().reset();
    expect(rememberedInactive(ANA)).toEqual(new Set([first.id, second.id]));
  });

  it('writes the order with a phone-made id, the guest, the product, active, and the tap time', async () => {
    const before = Date.now();
    const order = await tab().addOrder({ name: 'Summer Ale 500cc', price: 4400 });
    expect(order).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      user_id: ANA,
      product_name: 'Summer Ale 500cc',
      product_price: 4400,
      active: true,
      created_at: expect.any(String),
    });
    expect(Date.parse(order.created_at)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(order.created_at)).toBeLessThanOrEqual(Date.now());
    expect(await db.orders.get(order.id)).toEqual(order);
  });

  it('queues the order for the server in the same transaction', async () => {
    const order = await tab().addOrder({ name: 'Aperol Spritz', price: 6500 });
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ kind: 'insert-order', row: order });

    // eslint-disable-next-line @typescript-eslint/unbound-method -- called below on the store it was asked of
    const add = IDBObjectStore.prototype.add;
    vi.spyOn(IDBObjectStore.prototype, 'add').mockImplementation(function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['add']>) {
      if (this.name === 'outbox') throw new DOMException('disk full', 'QuotaExceededError');
      return add.apply(this, args);
    });
    await expect(tab().addOrder({ name: 'Tabla Irish', price: 16990 })).rejects.toThrow('disk full');
    expect(await db.orders.count()).toBe(1);
    expect(await db.outbox.count()).toBe(1);
  });

  it('lists only this guest’s active orders, newest first', async () => {
    const at = (seconds: number, name: string, user_id = ANA): Order => ({
      id: crypto.randomUUID(),
      user_id,
      product_name: name,
      product_price: 1000,
      active: true,
      created_at: new Date(Date.UTC(2026, 10, 21, 22, 0, seconds)).toISOString(),
    });
    await db.orders.bulkAdd([
      at(1, 'Aperol Spritz'),
      at(2, 'Tabla Irish', BETO),
      at(3, 'Extra por chelada'),
      at(0, 'Summer Ale 500cc'),
      { ...at(4, 'Pisco Sour'), active: false },
    ]);
    expect((await activeOrders()).map((order) => order.product_name)).toEqual(['Extra por chelada', 'Aperol Spritz', 'Summer Ale 500cc']);
  });

  it('resets only this guest’s active orders, in one transaction, keeping the rows', async () => {
    const first = await tab().addOrder({ name: 'Aperol Spritz', price: 6500 });
    const second = await tab().addOrder({ name: 'Tabla Irish', price: 16990 });
    await tab(BETO).addOrder({ name: 'Tabla Irish', price: 16990 });
    const transaction = vi.spyOn(IDBDatabase.prototype, 'transaction');

    const reset = await tab().reset();

    expect(transaction).toHaveBeenCalledTimes(1);
    expect([...reset].sort()).toEqual([first.id, second.id].sort());
    expect(await activeOrders()).toEqual([]);
    expect(await activeOrders(BETO)).toHaveLength(1);
    expect((await db.orders.get(first.id))?.active).toBe(false);
    expect(await db.orders.count()).toBe(3);
    const resetEntry = ((await db.outbox.toArray()) as TabEntry[]).at(-1);
    expect(resetEntry).toMatchObject({ kind: 'deactivate-orders', guestId: ANA });
    expect(resetEntry?.kind === 'deactivate-orders' && [...resetEntry.orderIds].sort()).toEqual([first.id, second.id].sort());
  });

  it('keeps orders added after a reset, and a reset queues exactly the ids active then', async () => {
    await tab().addOrder({ name: 'Aperol Spritz', price: 6500 });
    await tab().reset();
    const later = await tab().addOrder({ name: 'Summer Ale 500cc', price: 4400 });
    expect(await activeOrders()).toEqual([later]);
    expect(await tab().reset()).toEqual([later.id]);
    const resets = ((await db.outbox.toArray()) as TabEntry[]).flatMap((entry) => (entry.kind === 'deactivate-orders' ? [entry.orderIds] : []));
    expect(resets).toEqual([[expect.any(String)], [later.id]]);
  });

  it('queues nothing for a reset of an empty tab', async () => {
    expect(await tab().reset()).toEqual([]);
    expect(await db.outbox.count()).toBe(0);
  });

  it('answers each change with the rows as stored, changed or not', async () => {
    const order = await tab().addOrder({ name: 'Aperol Spritz', price: 6500 });
    await db.orders.update(order.id, { rejected: 'HTTP 400 · 23514' });
    expect(await records.recordPick(order)).toEqual({ rows: [{ ...order, rejected: 'HTTP 400 · 23514' }], changed: [] });
    expect(await records.setActive(ANA, [order.id], true)).toMatchObject({ rows: [{ id: order.id, active: true }], changed: [] });
    expect(await records.setActive(BETO, [order.id], false)).toEqual({ rows: [], changed: [] });
  });
});
