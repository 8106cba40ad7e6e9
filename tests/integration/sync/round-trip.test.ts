import { describe, expect, it } from 'vitest';
import { BarTabDatabase, onDexie } from '../../../src/db/database.ts';
import { restoreEvictedTab } from '../../../src/tab/restore.ts';
import { SIDES, type Phone, type Side } from '../../support/phones.ts';
import { syncSuite } from '../../support/sync-suite.ts';

const suite = syncSuite();

const phoneOn = (side: Side, options?: { timeoutMs?: number }): Promise<Phone> => suite.phone({ ...options, side });

interface OrderRecord {
  id: string;
  user_id: string;
  product_name: string;
  product_price: number;
  active: boolean;
  created_at: Date;
}

const ordersOf = (guestId: string) => suite.stack.query<OrderRecord>('select * from orders where user_id = $1 order by created_at', [guestId]);

describe.each(SIDES)('a guest’s tab reaching Postgres, flushed %s', (_who, side) => {
  const phone = (options?: { timeoutMs?: number }) => phoneOn(side, options);

  it('carries a guest and orders made offline, with the phone’s ids and tap times, and the reset', async () => {
    const ana = await phone();
    const ids = [await ana.addOrder('Summer Ale 500cc', 4400), await ana.addOrder('Tabla Irish', 16990)];
    expect(await ana.flush()).toEqual({ kind: 'done' });
    expect(await suite.stack.query('select id, full_name from users where id = $1', [ana.guest.id])).toEqual([ana.guest]);
    const stored = await ordersOf(ana.guest.id);
    const local = await ana.database.orders.orderBy('[user_id+created_at]').toArray();
    expect(stored.map((row) => [row.id, row.product_name, row.product_price, row.active, row.created_at.toISOString()])).toEqual(
      local.map((order) => [order.id, order.product_name, order.product_price, true, order.created_at]),
    );
    expect(stored.map((row) => row.id)).toEqual(ids);

    const later = await ana.addOrder('Extra por chelada', 1000);
    await ana.reset();
    expect(await ana.flush()).toEqual({ kind: 'done' });
    expect((await ordersOf(ana.guest.id)).map((row) => [row.id, row.active])).toEqual([
      [ids[0], false],
      [ids[1], false],
      [later, false],
    ]);
  });

  it('deactivates only the orders active when reset was pressed, never one added after', async () => {
    const beto = await phone();
    const before = await beto.addOrder();
    await beto.reset();
    const after = await beto.addOrder();
    await beto.flush();
    expect((await ordersOf(beto.guest.id)).map((row) => [row.id, row.active])).toEqual([
      [before, false],
      [after, true],
    ]);
  });

  it('takes one pick off and puts it back on the server as the same order, no delete', async () => {
    const olga = await phone();
    const kept = await olga.addOrder();
    const mistaken = await olga.addOrder('Tabla Irish', 16990);
    const { tab } = olga;
    await tab.takeOff({ id: mistaken });
    expect(await olga.flush()).toEqual({ kind: 'done' });
    expect((await ordersOf(olga.guest.id)).map((row) => [row.id, row.active])).toEqual([
      [kept, true],
      [mistaken, false],
    ]);
    const removed = await olga.database.orders.get(mistaken);
    if (!removed) throw new Error('the removed order must stay on the phone');
    await tab.putBack(removed);
    expect(await olga.flush()).toEqual({ kind: 'done' });
    expect((await ordersOf(olga.guest.id)).map((row) => [row.id, row.active])).toEqual([
      [kept, true],
      [mistaken, true],
    ]);
  });

  it('undoes a reset on the server, sent together with it or after it arrived: exactly its orders active again', async () => {
    const dora = await phone();
    const removedBefore = await dora.addOrder('Tabla Irish', 16990);
    const { tab } = dora;
    await tab.takeOff({ id: removedBefore });
    const [first, second] = [await dora.addOrder(), await dora.addOrder('Aperol Spritz', 6500)];
    // No signal: the reset and its undo wait in the queue and go in order.
    const offline = tab.resetWithUndo();
    expect([...(await offline.written)].sort()).toEqual([first, second].sort());
    const after = await dora.addOrder('Extra por chelada', 1000);
    expect([...(await tab.undoReset(offline))].sort()).toEqual([first, second].sort());
    expect(await dora.flush()).toEqual({ kind: 'done' });
    const expected = [
      [removedBefore, false],
      [first, true],
      [second, true],
      [after, true],
    ];
    expect((await ordersOf(dora.guest.id)).map((row) => [row.id, row.active])).toEqual(expected);

    // Again, with the reset already on the server as inactive orders when the guest taps Deshacer.
    const online = tab.resetWithUndo();
    await online.written;
    expect(await dora.flush()).toEqual({ kind: 'done' });
    expect((await ordersOf(dora.guest.id)).every((row) => !row.active)).toBe(true);
    expect([...(await tab.undoReset(online))].sort()).toEqual([first, second, after].sort());
    expect(await dora.flush()).toEqual({ kind: 'done' });
    expect((await ordersOf(dora.guest.id)).map((row) => [row.id, row.active])).toEqual(expected);
    expect(await dora.database.outbox.count()).toBe(0);
  });

  it('sends the same batch twice without duplicates', async () => {
    const carla = await phone();
    await carla.addOrder();
    await carla.addOrder();
    const rows = (await carla.database.orders.toArray()).map(({ id, user_id, product_name, product_price, active, created_at }) => ({
      id,
      user_id,
      product_name,
      product_price,
      active,
      created_at,
    }));
    await carla.flush();
    expect(await carla.transport.insertRows('orders', carla.guest.id, rows)).toMatchObject({ status: 201 });
    expect(await ordersOf(carla.guest.id)).toHaveLength(2);
  });

  it('has no duplicates when the connection drops after the server committed', async () => {
    const dani = await phone();
    for (let index = 0; index < 30; index += 1) await dani.addOrder();
    await dani.flush();
    for (let index = 0; index < 30; index += 1) await dani.addOrder();
    suite.api.setFaults(() => 'drop-after');
    expect(await dani.flush()).toMatchObject({ kind: 'retry' });
    expect(await dani.database.outbox.count()).toBe(30);
    expect(await ordersOf(dani.guest.id)).toHaveLength(60);
    suite.api.setFaults(() => 'pass');
    expect(await dani.flush()).toEqual({ kind: 'done' });
    expect(await ordersOf(dani.guest.id)).toHaveLength(60);
    expect(await dani.database.outbox.count()).toBe(0);
  });

  it('parks one refused row in a batch of 100 and delivers the other 99', async () => {
    const eli = await phone();
    for (let index = 0; index < 100; index += 1) {
      // The database refuses a price of 0 (check constraint, class 23).
      await eli.addOrder(index === 57 ? 'Misterio' : 'Aperol Spritz', index === 57 ? 0 : 6500);
    }
    expect(await eli.flush()).toEqual({ kind: 'done' });
    expect(await ordersOf(eli.guest.id)).toHaveLength(99);
    const parked = await eli.database.parked.toArray();
    expect(parked).toHaveLength(1);
    expect(parked[0]?.error).toContain('23514');
    const refused = await eli.database.orders.filter((order) => order.product_name === 'Misterio').first();
    expect(refused?.rejected).toContain('23514');
  });

  it('survives answers that are not PostgREST’s: HTML, empty 200, huge bodies, silence', async () => {
    const fede = await phone({ timeoutMs: 500 });
    await fede.addOrder();
    for (const fault of ['html-200', 'empty-200', 'error-500', 'huge-500', 'error-503', 'drop-before', 'hang'] as const) {
      suite.api.setFaults(() => fault);
      expect(await fede.flush(), fault).toMatchObject({ kind: 'retry' });
      expect(await fede.database.outbox.count(), fault).toBe(2);
    }
    suite.api.setFaults(() => 'pass');
    expect(await fede.flush()).toEqual({ kind: 'done' });
    expect(await ordersOf(fede.guest.id)).toHaveLength(1);
  });

  it('pauses on a bad key, keeping everything', async () => {
    const gabi = await suite.phone({ anonKey: `${suite.stack.stack.anonKey.slice(0, -4)}AAAA`, side });
    await gabi.addOrder();
    expect(await gabi.flush()).toMatchObject({ kind: 'config', error: expect.stringContaining('PGRST301') });
    expect(await gabi.database.outbox.count()).toBe(2);
    expect((await gabi.database.syncState.get('flush'))?.configError).toContain('PGRST301');
  });

  it('delivers everything once when PostgREST stops mid-flush and comes back', async () => {
    const hugo = await phone();
    // The guest, then two batches (500 + 490: under the ceiling of 1000 orders a guest); PostgREST stops during the first.
    for (let index = 0; index < 990; index += 1) await hugo.addOrder();
    let requests = 0;
    let stopped: Promise<void> = Promise.resolve();
    suite.api.setFaults(() => {
      requests += 1;
      if (requests === 2) stopped = suite.stack.stack.stopRest();
      return 'pass';
    });
    const outcome = await hugo.flush();
    expect(outcome.kind).toBe('retry');
    await stopped;
    expect(await hugo.flush()).toMatchObject({ kind: 'retry' });
    await suite.stack.stack.startRest();
    suite.api.setFaults(() => 'pass');
    expect(await hugo.flushUntilDone()).toEqual({ kind: 'done' });
    expect(await ordersOf(hugo.guest.id)).toHaveLength(990);
  });

  it('pulls the active orders back from the server when the phone’s storage was evicted', async () => {
    const ines = await phone();
    const kept = await ines.addOrder('Tabla Irish', 16990);
    await ines.addOrder('Aperol Spritz', 6500);
    await ines.reset();
    const after = await ines.addOrder('Summer Ale 500cc', 4400);
    await ines.flush();
    expect(kept).not.toBe(after);

    // Same guest (still in localStorage), empty IndexedDB.
    const evicted = new BarTabDatabase(`evicted-${ines.guest.id}`);
    expect(await restoreEvictedTab(onDexie(evicted), ines.transport, ines.guest.id)).toBe(1);
    expect((await evicted.orders.toArray()).filter((order) => order.active).map((order) => order.id)).toEqual([after]);
    expect(await restoreEvictedTab(onDexie(evicted), ines.transport, ines.guest.id)).toBe(0);
    evicted.close();
    await BarTabDatabase.delete(evicted.name);
  });
});
