import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { phoneDatabase } from '../../../src/db/index.ts';
import { db } from '../../../src/db/database.ts';
import type { QueuedEntry as OutboxEntry } from '../../../src/sync/entries.ts';
import { inProcessLock } from '../../../src/sync/lock.ts';
import { tabOutbox } from '../../../scripts/lib/tab-outbox.ts';
import { restoreEvictedTab } from '../../../src/tab/restore.ts';
import { guestTab } from '../../../src/tab/index.ts';
import { recordingTransport, type TransportCall } from '../../support/fake-transport.ts';
import { FLUSHERS, type Flusher } from '../../support/flushers.ts';

const ANA = { id: '8a6e0804-2bd0-4672-b79e-d4b259de3b01', full_name: 'Ana' };
const BETO = { id: '2f1c4b7e-93d2-4c36-9d5f-0e8e2f4a6b17', full_name: 'Beto' };
const pick = { name: 'Aperol Spritz', price: 6500 };

async function addOrders(guestId: string, count: number) {
  const orders = [];
  for (let index = 0; index < count; index += 1) orders.push(await guestTab(guestId).addOrder(pick));
  return orders;
}

describe.each(FLUSHERS)('flushing the outbox %s', (_where, makeFlusher) => {
  let flusher: Flusher;
  beforeEach(async () => {
    flusher = await makeFlusher();
  });
  afterEach(() => flusher.close());
  const flush = (transport: ReturnType<typeof recordingTransport>['transport']) => flusher.flush({ transport, lock: inProcessLock() });

  it('delivers one order in four IndexedDB transactions: the head, the delivery, the empty head, the sync state', async () => {
    await tabOutbox(phoneDatabase).queueGuest(ANA);
    await flush(recordingTransport().transport);
    await addOrders(ANA.id, 1);
    // On a phone each transaction is a round trip to the browser's storage process, added to every tap's trip to the bar.
    const opened = vi.spyOn(IDBDatabase.prototype, 'transaction');
    expect(await flush(recordingTransport().transport)).toEqual({ kind: 'done' });
    expect(opened.mock.calls.map(([stores, mode]) => `${(typeof stores === 'string' ? [stores] : [...stores]).join('+')}:${mode ?? 'readonly'}`)).toEqual([
      'outbox+guests:readonly',
      'outbox+guests:readwrite',
      'outbox+guests:readonly',
      'syncState:readonly',
    ]);
  });

  it('sends the guest first, then orders in bulk batches of at most 500, and empties the queue', async () => {
    await addOrders(ANA.id, 620);
    await tabOutbox(phoneDatabase).queueGuest(ANA);
    const { transport, calls } = recordingTransport();
    expect(await flush(transport)).toEqual({ kind: 'done' });
    expect(calls.map((call) => [call.table, call.rows?.length])).toEqual([
      ['users', 1],
      ['orders', 500],
      ['orders', 120],
    ]);
    expect(calls.every((call) => call.guestId === ANA.id)).toBe(true);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.syncState.get('flush')).toEqual({ key: 'flush' });
  });

  it('sends the server exactly the row fields, never local marks', async () => {
    const [order] = await addOrders(ANA.id, 1);
    await db.orders.update(order?.id ?? '', { rejected: 'x' });
    const { transport, calls } = recordingTransport();
    await flush(transport);
    expect(Object.keys(calls[0]?.rows?.[0] ?? {}).sort()).toEqual(['active', 'created_at', 'id', 'product_name', 'product_price', 'user_id']);
  });

  it('keeps FIFO around a reset, which deactivates exactly the ids active then', async () => {
    const before = await addOrders(ANA.id, 3);
    await guestTab(ANA.id).reset();
    await addOrders(ANA.id, 2);
    const { transport, calls } = recordingTransport();
    await flush(transport);
    expect(calls.map((call) => call.kind)).toEqual(['insert', 'deactivate', 'insert']);
    expect([...(calls[1]?.ids ?? [])].sort()).toEqual(before.map((order) => order.id).sort());
  });

  it('replays a removal and its undo in order, as the same order’s flag', async () => {
    const [order] = await addOrders(ANA.id, 1);
    if (!order) throw new Error('one order was added');
    const { id } = order;
    await guestTab(ANA.id).takeOff(order);
    await guestTab(ANA.id).putBack(order);
    const { transport, calls } = recordingTransport();
    await flush(transport);
    expect(calls.map((call) => [call.kind, call.ids ?? call.rows?.map((row) => row.id)])).toEqual([
      ['insert', [id]],
      ['deactivate', [id]],
      ['reactivate', [id]],
    ]);
  });

  it('splits a reset of many orders into short requests', async () => {
    await addOrders(ANA.id, 95);
    await guestTab(ANA.id).reset();
    const { transport, calls } = recordingTransport();
    await flush(transport);
    expect(calls.filter((call) => call.kind === 'deactivate').map((call) => call.ids?.length)).toEqual([40, 40, 15]);
  });

  it('groups each guest’s orders under that guest’s header', async () => {
    await addOrders(ANA.id, 2);
    await addOrders(BETO.id, 2);
    await addOrders(ANA.id, 1);
    const { transport, calls } = recordingTransport();
    await flush(transport);
    expect(calls.map((call) => [call.guestId, call.rows?.length])).toEqual([
      [ANA.id, 2],
      [BETO.id, 2],
      [ANA.id, 1],
    ]);
  });

  it('isolates one refused row in a batch of 100 by halving, parks it, and sends the other 99', async () => {
    const orders = await addOrders(ANA.id, 100);
    const bad = orders[63]?.id;
    const { transport, calls } = recordingTransport((call: TransportCall) =>
      call.rows?.some((row) => row.id === bad) ? { status: 400, code: '23514', message: 'check violation' } : { status: 201 },
    );
    expect(await flush(transport)).toEqual({ kind: 'done' });
    const delivered = calls.filter((call) => !call.rows?.some((row) => row.id === bad)).flatMap((call) => call.rows ?? []);
    expect(delivered).toHaveLength(99);
    expect(calls.length).toBeLessThanOrEqual(1 + 2 * Math.ceil(Math.log2(100)));
    expect(await db.outbox.count()).toBe(0);
    const parked = await db.parked.toArray();
    expect(parked).toHaveLength(1);
    expect(parked[0]).toMatchObject({ error: expect.stringContaining('23514'), entry: { kind: 'insert-order', row: { id: bad } } });
    expect((await db.orders.get(bad ?? ''))?.rejected).toContain('23514');
    expect(await db.orders.count()).toBe(100);
  });

  it('keeps every entry on a network failure, 5xx, 408 or 429, and reports Retry-After', async () => {
    await addOrders(ANA.id, 3);
    for (const answer of [{ status: 0 }, { status: 503 }, { status: 408 }, { status: 429, retryAfterMs: 9000 }]) {
      const { transport } = recordingTransport(() => answer);
      const outcome = await flush(transport);
      expect(outcome).toMatchObject({ kind: 'retry', retryAfterMs: answer.retryAfterMs });
      expect(await db.outbox.count()).toBe(3);
    }
    expect((await db.syncState.get('flush'))?.configError).toBeUndefined();
  });

  it('pauses on a configuration error, drops nothing and says so', async () => {
    await addOrders(ANA.id, 2);
    const { transport, calls } = recordingTransport(() => ({ status: 401, code: 'PGRST301', message: 'JWSError' }));
    expect(await flush(transport)).toMatchObject({ kind: 'config' });
    expect(calls).toHaveLength(1);
    expect(await db.outbox.count()).toBe(2);
    expect((await db.syncState.get('flush'))?.configError).toContain('PGRST301');
  });

  it('counts 23505 on our own id as delivered', async () => {
    await addOrders(ANA.id, 2);
    const { transport } = recordingTransport(() => ({ status: 409, code: '23505' }));
    expect(await flush(transport)).toEqual({ kind: 'done' });
    expect(await db.outbox.count()).toBe(0);
    expect(await db.parked.count()).toBe(0);
  });

  it('parks a corrupt entry without sending it, and moves on', async () => {
    await db.outbox.add({ kind: 'insert-order', queuedAt: 0, row: null } as unknown as OutboxEntry);
    await addOrders(ANA.id, 1);
    const { transport, calls } = recordingTransport();
    expect(await flush(transport)).toEqual({ kind: 'done' });
    expect(calls).toHaveLength(1);
    expect(await db.parked.toArray()).toMatchObject([{ error: 'invalid order payload' }]);
  });

  it('does nothing while another flusher holds the lock', async () => {
    await addOrders(ANA.id, 1);
    const { transport, calls } = recordingTransport();
    const busyLock = () => Promise.resolve(null);
    expect(await flusher.flush({ transport, lock: busyLock })).toEqual({ kind: 'busy' });
    expect(calls).toEqual([]);
  });
});

describe('restoring an evicted tab', () => {
  const remote = [
    {
      id: '00000000-0000-4000-8000-000000000001',
      user_id: ANA.id,
      product_name: 'Tabla Irish',
      product_price: 16990,
      active: true,
      created_at: '2026-11-21T22:00:00.000Z',
    },
  ];

  it('pulls the active orders back when the phone lost them', async () => {
    const { transport } = recordingTransport(undefined, remote);
    expect(await restoreEvictedTab(phoneDatabase, transport, ANA.id)).toBe(1);
    expect(await db.orders.toArray()).toEqual(remote);
  });

  it('leaves a phone that has orders or a queue alone', async () => {
    await addOrders(ANA.id, 1);
    const { transport, calls } = recordingTransport(undefined, remote);
    expect(await restoreEvictedTab(phoneDatabase, transport, ANA.id)).toBe(0);
    expect(calls).toEqual([]);
  });
});
