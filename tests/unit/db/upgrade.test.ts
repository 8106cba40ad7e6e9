import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { BarTabDatabase } from '../../../src/db/index.ts';
import type { Order } from '../../../src/db/index.ts';

const order = (n: number): Order => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  user_id: '8a6e0804-2bd0-4672-b79e-d4b259de3b01',
  product_name: `Pedido ${n}`,
  product_price: 1000 * n,
  active: n % 2 === 1,
  created_at: `2026-11-21T22:0${n}:00.000Z`,
});

describe('upgrading the phone’s database', () => {
  it('keeps every order when a newer app version changes the schema', async () => {
    const name = `upgrade-${crypto.randomUUID()}`;
    const current = new BarTabDatabase(name);
    const orders = [1, 2, 3, 4].map(order);
    await current.orders.bulkAdd(orders);
    const version = current.verno;
    current.close();

    // The next version adds an index and a table, as later releases will.
    class NextVersion extends BarTabDatabase {
      constructor() {
        super(name);
        this.version(version + 1).stores({ orders: 'id, [user_id+created_at], created_at', notes: 'id' });
      }
    }
    const next = new NextVersion();
    await next.open();
    expect(next.verno).toBe(version + 1);
    expect(await next.orders.orderBy('id').toArray()).toEqual(orders);
    expect(await next.orders.orderBy('created_at').reverse().first()).toEqual(orders[3]);
    next.close();
    await Dexie.delete(name);
  });

  it('opens a database written by the first release', async () => {
    const name = `first-${crypto.randomUUID()}`;
    const first = new Dexie(name);
    first.version(1).stores({ orders: 'id, [user_id+created_at]' });
    await first.table('orders').add(order(1));
    first.close();

    const latest = new BarTabDatabase(name);
    expect(await latest.orders.toArray()).toEqual([order(1)]);
    latest.close();
    await Dexie.delete(name);
  });
});
