import Dexie from 'dexie';
import { describe, expect, it, vi } from 'vitest';
import { BarTabDatabase, db } from '../../../src/db/database.ts';
import type { Order } from '../../../src/db/index.ts';
import { createMarkQueue } from '../../../src/host/marks.ts';
import { HOST_MARKS_STORAGE_KEY, localHostStore } from '../../../src/host/storage.ts';

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

  it('adds the parties’ lists to a phone at version 4, keeping its tab, its guests and its queue', async () => {
    const name = `v4-${crypto.randomUUID()}`;
    const v4 = new Dexie(name);
    v4.version(1).stores({ orders: 'id, [user_id+created_at]' });
    v4.version(2).stores({ outbox: '++seq', parked: '++id', syncState: 'key' });
    v4.version(3).stores({ outbox: '++seq, kind' });
    v4.version(4).stores({ guests: 'id' });
    await v4.table('orders').add(order(1));
    await v4.table('guests').add({ id: order(1).user_id, full_name: 'Ana María', state: 'synced', party: 'cumple-vale' });
    await v4.table('outbox').add({ kind: 'insert-order', queuedAt: 1, row: order(1) });
    v4.close();

    const latest = new BarTabDatabase(name);
    await latest.open();
    expect(latest.verno).toBeGreaterThanOrEqual(5);
    expect(await latest.orders.toArray()).toEqual([order(1)]);
    expect(await latest.guests.count()).toBe(1);
    expect(await latest.outbox.count()).toBe(1);
    expect(await latest.menus.count()).toBe(0);
    const kept = { party: 'cumple-vale', version: 'v1', items: [{ name: 'Aperol Spritz', price: 7000, category: 'Cócteles', sold_out: false }], heardAt: 1 };
    await latest.menus.put(kept);
    expect(await latest.menus.get('cumple-vale')).toEqual(kept);
    latest.close();
    await Dexie.delete(name);
  });

  it('moves a phone at version 5 up with its tab, its queue, its refused changes and the host’s waiting marks kept', async () => {
    // Today's phone: Dexie version 5, the host's waiting marks in localStorage.
    db.close();
    await Dexie.delete(db.name);
    const v5 = new Dexie(db.name);
    v5.version(1).stores({ orders: 'id, [user_id+created_at]' });
    v5.version(2).stores({ outbox: '++seq', parked: '++id', syncState: 'key' });
    v5.version(3).stores({ outbox: '++seq, kind' });
    v5.version(4).stores({ guests: 'id' });
    v5.version(5).stores({ menus: 'party' });
    const guest = { id: order(1).user_id, full_name: 'Ana María', state: 'synced' };
    const queued = [
      { kind: 'insert-order', queuedAt: 1, row: order(1) },
      { kind: 'deactivate-orders', queuedAt: 2, guestId: guest.id, orderIds: [order(1).id] },
    ];
    const refused = { entry: { seq: 9, kind: 'insert-order', queuedAt: 0, row: order(3) }, error: 'HTTP 400 · 23514', parkedAt: 3 };
    await v5.table('orders').bulkAdd([order(1), order(3)]);
    await v5.table('guests').add(guest);
    await v5.table('outbox').bulkAdd(queued);
    await v5.table('parked').add(refused);
    v5.close();
    const waiting = [
      { guestId: 'g1', paid: true, amount: 11_990, party: null, seq: 1, at: 5, sent: false, problem: 'offline' },
      { guestId: 'g2', paid: false, amount: null, party: 'cumple-vale', seq: 2, at: 6, sent: false, problem: null },
      { guestId: 'g3', paid: true, amount: 4_400, seq: 3, at: 7, sent: true, problem: null },
    ];
    localStorage.setItem(HOST_MARKS_STORAGE_KEY, JSON.stringify(waiting));

    // The new code opens it: Dexie upgrades the database; the host's page takes the marks into the outbox.
    await db.open();
    expect(db.verno).toBeGreaterThanOrEqual(7);
    expect(await db.orders.toArray()).toEqual([order(1), order(3)]);
    expect(await db.guests.toArray()).toEqual([guest]);
    expect(await db.outbox.orderBy('seq').toArray()).toMatchObject(queued);
    expect(await db.parked.where('kind').equals('insert-order').toArray()).toMatchObject([{ ...refused, kind: 'insert-order' }]);
    const marks = createMarkQueue({ store: localHostStore, send: () => Promise.resolve({ kind: 'offline' }), onChange: () => undefined });
    await vi.waitFor(() =>
      expect(marks.pending().map((mark) => [mark.guestId, mark.sent])).toEqual([
        ['g3', true],
        ['g1', false],
        ['g2', false],
      ]),
    );
    const moved = await db.outbox.where('kind').equals('paid-mark').toArray();
    expect(moved).toMatchObject([
      { kind: 'paid-mark', queuedAt: 5, mark: { guestId: 'g1', paid: true, amount: 11_990 } },
      { kind: 'paid-mark', queuedAt: 6, mark: { guestId: 'g2', paid: false, amount: null, party: 'cumple-vale' } },
    ]);
    // Only the mark the server took stays in localStorage, until a snapshot shows it.
    expect(JSON.parse(localStorage.getItem(HOST_MARKS_STORAGE_KEY) ?? '[]')).toMatchObject([{ guestId: 'g3', sent: true }]);
  });

  it('moves a phone at version 6 up to the bar’s bill: its tab, queue and refused changes kept, no bill until heard, claims kept as tab lines', async () => {
    const name = `v6-${crypto.randomUUID()}`;
    const v6 = new Dexie(name);
    v6.version(1).stores({ orders: 'id, [user_id+created_at]' });
    v6.version(2).stores({ outbox: '++seq', parked: '++id', syncState: 'key' });
    v6.version(3).stores({ outbox: '++seq, kind' });
    v6.version(4).stores({ guests: 'id' });
    v6.version(5).stores({ menus: 'party' });
    v6.version(6).stores({ parked: '++id, kind' });
    const queued = { kind: 'insert-order', queuedAt: 1, row: order(1) };
    const refused = { entry: { seq: 9, kind: 'insert-order', queuedAt: 0, row: order(3) }, error: 'HTTP 400 · 23514', parkedAt: 3, kind: 'insert-order' };
    await v6.table('orders').bulkAdd([order(1), order(3)]);
    await v6.table('outbox').add(queued);
    await v6.table('parked').add(refused);
    v6.close();

    const latest = new BarTabDatabase(name);
    await latest.open();
    expect(latest.verno).toBeGreaterThanOrEqual(7);
    expect(await latest.orders.toArray()).toEqual([order(1), order(3)]);
    expect(await latest.outbox.toArray()).toMatchObject([queued]);
    expect(await latest.parked.where('kind').equals('insert-order').toArray()).toMatchObject([refused]);
    expect(await latest.bills.count()).toBe(0);
    // A claim is a tab line with its mark; the bill as heard is kept by guest.
    const claim: Order = { ...order(5), active: true, bill: { line: '00000000-0000-4000-8000-0000000000aa', shares: 2 } };
    await latest.orders.add(claim);
    const bill = {
      guest: claim.user_id,
      total: 2_200,
      lines: [{ id: claim.id, kind: 'claim', product_name: 'Pedido 5', amount: 2_200, created_at: claim.created_at }],
      unclaimed: [],
      heardAt: 1,
    };
    await latest.bills.put(bill);
    expect(await latest.orders.get(claim.id)).toEqual(claim);
    expect(await latest.bills.get(claim.user_id)).toEqual(bill);
    latest.close();
    await Dexie.delete(name);
  });

  it('moves a phone at version 7 up to transfer notices: its tab, bill, queue and refused changes kept, no notice until the guest says one', async () => {
    const name = `v7-${crypto.randomUUID()}`;
    const v7 = new Dexie(name);
    v7.version(1).stores({ orders: 'id, [user_id+created_at]' });
    v7.version(2).stores({ outbox: '++seq', parked: '++id', syncState: 'key' });
    v7.version(3).stores({ outbox: '++seq, kind' });
    v7.version(4).stores({ guests: 'id' });
    v7.version(5).stores({ menus: 'party' });
    v7.version(6).stores({ parked: '++id, kind' });
    v7.version(7).stores({ bills: 'guest' });
    const queued = { kind: 'insert-order', queuedAt: 1, row: order(1) };
    const refused = { entry: { seq: 9, kind: 'insert-order', queuedAt: 0, row: order(3) }, error: 'HTTP 400 · 23514', parkedAt: 3, kind: 'insert-order' };
    const bill = { guest: order(1).user_id, total: 1_000, lines: [], unclaimed: [], heardAt: 1 };
    await v7.table('orders').bulkAdd([order(1), order(3)]);
    await v7.table('outbox').add(queued);
    await v7.table('parked').add(refused);
    await v7.table('bills').add(bill);
    v7.close();

    const latest = new BarTabDatabase(name);
    await latest.open();
    expect(latest.verno).toBe(8);
    expect(await latest.orders.toArray()).toEqual([order(1), order(3)]);
    expect(await latest.outbox.toArray()).toMatchObject([queued]);
    expect(await latest.parked.where('kind').equals('insert-order').toArray()).toMatchObject([refused]);
    expect(await latest.bills.get(bill.guest)).toEqual(bill);
    expect(await latest.transfers.count()).toBe(0);
    const notice = {
      id: '00000000-0000-4000-8000-0000000000bb',
      guest: order(1).user_id,
      amount: 4_840,
      at: '2026-11-28T02:40:00.000Z',
      state: 'queued' as const,
    };
    await latest.transfers.add(notice);
    expect(await latest.transfers.where('guest').equals(notice.guest).toArray()).toEqual([notice]);
    latest.close();
    await Dexie.delete(name);
  });
});
