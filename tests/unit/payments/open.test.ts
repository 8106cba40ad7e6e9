/** 'Ir a pagar' asks for a checkout only once the tab's changes are on the server (issue 42). */
import { describe, expect, it } from 'vitest';
import { tabOnServer } from '../../../src/payments/open.ts';
import type { Outbox } from '../../../src/sync/index.ts';

/** An outbox whose queue empties after `flushesToEmpty` flushes (never, with Infinity). */
function outboxOf(pending: number, flushesToEmpty: number) {
  let flushes = 0;
  let left = pending;
  const outbox = {
    store: { summary: () => Promise.resolve({ pending: left, rejectedOrders: 0, rejectedOther: 0 }) },
    flushNow: () => {
      flushes += 1;
      if (flushes >= flushesToEmpty) left = 0;
      return Promise.resolve();
    },
  } as unknown as Outbox;
  return { outbox, flushes: () => flushes };
}

describe('the tab on the server before a checkout', () => {
  it('is at once with nothing queued, flushing nothing', async () => {
    const { outbox, flushes } = outboxOf(0, 1);
    expect(await tabOnServer(Promise.resolve(outbox))).toBe(true);
    expect(flushes()).toBe(0);
  });

  it('flushes what is queued (a pick a second old, the guest’s own row) and goes on once the queue is empty', async () => {
    const { outbox, flushes } = outboxOf(2, 2);
    expect(await tabOnServer(Promise.resolve(outbox))).toBe(true);
    expect(flushes()).toBe(2);
  });

  it('gives up past its deadline when the queue cannot empty (no signal): no checkout of a tab the server does not have', async () => {
    const { outbox } = outboxOf(1, Number.POSITIVE_INFINITY);
    expect(await tabOnServer(Promise.resolve(outbox), 400)).toBe(false);
  });

  it('needs nothing where the app has no queue, and fails where the queue could not load', async () => {
    expect(await tabOnServer(null)).toBe(true);
    expect(await tabOnServer(Promise.reject(new Error('chunk failed')))).toBe(false);
  });
});
