import { describe, expect, it, vi } from 'vitest';
import { db, type Order } from '../../../src/db/index.ts';
import { activeOrders, addOrder, putBackOnTab, takeOffTab } from '../../../src/tab/index.ts';
import {
  forgetSettled,
  hiddenWritten,
  hidePending,
  pendingChanges,
  pendingOrders,
  subscribePending,
  settledPending,
  showPending,
  shownWritten,
  withPending,
  type PendingChanges,
} from '../../../src/tab/pending.ts';

const ANA = '8a6e0804-2bd0-4672-b79e-d4b259de3b01';
const order = (id: string, minute: number, userId = ANA): Order => ({
  id,
  user_id: userId,
  product_name: 'Aperol Spritz',
  product_price: 6500,
  active: true,
  created_at: new Date(Date.UTC(2026, 10, 21, 22, minute)).toISOString(),
});

const changes = (shown: Order[], hidden: string[] = []): PendingChanges => ({
  shown: new Map(shown.map((one) => [one.id, { order: one, written: false }])),
  hidden: new Map(hidden.map((id) => [id, { written: false }])),
});
const ids = (orders: readonly Order[]) => orders.map((one) => one.id);

describe('the tab as shown before the phone confirms it', () => {
  it('puts this guest’s pending picks in their place by time, newest first, never twice', () => {
    const stored = [order('b', 20), order('a', 10)];
    const waiting = [order('c', 30), order('d', 40), order('b', 20), order('x', 50, 'someone-else')];
    expect(ids(withPending(stored, changes(waiting), ANA))).toEqual(['d', 'c', 'b', 'a']);
    expect(withPending(stored, changes([]), ANA)).toEqual(stored);
  });

  it('puts an order put back at its own time, between the others', () => {
    const stored = [order('c', 30), order('a', 10)];
    expect(ids(withPending(stored, changes([order('b', 20)]), ANA))).toEqual(['c', 'b', 'a']);
  });

  it('leaves out what was taken off, also a pick still being saved', () => {
    const stored = [order('b', 20), order('a', 10)];
    expect(ids(withPending(stored, changes([order('c', 30)], ['b', 'c']), ANA))).toEqual(['a']);
  });

  it('lets a change go only once written and once the stored tab agrees', () => {
    const screen = subscribePending(() => undefined);
    const fresh = order('new', 30);
    const gone = order('gone', 20);
    showPending(fresh);
    hidePending(gone.id);
    expect(settledPending(pendingChanges(), [fresh, gone])).toEqual({ shown: [], hidden: [] });
    shownWritten(fresh.id);
    hiddenWritten(gone.id);
    expect(settledPending(pendingChanges(), [gone])).toEqual({ shown: [], hidden: [] });
    expect(settledPending(pendingChanges(), [fresh, gone])).toEqual({ shown: ['new'], hidden: [] });
    expect(settledPending(pendingChanges(), [fresh])).toEqual({ shown: ['new'], hidden: ['gone'] });
    screen();
  });

  it('keeps nothing written once no screen shows the tab: the stored tab has it', () => {
    const screen = subscribePending(() => undefined);
    const written = order('written', 30);
    const onItsWay = order('on-its-way', 31);
    showPending(written);
    showPending(onItsWay);
    shownWritten(written.id);
    screen();
    expect([...pendingChanges().shown.keys()]).toEqual(['on-its-way']);
    shownWritten(onItsWay.id);
    expect(pendingChanges().shown.size).toBe(0);
  });

  it('keeps a pick taken off hidden when its own tap settles: the same order is shown and hidden at once', () => {
    const tapped = order('tapped', 30);
    showPending(tapped);
    shownWritten(tapped.id);
    hidePending(tapped.id);
    // The stored tab now has the tap (so the pick needs no copy) but not yet the removal.
    forgetSettled(settledPending(pendingChanges(), [tapped]));
    expect(pendingChanges().shown.has(tapped.id)).toBe(false);
    expect(pendingChanges().hidden.has(tapped.id)).toBe(true);
    expect(withPending([tapped], pendingChanges(), ANA)).toEqual([]);
  });

  it('hands back the stored tab itself when nothing is pending, so a re-read changes nothing downstream', () => {
    const stored = [order('b', 20), order('a', 10)];
    expect(withPending(stored, changes([]), ANA)).toBe(stored);
    expect(withPending(stored, changes([order('b', 20)]), ANA)).toBe(stored);
  });

  it('shows a pick at once and drops it again if the phone refuses to store it', async () => {
    vi.spyOn(db.orders, 'add').mockRejectedValueOnce(new Error('QuotaExceededError'));
    const saving = addOrder(ANA, { name: 'Tabla Irish', price: 16990 });
    expect(pendingOrders().map((pending) => pending.product_name)).toEqual(['Tabla Irish']);
    await expect(saving).rejects.toThrow('QuotaExceededError');
    expect(pendingOrders()).toEqual([]);
  });

  it('hides a pick taken off at once, and shows it again if the phone refuses the change', async () => {
    const kept = await addOrder(ANA, { name: 'Tabla Irish', price: 16990 });
    vi.spyOn(db.orders, 'update').mockRejectedValueOnce(new Error('QuotaExceededError'));
    const removing = takeOffTab(kept);
    expect(pendingChanges().hidden.has(kept.id)).toBe(true);
    await expect(removing).rejects.toThrow('QuotaExceededError');
    expect(pendingChanges().hidden.has(kept.id)).toBe(false);
    expect(ids(await activeOrders(ANA))).toEqual([kept.id]);
  });

  it('takes off a pick tapped a moment ago only after it is saved, and puts the same order back', async () => {
    const saving = addOrder(ANA, { name: 'Aperol Spritz', price: 6500 });
    const [tapped] = pendingOrders();
    if (!tapped) throw new Error('the pick is not shown');
    const removing = takeOffTab(tapped);
    await saving;
    expect(await removing).toBe(true);
    expect(await activeOrders(ANA)).toEqual([]);
    const restoring = putBackOnTab(tapped);
    expect(pendingOrders()).toEqual([{ ...tapped, active: true }]);
    expect(await restoring).toBe(true);
    expect(ids(await activeOrders(ANA))).toEqual([tapped.id]);
    const kinds = (await db.outbox.toArray()).map((entry) => entry.kind);
    expect(kinds).toEqual(['insert-order', 'deactivate-orders', 'reactivate-orders']);
  });
});
