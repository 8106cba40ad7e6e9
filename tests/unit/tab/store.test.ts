/**
 * The one tab store: what the screen shows is what IndexedDB holds once the
 * writes are done, whatever the taps and in whatever order they land.
 */
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { phoneDatabase, type Order } from '../../../src/db/index.ts';
import { db } from '../../../src/db/database.ts';
import { guestTab, TabStore, useActiveOrders, useTabState, useTabTotal } from '../../../src/tab/index.ts';
import { rememberedInactive } from '../../../src/tab/inactive-memory.ts';
import { REREAD_QUIET_MS } from '../../../src/tab/store.ts';
import type { TabEntry } from '../../../src/tab/entries.ts';
import { follow, onScreen } from '../../support/tab-screen.ts';

const ANA = '8a6e0804-2bd0-4672-b79e-d4b259de3b01';
const SUMMER_ALE = { name: 'Summer Ale 500cc', price: 4400 };
const TABLA_IRISH = { name: 'Tabla Irish', price: 16990 };

const names = (orders: readonly Order[] | undefined) => (orders ?? []).map((order) => order.product_name);

/** The guest's active orders as IndexedDB holds them, newest first. */
async function stored(): Promise<Order[]> {
  const orders = await db.orders.where('[user_id+created_at]').between([ANA, ''], [ANA, '\uffff']).toArray();
  return orders.filter((order) => order.active).reverse();
}

/** Waits until the screen and IndexedDB agree, then says what they hold. */
async function settled(tab: TabStore): Promise<{ names: string[]; total: number }> {
  await waitFor(async () => expect(tab.orders()).toEqual(await stored()), { timeout: REREAD_QUIET_MS * 6 });
  return { names: names(tab.orders()), total: tab.total() };
}

/**
 * Waits for the store to read IndexedDB again after the writes (their change
 * events ask for it), and for that read to be done: a change tapped after it
 * runs after it, and a 'Quitar' of an order not on the tab changes nothing.
 */
async function afterARead(tab: TabStore): Promise<void> {
  const reads = vi.spyOn(IDBIndex.prototype, 'getAll');
  await waitFor(() => expect(reads).toHaveBeenCalled(), { timeout: REREAD_QUIET_MS * 6 });
  expect(await tab.takeOff({ id: crypto.randomUUID() })).toBe(false);
}

describe('the tab on screen', () => {
  it('shows each pick and its total in the tap, and reads IndexedDB again only once the taps stop', async () => {
    const screen = renderHook(() => {
      const tab = guestTab(ANA);
      return { orders: useActiveOrders(tab), total: useTabTotal(tab), state: useTabState(tab) };
    });
    await waitFor(() => expect(screen.result.current.state).toBe('empty'));
    const reads = vi.spyOn(IDBIndex.prototype, 'getAll');

    for (let tap = 1; tap <= 4; tap += 1) {
      let written: Promise<unknown> = Promise.resolve();
      act(() => {
        written = guestTab(ANA).addOrder(SUMMER_ALE);
      });
      // In the tap itself, before IndexedDB has the pick.
      expect(screen.result.current.orders).toHaveLength(tap);
      expect(screen.result.current.total).toBe(4400 * tap);
      await act(() => written);
    }
    expect(screen.result.current.state).toBe('open');
    // Each write is done well within the calm the re-read waits for: none yet.
    expect(reads).not.toHaveBeenCalled();

    await waitFor(() => expect(reads).toHaveBeenCalledTimes(1), { timeout: REREAD_QUIET_MS * 4 });
    expect(screen.result.current.orders).toHaveLength(4);
    expect(screen.result.current.total).toBe(17600);
    screen.unmount();
  });
});

/** The sequences (Summer Ale 500cc = A, Tabla Irish = B): each left the screen wrong once the writes were done. */
type Tap = (tab: TabStore, removed: Order[]) => Promise<unknown>;
const add =
  (pick: typeof SUMMER_ALE): Tap =>
  (tab) =>
    tab.addOrder(pick);
const takeOff =
  (name: string): Tap =>
  (tab, removed) => {
    // 'Quitar' on the newest row of that product, as the guest sees it; 'Deshacer' holds that row.
    const row = tab.orders()?.find((order) => order.product_name === name);
    if (!row) throw new Error(`no ${name} on screen`);
    removed.push(row);
    return tab.takeOff(row);
  };
const putBack =
  (name: string): Tap =>
  (tab, removed) => {
    const row = removed.findLast((order) => order.product_name === name);
    if (!row) throw new Error(`no ${name} to put back`);
    return tab.putBack(row);
  };

