import { describe, expect, it, vi } from 'vitest';
import { db, type Order } from '../../../src/db/index.ts';
import { addOrder } from '../../../src/tab/index.ts';
import { pendingOrders, withPending } from '../../../src/tab/pending.ts';

const ANA = '8a6e0804-2bd0-4672-b79e-d4b259de3b01';
const order = (id: string, userId = ANA): Order => ({
  id,
  user_id: userId,
  product_name: 'Aperol Spritz',
  product_price: 6500,
  active: true,
  created_at: '2026-11-21T22:00:00.000Z',
});

describe('picks shown before the phone confirms them', () => {
  it('puts this guest’s pending picks on top, newest first, never twice', () => {
    const stored = [order('b'), order('a')];
    expect(withPending(stored, [order('c'), order('d'), order('b'), order('x', 'someone-else')], ANA).map((o) => o.id)).toEqual([
      'd',
      'c',
      'b',
      'a',
    ]);
    expect(withPending(stored, [], ANA)).toEqual(stored);
  });

  it('shows a pick at once and drops it again if the phone refuses to store it', async () => {
    vi.spyOn(db.orders, 'add').mockRejectedValueOnce(new Error('QuotaExceededError'));
    const saving = addOrder(ANA, { name: 'Tabla Irish', price: 16990 });
    expect(pendingOrders().map((pending) => pending.product_name)).toEqual(['Tabla Irish']);
    await expect(saving).rejects.toThrow('QuotaExceededError');
    expect(pendingOrders()).toEqual([]);
  });
});
