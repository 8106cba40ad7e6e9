import { afterEach, describe, expect, it, vi } from 'vitest';
import { phoneDatabase } from '../../../src/db/index.ts';
import { db } from '../../../src/db/database.ts';
import { inProcessLock } from '../../../src/sync/lock.ts';
import { createOutbox, type Outbox } from '../../../src/sync/engine.ts';
import type { SyncTransport } from '../../../src/sync/transport.ts';
import { tabOnOutbox } from '../../../src/tab/index.ts';
import { queueOrder } from '../../../src/tab/outbox.ts';
import { rpc, serverClient } from '../../../src/server/index.ts';
import { recordingTransport } from '../../support/fake-transport.ts';

/** The page's outbox as main.tsx builds it: the tab's kinds registered, the guest arriving. */
function startEngine(transport: SyncTransport, probe?: () => Promise<boolean>): Outbox {
  const outbox = createOutbox({ database: phoneDatabase, lock: inProcessLock(), appVersion: 'test', ...(probe ? { probe } : {}) });
  const arrives = tabOnOutbox(outbox, phoneDatabase, () => Promise.resolve(transport));
  outbox.start(arrives(ANA));
  return outbox;
}

const ANA = { id: '8a6e0804-2bd0-4672-b79e-d4b259de3b01', full_name: 'Ana' };
const ORDER = {
  id: '5b0f6a39-7d1e-4c2a-9b8e-2f4d6c8a0e13',
  user_id: ANA.id,
  product_name: 'Aperol Spritz',
  product_price: 6500,
  active: true,
  created_at: '2026-11-21T22:00:00.000Z',
};

describe('the sync engine', () => {
  let engine: Outbox | undefined;
  afterEach(() => engine?.stop());

  it('sends a pick that joins the queue in the same moment another entry leaves it, with no other trigger', async () => {
    // The guest's row is first refused as a setup problem: the next try on its own is minutes away.
    let setupProblem = true;
    const { transport, calls } = recordingTransport(() => (setupProblem ? { status: 404 } : { status: 201 }));
    engine = startEngine(transport);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    await vi.waitFor(async () => expect(await db.syncState.get('flush')).toHaveProperty('configError'));
    setupProblem = false;

    // One entry delivered and a pick queued at once: the queue's length stays 1. The write that queued it wakes the outbox, as a pick's does.
    await phoneDatabase.write(['outbox'], async (tx) => {
      for (const entry of await tx.getAll('outbox')) if (entry.seq !== undefined) void tx.delete('outbox', entry.seq);
      await queueOrder(tx, ORDER);
    });
    engine.wake();

    await vi.waitFor(() => expect(calls.map((call) => call.table)).toEqual(['users', 'orders']), { timeout: 3000 });
    expect(await db.outbox.count()).toBe(0);
  });

  it('sends a refused change that Reintentar puts back, at once and with no other trigger', async () => {
    // The server refuses the order once, for good: it is parked, and the guest sees 'Reintentar'.
    let refusals = 1;
    const { transport, calls } = recordingTransport((call) => {
      if (call.table !== 'orders' || refusals === 0) return { status: 201 };
      refusals -= 1;
      return { status: 400, code: '23514', message: 'check violation' };
    });
    await phoneDatabase.write(['outbox'], async (tx) => {
      await queueOrder(tx, ORDER);
    });
    const outbox = (engine = startEngine(transport));
    await vi.waitFor(async () => expect(await db.parked.count()).toBe(1));
    const inserts = () => calls.filter((call) => call.kind === 'insert').map((call) => call.table);
    await vi.waitFor(() => expect(inserts()).toEqual(['users', 'orders']));

    expect(await outbox.retryParked({ all: true })).toBe(1);

    await vi.waitFor(() => expect(inserts()).toEqual(['users', 'orders', 'orders']), { timeout: 3000 });
    await vi.waitFor(async () => expect(await db.outbox.count()).toBe(0));
  });

  it('says no signal once a try found none, looks with probes, and takes a tap or the server’s answer to another request as a sign of life', async () => {
    const signal = { on: false };
    const { transport, calls } = recordingTransport(() => (signal.on ? { status: 201 } : { status: 0, noSignal: true }));
    const probe = vi.fn(() => Promise.resolve(false));
    const outbox = (engine = startEngine(transport, probe));
    const told = vi.fn();
    outbox.onSignal(told);
    await vi.waitFor(() => expect(outbox.noSignal()).toBe(true));
    expect(told).toHaveBeenCalled();
    await vi.waitFor(() => expect(probe).toHaveBeenCalled());
    const requests = calls.length;

    // A tap looks for signal: a probe, and no request while it finds none.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const probes = probe.mock.calls.length;
    window.dispatchEvent(new Event('pointerdown'));
    await vi.waitFor(() => expect(probe.mock.calls.length).toBeGreaterThan(probes));
    expect(calls).toHaveLength(requests);

    // The server's answer to another request (the status, the list) is signal: the queue sends at once.
    signal.on = true;
    const stopAsking = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('{}', { status: 200, headers: { 'Content-Type': 'application/json' } }));
    await rpc(serverClient({ supabaseUrl: 'https://bar.example', supabaseAnonKey: 'k' }), 'my_tab_status', {});
    stopAsking.mockRestore();
    await vi.waitFor(() => expect(calls.length).toBeGreaterThan(requests));
    await vi.waitFor(() => expect(outbox.noSignal()).toBe(false));
    await vi.waitFor(async () => expect(await db.outbox.count()).toBe(0));
  });
});