const SEQUENCES: readonly (readonly [string, readonly Tap[], string[], number])[] = [
  [
    'add A, add B, Quitar B, Otra A',
    [add(SUMMER_ALE), add(TABLA_IRISH), takeOff('Tabla Irish'), add(SUMMER_ALE)],
    ['Summer Ale 500cc', 'Summer Ale 500cc'],
    8800,
  ],
  [
    'add A, Quitar A, Deshacer, Otra A, Quitar the newest A',
    [add(SUMMER_ALE), takeOff('Summer Ale 500cc'), putBack('Summer Ale 500cc'), add(SUMMER_ALE), takeOff('Summer Ale 500cc')],
    ['Summer Ale 500cc'],
    4400,
  ],
  [
    'add A, add B, Quitar B, Deshacer, Quitar B',
    [add(SUMMER_ALE), add(TABLA_IRISH), takeOff('Tabla Irish'), putBack('Tabla Irish'), takeOff('Tabla Irish')],
    ['Summer Ale 500cc'],
    4400,
  ],
  [
    'add A, add B, Quitar B, Quitar A, Deshacer',
    [add(SUMMER_ALE), add(TABLA_IRISH), takeOff('Tabla Irish'), takeOff('Summer Ale 500cc'), putBack('Summer Ale 500cc')],
    ['Summer Ale 500cc'],
    4400,
  ],
];

describe.each([
  ['one write at a time', true],
  ['taps faster than the writes', false],
])('the issue’s sequences, %s', (_pace, waitForEachWrite) => {
  it.each(SEQUENCES)('%s: the screen ends as IndexedDB holds it', async (_name, taps, expectedNames, expectedTotal) => {
    const tab = await onScreen(new TabStore(phoneDatabase, ANA));
    const removed: Order[] = [];
    const writes: Promise<unknown>[] = [];
    for (const tap of taps) {
      const write = tap(tab, removed);
      writes.push(write);
      if (waitForEachWrite) await write;
      else await Promise.resolve();
      // What the guest sees at once is already the end of the tap.
    }
    await Promise.all(writes);
    // Nothing left over comes back when the store reads IndexedDB again.
    await afterARead(tab);
    expect({ names: names(tab.orders()), total: tab.total() }).toEqual({ names: expectedNames, total: expectedTotal });
    expect(await settled(tab)).toEqual({ names: expectedNames, total: expectedTotal });
  });
});

describe('a removal, undone, and removed again', () => {
  it('stays removed once every write and every read is done (issue 18, bug 1)', async () => {
    const tab = await onScreen(new TabStore(phoneDatabase, ANA));
    await tab.addOrder(SUMMER_ALE);
    const tabla = await tab.addOrder(TABLA_IRISH);
    await tab.takeOff(tabla);
    await tab.putBack(tabla);
    await tab.takeOff(tabla);
    await afterARead(tab);
    expect(names(tab.orders())).toEqual(['Summer Ale 500cc']);
    expect(tab.total()).toBe(4400);
    expect(names(await stored())).toEqual(['Summer Ale 500cc']);
  });
});

