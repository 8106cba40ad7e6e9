import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { phoneDatabase, type Order } from '../../../src/db/index.ts';
import { db } from '../../../src/db/database.ts';
import { TabStore } from '../../../src/tab/index.ts';
import { JOURNAL_KEY, journalled } from '../../../src/tab/journal.ts';

const ANA = '8a6e0804-2bd0-4672-b79e-d4b259de3b01';
const cutOff: Order = {
  id: '00000000-0000-4000-8000-00000000000a',
  user_id: ANA,
  product_name: 'Tabla Irish',
  product_price: 16990,
  active: true,
  created_at: '2026-11-21T22:00:00.000Z',
};

const stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

/** The tab opens on a screen after a reload: the journal's picks are shown and written. */
function reopened(): TabStore {
  const tab = new TabStore(phoneDatabase, ANA);
  stops.push(tab.subscribe(() => undefined));
  return tab;
}

const writtenOnce = async () => {
  await waitFor(async () => expect(await db.orders.toArray()).toEqual([cutOff]));
  expect((await db.outbox.toArray()).map((entry) => entry.kind)).toEqual(['insert-order']);
  await waitFor(() => expect(localStorage.length).toBe(0));
};

describe('picks on their way to IndexedDB', () => {
  it('are journalled at the tap and leave the journal once written', async () => {
    const adding = new TabStore(phoneDatabase, ANA).addOrder({ name: 'Aperol Spritz', price: 6500 });
    expect(journalled().map((order) => order.product_name)).toEqual(['Aperol Spritz']);
    await adding;
    expect(journalled()).toEqual([]);
    expect(localStorage.length).toBe(0);
  });

  it('show and are written when the tab opens after a reload cut them off, once, with their outbox entry', async () => {
    localStorage.setItem(JOURNAL_KEY, JSON.stringify([cutOff, { id: 'not-an-order' }]));
    const tab = reopened();
    // On screen before IndexedDB has it, as at the tap.
    await waitFor(() => expect(tab.orders()).toEqual([cutOff]));
    await writtenOnce();
    stops.splice(0).forEach((stop) => stop());
    reopened();
    await writtenOnce();
  });

  it('writes picks kept one per key, also when one of them is corrupt', async () => {
    localStorage.setItem(`${JOURNAL_KEY}:${cutOff.id}`, JSON.stringify(cutOff));
    localStorage.setItem(`${JOURNAL_KEY}:broken`, '{"id":');
    reopened();
    await writtenOnce();
  });

  it('never writes a pick twice when it already reached IndexedDB', async () => {
    const written = await new TabStore(phoneDatabase, ANA).addOrder({ name: 'Summer Ale 500cc', price: 4400 });
    localStorage.setItem(JOURNAL_KEY, JSON.stringify([written]));
    const tab = reopened();
    await waitFor(() => expect(localStorage.length).toBe(0));
    expect(tab.orders()).toEqual([written]);
    expect(await db.orders.count()).toBe(1);
    expect(await db.outbox.count()).toBe(1);
  });

  it('leave another guest’s picks for that guest’s tab', async () => {
    const beto = { ...cutOff, user_id: '2f1c4b7e-93d2-4c36-9d5f-0e8e2f4a6b17' };
    localStorage.setItem(`${JOURNAL_KEY}:${beto.id}`, JSON.stringify(beto));
    const tab = reopened();
    await waitFor(() => expect(tab.state()).toBe('empty'));
    expect(journalled()).toEqual([beto]);
    expect(await db.orders.count()).toBe(0);
  });
});
