/** The rules the tab's screen and its records share: each change, and the stored rows taking its place. */
import { describe, expect, it } from 'vitest';
import type { Order } from '../../../src/db/index.ts';
import { applyChange, newestFirst, sameTab, withRows } from '../../../src/tab/changes.ts';

const ANA = '8a6e0804-2bd0-4672-b79e-d4b259de3b01';
const order = (n: number, seconds: number, extra: Partial<Order> = {}): Order => ({
  id: `00000000-0000-4000-8000-0000000000${String(n).padStart(2, '0')}`,
  user_id: ANA,
  product_name: `Producto ${n}`,
  product_price: 1000 * n,
  active: true,
  created_at: new Date(Date.UTC(2026, 10, 21, 22, 0, seconds)).toISOString(),
  ...extra,
});

const ids = (orders: readonly Order[]) => orders.map((one) => one.id.slice(-2));

describe('the tab’s changes', () => {
  const tab = [order(3, 30), order(2, 20), order(1, 10)];

  it('puts a pick in its place by tap time, newest first, and never twice', () => {
    expect(ids(applyChange(tab, { kind: 'add', order: order(4, 40) }))).toEqual(['04', '03', '02', '01']);
    expect(ids(applyChange(tab, { kind: 'add', order: order(5, 15) }))).toEqual(['03', '02', '05', '01']);
    expect(ids(applyChange(tab, { kind: 'add', order: order(2, 20) }))).toEqual(['03', '02', '01']);
  });

  it('orders two taps of the same millisecond as IndexedDB lists them: by id', () => {
    const same = [order(7, 50), order(6, 50)].sort(newestFirst);
    expect(ids(same)).toEqual(['07', '06']);
    expect(ids(applyChange([order(6, 50)], { kind: 'add', order: order(7, 50) }))).toEqual(['07', '06']);
  });

  it('takes one off and puts it back active, in its old place', () => {
    const without = applyChange(tab, { kind: 'take-off', orderId: order(2, 20).id });
    expect(ids(without)).toEqual(['03', '01']);
    expect(ids(applyChange(without, { kind: 'put-back', orders: [order(2, 20, { active: false })] }))).toEqual(['03', '02', '01']);
    expect(applyChange(without, { kind: 'put-back', orders: [order(2, 20, { active: false })] })[1]?.active).toBe(true);
  });

  it('puts back what a reset took off, each in its place, beside a pick made since', () => {
    const reset = applyChange(tab, { kind: 'reset', orderIds: [order(3, 30).id, order(1, 10).id] });
    const picked = applyChange(reset, { kind: 'add', order: order(4, 40) });
    const back = applyChange(picked, { kind: 'put-back', orders: [order(3, 30, { active: false }), order(1, 10, { active: false })] });
    expect(ids(back)).toEqual(['04', '03', '02', '01']);
    expect(back.every((one) => one.active)).toBe(true);
    expect(applyChange(tab, { kind: 'put-back', orders: [] })).toBe(tab);
  });

  it('leaves the same array when a change finds nothing to do', () => {
    expect(applyChange(tab, { kind: 'take-off', orderId: order(9, 90).id })).toBe(tab);
    expect(applyChange(tab, { kind: 'reset', orderIds: [order(9, 90).id] })).toBe(tab);
  });

  it('resets exactly the orders named, or all when the tab was not read', () => {
    expect(ids(applyChange(tab, { kind: 'reset', orderIds: [order(3, 30).id, order(1, 10).id] }))).toEqual(['02']);
    expect(applyChange(tab, { kind: 'reset', orderIds: null })).toEqual([]);
  });

  it('takes the stored rows as the truth for their orders: inactive ones leave, active ones come with their marks', () => {
    const stored = withRows(tab, [order(3, 30, { active: false }), order(1, 10, { rejected: 'HTTP 400 · 23514' }), order(8, 25)]);
    expect(ids(stored)).toEqual(['08', '02', '01']);
    expect(stored[2]?.rejected).toBe('HTTP 400 · 23514');
  });

  it('tells a tab that shows the same rows from one that does not', () => {
    expect(
      sameTab(
        tab,
        tab.map((one) => ({ ...one })),
      ),
    ).toBe(true);
    expect(sameTab(tab, [order(3, 30), order(2, 20), order(1, 10, { rejected: 'x' })])).toBe(false);
    expect(sameTab(tab, tab.slice(1))).toBe(false);
  });
});
