/**
 * The queue never strands a tab: orders wait for their guest's row, a refused
 * guest is asked for a new name, a lost guest row is sent again, and parked
 * entries come back with a new version or 'Reintentar'.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { phoneDatabase } from '../../../src/db/index.ts';
import { db } from '../../../src/db/database.ts';
import { inProcessLock } from '../../../src/sync/lock.ts';
import { tabOutbox } from '../../../scripts/lib/tab-outbox.ts';
import { restoreEvictedTab } from '../../../src/tab/restore.ts';
import { rememberInactive, rememberedInactive } from '../../../src/tab/inactive-memory.ts';
import { guestTab } from '../../../src/tab/index.ts';
import { recordingTransport, type TransportCall } from '../../support/fake-transport.ts';
import { FLUSHERS, type Flusher } from '../../support/flushers.ts';
import type { TabEntry } from '../../../src/tab/entries.ts';

const ANA = { id: '8a6e0804-2bd0-4672-b79e-d4b259de3b01', full_name: 'Ana Pérez' };
const pick = { name: 'Aperol Spritz', price: 6500 };
const GUEST_FK = { status: 409, code: '23503', message: 'insert or update on table "orders" violates foreign key constraint "orders_user_id_fkey"' };
const outbox = tabOutbox(phoneDatabase);
const REFUSED_NAME = { status: 400, code: '23514', message: 'new row for relation "users" violates check constraint "users_full_name_clean"' };

async function addOrders(count: number) {
  const ids: string[] = [];
  for (let index = 0; index < count; index += 1) ids.push((await guestTab(ANA.id).addOrder(pick)).id);
  return ids;
}

describe.each(FLUSHERS)('the queue, flushed %s', (_where, makeFlusher) => {
  let flusher: Flusher;
  beforeEach(async () => {
    flusher = await makeFlusher();
  });
  afterEach(() => flusher.close());

  const flush = (answer: (call: TransportCall) => { status: number; code?: string; message?: string }, appVersion = '1.0.0') => {
    const recorded = recordingTransport(answer);
    return { calls: recorded.calls, outcome: flusher.flush({ transport: recorded.transport, lock: inProcessLock(), appVersion }) };
  };

  describe('a refused guest row', () => {
    it('holds the guest’s orders and reset in the queue (never parked), and asks for the name', async () => {
      await outbox.queueGuest(ANA);
      const ids = await addOrders(3);
      await guestTab(ANA.id).reset();
      const first = flush((call) => (call.table === 'users' ? REFUSED_NAME : { status: 201 }));
      expect(await first.outcome).toEqual({ kind: 'done' });
      expect(first.calls.map((call) => call.table ?? call.kind)).toEqual(['users']);
      expect(await db.outbox.count()).toBe(4);
      expect((await db.parked.toArray()).map((item) => (item.entry as { kind: string }).kind)).toEqual(['insert-user']);
      expect(await db.guests.get(ANA.id)).toMatchObject({ state: 'refused', refusal: expect.stringContaining('23514') });
      expect((await db.orders.bulkGet(ids)).every((order) => order?.rejected === undefined)).toBe(true);
    });

    it('sends every waiting order, once and in order, after the guest fixes the name', async () => {
      await outbox.queueGuest({ ...ANA, full_name: 'Ana Pérez' });
      const ids = await addOrders(3);
      await flush((call) => (call.table === 'users' ? REFUSED_NAME : { status: 201 })).outcome;
      await outbox.requeueGuest({ id: ANA.id, full_name: 'Ana María Pérez' });
      expect(await db.parked.count()).toBe(0);
      const second = flush(() => ({ status: 201 }));
      expect(await second.outcome).toEqual({ kind: 'done' });
      expect(second.calls.map((call) => [call.table, call.rows?.map((row) => row.full_name ?? row.id)])).toEqual([
        ['users', ['Ana María Pérez']],
        ['orders', ids],
      ]);
      expect(await db.outbox.count()).toBe(0);
      expect(await db.guests.get(ANA.id)).toMatchObject({ state: 'synced', full_name: 'Ana María Pérez' });
    });
  });

  describe('a guest row the server lost', () => {
    it('is sent again ahead of the orders, which are never parked for it', async () => {
      await outbox.queueGuest(ANA);
      await flush(() => ({ status: 201 })).outcome;
      expect(await db.guests.get(ANA.id)).toMatchObject({ state: 'synced' });
      const ids = await addOrders(2);
      let serverHasGuest = false;
      const run = flush((call) => {
        if (call.table === 'users') serverHasGuest = true;
        return serverHasGuest ? { status: 201 } : GUEST_FK;
      });
      expect(await run.outcome).toEqual({ kind: 'done' });
      expect(run.calls.map((call) => call.table)).toEqual(['orders', 'users', 'orders']);
      expect(run.calls[2]?.rows?.map((row) => row.id)).toEqual(ids);
      expect(await db.parked.count()).toBe(0);
    });

    it('waits (retry) instead of spinning when the server keeps losing it', async () => {
      await outbox.queueGuest(ANA);
      await flush(() => ({ status: 201 })).outcome;
      await addOrders(1);
      const run = flush((call) => (call.table === 'users' ? { status: 201 } : GUEST_FK));
      expect(await run.outcome).toMatchObject({ kind: 'retry' });
      expect(run.calls).toHaveLength(3);
      expect(await db.outbox.count()).toBe(1);
      expect(await db.parked.count()).toBe(0);
    });
  });

  describe('parked entries', () => {
    const badPrice = { status: 409, code: '23503', message: 'insert or update on table "orders" violates foreign key constraint "orders_product_on_menu"' };

    it('are retried once by a new version, sent as the phone holds them now, and parked again if still refused', async () => {
      const [first, second] = await addOrders(2);
      await flush(() => badPrice, '1.0.0').outcome;
      expect(await db.parked.count()).toBe(2);
      // Taken off the tab, refused picks go back to the queue at once, as the phone holds them now (issue 43): inactive.
      await guestTab(ANA.id).reset();
      expect(await db.parked.count()).toBe(0);
      expect((await db.orders.get(first ?? ''))?.rejected).toBeUndefined();
      const sentOff = flush(() => ({ status: 201 }), '1.0.0');
      expect(await sentOff.outcome).toEqual({ kind: 'done' });
      expect(sentOff.calls[0]?.rows?.map((row) => [row.id, row.active])).toEqual([
        [first, false],
        [second, false],
      ]);

      // One still on the tab waits for 'Reintentar' or a new version.
      const [third] = await addOrders(1);
      await flush(() => badPrice, '1.0.0').outcome;
      expect(await outbox.retryParked({ parkedBefore: '1.0.0' })).toBe(0);
      expect(await outbox.retryParked({ parkedBefore: '1.1.0' })).toBe(1);
      expect((await db.orders.get(third ?? ''))?.rejected).toBeUndefined();
      const retried = flush(() => ({ status: 201 }), '1.1.0');
      expect(await retried.outcome).toEqual({ kind: 'done' });
      expect(retried.calls[0]?.rows?.map((row) => [row.id, row.active])).toEqual([[third, true]]);

      await addOrders(1);
      await flush(() => badPrice, '1.1.0').outcome;
      expect(await outbox.retryParked({ parkedBefore: '1.1.0' })).toBe(0);
      expect(await db.parked.toArray()).toEqual([expect.objectContaining({ appVersion: '1.1.0' })]);
    });

    it('all go back to the queue on "Reintentar", as new entries after what is queued', async () => {
      const ids = await addOrders(3);
      await flush((call) => (call.rows?.some((row) => row.id === ids[1]) ? badPrice : { status: 201 })).outcome;
      const [later] = await addOrders(1);
      const parkedSeq = (await db.parked.toArray())[0]?.entry as { seq?: number };
      expect(await outbox.retryParked({ all: true })).toBe(1);
      const queued = (await db.outbox.orderBy('seq').toArray()) as TabEntry[];
      expect(queued.map((entry) => (entry.kind === 'insert-order' ? entry.row.id : ''))).toEqual([later, ids[1]]);
      expect(queued[1]?.seq).toBeGreaterThan(queued[0]?.seq ?? Infinity);
      expect(queued[1]?.seq).not.toBe(parkedSeq.seq);
    });

    it('never undo a later change: a removal refused, then undone, is not sent again on "Reintentar"', async () => {
      const [kept, gone] = await addOrders(2);
      await flush(() => ({ status: 201 })).outcome;
      await guestTab(ANA.id).takeOff({ id: kept ?? '' });
      await guestTab(ANA.id).takeOff({ id: gone ?? '' });
      // The server refuses the first removal for good; the second goes through.
      let refusals = 1;
      const refuseOneRemoval = (call: TransportCall) => {
        if (call.kind !== 'deactivate' || refusals === 0) return { status: 204 };
        refusals -= 1;
        return { status: 400, code: '23514', message: 'check violation' };
      };
      await flush(refuseOneRemoval).outcome;
      expect(await db.parked.count()).toBe(1);
      const parkedOrder = await db.orders.get(kept ?? '');
      if (!parkedOrder) throw new Error('the order stays on the phone');
      await guestTab(ANA.id).putBack(parkedOrder);
      await flush(() => ({ status: 204 })).outcome;

      expect(await outbox.retryParked({ all: true })).toBe(1);
      const retried = flush(() => ({ status: 204 }));
      expect(await retried.outcome).toEqual({ kind: 'done' });
      // The order is active again on the phone: the old removal of it has nothing left to say.
      expect(retried.calls).toEqual([]);
      expect(await db.outbox.count()).toBe(0);
      expect(await db.parked.count()).toBe(0);
    });

    it('keep what is not even an object parked, in sight', async () => {
      await db.parked.add({ entry: 'garbage', error: 'invalid', parkedAt: 0 });
      expect(await outbox.retryParked({ all: true })).toBe(0);
      expect(await db.parked.count()).toBe(1);
    });
  });

  describe('batches', () => {
    it('are cut by bytes as well as by rows', async () => {
      await outbox.queueGuest(ANA);
      for (let index = 0; index < 400; index += 1) {
        await guestTab(ANA.id).addOrder({ name: `Cóctel ${'🍺'.repeat(100)} ${index}`, price: 6500 });
      }
      const run = flush(() => ({ status: 201 }));
      await run.outcome;
      const sizes = run.calls.filter((call) => call.table === 'orders').map((call) => new TextEncoder().encode(JSON.stringify(call.rows)).length);
      expect(sizes.length).toBeGreaterThan(1);
      expect(Math.max(...sizes)).toBeLessThanOrEqual(256 * 1024);
      expect(run.calls.filter((call) => call.table === 'orders').flatMap((call) => call.rows ?? [])).toHaveLength(400);
    });
  });
});

describe('restore after eviction', () => {
  it('never brings back orders the guest reset, even if the server still has them active', async () => {
    const ids = await addOrders(2);
    await guestTab(ANA.id).reset();
    rememberInactive(ANA.id, ids);
    expect(rememberedInactive(ANA.id)).toEqual(new Set(ids));
    const remote = ids.map((id, index) => ({
      id,
      user_id: ANA.id,
      ...{ product_name: pick.name, product_price: pick.price },
      active: true,
      created_at: `2026-11-21T22:00:0${index}.000Z`,
    }));
    await Promise.all([db.orders.clear(), db.outbox.clear()]);
    const { transport } = recordingTransport(undefined, remote);
    expect(await restoreEvictedTab(phoneDatabase, transport, ANA.id, rememberedInactive(ANA.id))).toBe(0);
    expect(await db.orders.count()).toBe(0);
  });
});
