import { describe, expect, it } from 'vitest';
import { db, type Order } from '../../../src/db/index.ts';
import { activeOrders, addOrder, writeJournalledPicks } from '../../../src/tab/index.ts';
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

describe('picks on their way to IndexedDB', () => {
  it('are journalled at the tap and leave the journal once written', async () => {
    const adding = addOrder(ANA, { name: 'Aperol Spritz', price: 6500 });
    expect(journalled().map((order) => order.product_name)).toEqual(['Aperol Spritz']);
    await adding;
    expect(journalled()).toEqual([]);
    expect(localStorage.length).toBe(0);
  });

  it('are written at the next start when a reload cut them off, once, with their outbox entry', async () => {
    localStorage.setItem(JOURNAL_KEY, JSON.stringify([cutOff, { id: 'not-an-order' }]));
    await writeJournalledPicks();
    await writeJournalledPicks();
    expect(await activeOrders(ANA)).toEqual([cutOff]);
    expect((await db.outbox.toArray()).map((entry) => entry.kind)).toEqual(['insert-order']);
    expect(localStorage.getItem(JOURNAL_KEY)).toBeNull();
  });

  it('writes picks kept one per key, also when one of them is corrupt', async () => {
    localStorage.setItem(`${JOURNAL_KEY}:${cutOff.id}`, JSON.stringify(cutOff));
    localStorage.setItem(`${JOURNAL_KEY}:broken`, '{"id":');
    await writeJournalledPicks();
    expect(await activeOrders(ANA)).toEqual([cutOff]);
    expect(localStorage.length).toBe(0);
  });

  it('never writes a pick twice when it already reached IndexedDB', async () => {
    const written = await addOrder(ANA, { name: 'Summer Ale 500cc', price: 4400 });
    localStorage.setItem(JOURNAL_KEY, JSON.stringify([written]));
    await writeJournalledPicks();
    expect(await db.orders.count()).toBe(1);
    expect(await db.outbox.count()).toBe(1);
  });
});