describe('taps in one millisecond', () => {
  it('show and are kept in tap order', async () => {
    const tab = await onScreen(new TabStore(phoneDatabase, ANA));
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-21T22:00:00.000Z'));
    try {
      const taps = [tab.addOrder(SUMMER_ALE), tab.addOrder(TABLA_IRISH), tab.addOrder(SUMMER_ALE)];
      expect(names(tab.orders())).toEqual(['Summer Ale 500cc', 'Tabla Irish', 'Summer Ale 500cc']);
      const [first, second, third] = await Promise.all(taps);
      expect([first?.created_at, second?.created_at, third?.created_at]).toEqual([
        '2026-11-21T22:00:00.000Z',
        '2026-11-21T22:00:00.001Z',
        '2026-11-21T22:00:00.002Z',
      ]);
      expect((await stored()).map((order) => order.id)).toEqual([third?.id, second?.id, first?.id]);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('a change the phone refuses', () => {
  it('leaves the screen at once, and the write rejects', async () => {
    const tab = await onScreen(new TabStore(phoneDatabase, ANA));
    await tab.addOrder(SUMMER_ALE);
    const seen: number[] = [];
    follow(tab, () => seen.push(tab.total()));
    vi.spyOn(IDBObjectStore.prototype, 'add').mockImplementationOnce(() => {
      throw new DOMException('disk full', 'QuotaExceededError');
    });
    const refused = tab.addOrder(TABLA_IRISH);
    expect(tab.total()).toBe(21390);
    await expect(refused).rejects.toThrow('disk full');
    // Shown, then taken back: the guest saw it go.
    expect(seen).toEqual([21390, 4400]);
    expect(names(tab.orders())).toEqual(['Summer Ale 500cc']);
    expect(await db.orders.count()).toBe(1);
    expect(await db.outbox.count()).toBe(1);
  });
});

describe('two tabs of the same guest', () => {
  it('each show what the other did, once IndexedDB has it', async () => {
    const first = await onScreen(new TabStore(phoneDatabase, ANA));
    const second = await onScreen(new TabStore(phoneDatabase, ANA));
    const ale = await first.addOrder(SUMMER_ALE);
    await waitFor(() => expect(names(second.orders())).toEqual(['Summer Ale 500cc']));
    await second.takeOff(ale);
    await second.addOrder(TABLA_IRISH);
    await waitFor(() => expect(names(first.orders())).toEqual(['Tabla Irish']));
    expect(first.total()).toBe(16990);
    expect(await settled(second)).toEqual({ names: ['Tabla Irish'], total: 16990 });
  });

  it('reset only what the screen showed: a pick the other tab made a moment before stays', async () => {
    const first = await onScreen(new TabStore(phoneDatabase, ANA));
    const second = new TabStore(phoneDatabase, ANA);
    await first.addOrder(SUMMER_ALE);
    // The other tab's pick and this tab's reset, tapped in the same moment.
    const [, reset] = await Promise.all([second.addOrder(TABLA_IRISH), first.reset()]);
    expect(reset).toHaveLength(1);
    expect(await settled(first)).toEqual({ names: ['Tabla Irish'], total: 16990 });
  });
});

describe('Deshacer after a reset', () => {
  const outboxChanges = async () =>
    ((await db.outbox.toArray()) as TabEntry[]).flatMap((entry) => ('orderIds' in entry ? [[entry.kind, ...[...entry.orderIds].sort()]] : []));

  it('puts back exactly what the reset took off, in the tap, as one undo in the queue, and forgets their reset ids', async () => {
    const tab = await onScreen(new TabStore(phoneDatabase, ANA));
    const removedEarlier = await tab.addOrder(TABLA_IRISH);
    await tab.takeOff(removedEarlier);
    const ale = await tab.addOrder(SUMMER_ALE);
    const aperol = await tab.addOrder({ name: 'Aperol Spritz', price: 6500 });
    const reset = tab.resetWithUndo();
    expect(tab.orders()).toEqual([]);
    expect(reset.orders.map((order) => order.id)).toEqual([aperol.id, ale.id]);
    expect([...(await reset.written)].sort()).toEqual([ale.id, aperol.id].sort());
    expect(rememberedInactive(ANA)).toEqual(new Set([removedEarlier.id, ale.id, aperol.id]));

    // A pick after the reset stays, and is not part of the undo.
    const later = await tab.addOrder(SUMMER_ALE);
    const undone = tab.undoReset(reset);
    // In the tap, before the phone has written it.
    expect(names(tab.orders())).toEqual(['Summer Ale 500cc', 'Aperol Spritz', 'Summer Ale 500cc']);
    expect(tab.total()).toBe(4400 + 6500 + 4400);
    expect([...(await undone)].sort()).toEqual([ale.id, aperol.id].sort());
    expect(await settled(tab)).toEqual({ names: ['Summer Ale 500cc', 'Aperol Spritz', 'Summer Ale 500cc'], total: 15300 });
    expect((await stored()).map((order) => order.id)).toEqual([later.id, aperol.id, ale.id]);
    expect((await db.orders.get(removedEarlier.id))?.active).toBe(false);
    // The one taken off before the reset is still remembered; the put-back ones may come back from the server.
    expect(rememberedInactive(ANA)).toEqual(new Set([removedEarlier.id]));
    expect((await outboxChanges()).slice(-2)).toEqual([
      ['deactivate-orders', ...[ale.id, aperol.id].sort()],
      ['reactivate-orders', ...[ale.id, aperol.id].sort()],
    ]);
  });

  it('tapped before the reset is written, still puts back only what the reset changed', async () => {
    const tab = await onScreen(new TabStore(phoneDatabase, ANA));
    const other = new TabStore(phoneDatabase, ANA);
    const ale = await tab.addOrder(SUMMER_ALE);
    const tabla = await tab.addOrder(TABLA_IRISH);
    // Another tab took Tabla Irish off a moment before; this screen had not heard yet.
    await other.takeOff(tabla);
    const reset = tab.resetWithUndo();
    const undone = tab.undoReset(reset);
    expect(names(tab.orders())).toEqual(['Tabla Irish', 'Summer Ale 500cc']);
    expect(await undone).toEqual([ale.id]);
    expect(await settled(tab)).toEqual({ names: ['Summer Ale 500cc'], total: 4400 });
    expect((await db.orders.get(tabla.id))?.active).toBe(false);
  });

  it('puts nothing back when the phone refused the reset', async () => {
    const tab = await onScreen(new TabStore(phoneDatabase, ANA));
    await tab.addOrder(SUMMER_ALE);
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementationOnce(() => {
      throw new DOMException('disk full', 'QuotaExceededError');
    });
    const reset = tab.resetWithUndo();
    await expect(reset.written).rejects.toThrow('disk full');
    const queued = await db.outbox.count();
    expect(await tab.undoReset(reset)).toEqual([]);
    expect(await db.outbox.count()).toBe(queued);
    expect(await settled(tab)).toEqual({ names: ['Summer Ale 500cc'], total: 4400 });
  });

  it('shows in the other tab of the guest too', async () => {
    const first = await onScreen(new TabStore(phoneDatabase, ANA));
    const second = await onScreen(new TabStore(phoneDatabase, ANA));
    await first.addOrder(SUMMER_ALE);
    await first.addOrder(TABLA_IRISH);
    await waitFor(() => expect(second.total()).toBe(21390));
    const reset = first.resetWithUndo();
    await reset.written;
    await waitFor(() => expect(second.orders()).toEqual([]));
    await first.undoReset(reset);
    await waitFor(() => expect(names(second.orders())).toEqual(['Tabla Irish', 'Summer Ale 500cc']));
    expect(second.total()).toBe(21390);
  });
});
