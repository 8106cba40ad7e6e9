/**
 * A claim of the bar's bill on the phone: on the tab at once like a pick, in
 * the queue as its own kind, sent through rpc/claim_bill_line by the page and
 * by the queue's worker alike, the server's answer (its amount, or its
 * refusal) kept on the tab; and the tab's total with the server's lines.
 */
import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { phoneDatabase, type UnclaimedLine } from '../../../src/db/index.ts';
import { db } from '../../../src/db/database.ts';
import { inProcessLock } from '../../../src/sync/lock.ts';
import { tabOutbox } from '../../../scripts/lib/tab-outbox.ts';
import { guestTab, keepServerBill, refusalLine } from '../../../src/tab/index.ts';
import { claimEstimate } from '../../../src/tab/claims.ts';
import { serverLinesBeside } from '../../../src/tab/bill.ts';
import { tabTotal } from '../../../src/tab/money.ts';
import { shareAmounts } from '../../../supabase/functions/_shared/bar-bill.ts';
import { onScreen } from '../../support/tab-screen.ts';
import { recordingTransport, type TransportCall } from '../../support/fake-transport.ts';
import { FLUSHERS, type Flusher } from '../../support/flushers.ts';

const ANA = { id: '8a6e0804-2bd0-4672-b79e-d4b259de3b01', full_name: 'Ana' };
const LINE: UnclaimedLine = {
  line_id: '5b1e0c44-6f0a-4d8e-9a61-3c2b7d9e0f11',
  product_name: 'Tabla Irish',
  unit_price: 10_000,
  units_left: 2,
  open_shares: [],
};
const taken = { status: 400, code: '23514', message: 'bill_line_taken: every unit of this bill line is claimed' };

/** The server's answer to a claim, as claim_bill_line gives it. */
const stored = (call: TransportCall, amount: number) => ({
  status: 200,
  data: { id: call.args?.p_id, line_id: call.args?.p_line, product_name: LINE.product_name, amount, shares: call.args?.p_shares, share_no: 0, unit_no: 0 },
});

describe.each(FLUSHERS)('a claim of the bar’s bill, flushed %s', (_where, makeFlusher) => {
  let flusher: Flusher;
  beforeEach(async () => {
    flusher = await makeFlusher();
    await tabOutbox(phoneDatabase).queueGuest(ANA);
  });
  afterEach(() => flusher.close());
  const flush = (transport: ReturnType<typeof recordingTransport>['transport']) => flusher.flush({ transport, lock: inProcessLock() });

  it('is on the tab at the bill’s price at once, queued as a claim, sent to claim_bill_line after the guest, and keeps the server’s amount', async () => {
    const tab = await onScreen(guestTab(ANA.id));
    const claim = await tab.claim(LINE, 3);
    expect(tab.total()).toBe(3_334);
    expect(await db.outbox.where('kind').equals('claim-bill-line').count()).toBe(1);
    const { transport, calls } = recordingTransport((call) => (call.kind === 'function' ? stored(call, 3_333) : { status: 201 }));
    expect(await flush(transport)).toEqual({ kind: 'done' });
    expect(calls.map((call) => call.kind)).toEqual(['insert', 'function']);
    expect(calls[1]).toMatchObject({
      name: 'claim_bill_line',
      guestId: ANA.id,
      args: { p_id: claim.id, p_line: LINE.line_id, p_shares: 3, p_created_at: claim.created_at },
    });
    expect(await db.outbox.count()).toBe(0);
    // The server's amount (the share it gave) replaces the phone's estimate, to the peso.
    expect(await db.orders.get(claim.id)).toMatchObject({ product_price: 3_333, bill: { line: LINE.line_id, shares: 3 } });
    await waitFor(() => expect(tab.total()).toBe(3_333));
  });

  it('waits with no signal and goes when the signal returns, once', async () => {
    const tab = await onScreen(guestTab(ANA.id));
    await flush(recordingTransport().transport);
    await tab.claim(LINE, 1);
    const offline = recordingTransport(() => ({ status: 0, message: 'fetch failed' }));
    expect((await flush(offline.transport)).kind).toBe('retry');
    expect(await db.outbox.where('kind').equals('claim-bill-line').count()).toBe(1);
    expect(tab.total()).toBe(10_000);
    const online = recordingTransport((call) => stored(call, 10_000));
    expect(await flush(online.transport)).toEqual({ kind: 'done' });
    expect(online.calls.filter((call) => call.kind === 'function')).toHaveLength(1);
    expect(await db.outbox.count()).toBe(0);
  });

  it('another phone first: parked, struck through with the issue’s words, and out of the total; the rest of the tab goes on', async () => {
    const tab = await onScreen(guestTab(ANA.id));
    await flush(recordingTransport().transport);
    const claim = await tab.claim(LINE, 1);
    await tab.addOrder({ name: 'Summer Ale 500cc', price: 4_400 });
    const { transport, calls } = recordingTransport((call) => (call.kind === 'function' ? taken : { status: 201 }));
    expect(await flush(transport)).toEqual({ kind: 'done' });
    expect(calls.map((call) => call.kind)).toEqual(['function', 'insert']);
    const refused = await db.orders.get(claim.id);
    expect(refused?.rejected).toContain('bill_line_taken');
    expect(refusalLine(refused?.rejected ?? '')).toBe('Otra persona ya lo reclamó. No suma al total.');
    await waitFor(() => expect(tab.total()).toBe(4_400));
    expect(await db.parked.where('kind').equals('claim-bill-line').count()).toBe(1);
  });

  it.each([
    ['bill_settled', '23514', 'No aceptado: lo que quedaba de la cuenta del bar ya se repartió. No suma al total.'],
    ['bill_line_unknown', '23503', 'No aceptado: esa línea ya no está en la cuenta del bar. No suma al total.'],
    ['bill_shares_range', '22023', 'No aceptado: se comparte entre 2 y 12 personas. No suma al total.'],
  ])('%s: parked as not accepted, with its reason', async (rule, code, line) => {
    const tab = await onScreen(guestTab(ANA.id));
    await flush(recordingTransport().transport);
    const claim = await tab.claim(LINE, 1);
    await flush(recordingTransport(() => ({ status: 400, code, message: `${rule}: refused` })).transport);
    expect(refusalLine((await db.orders.get(claim.id))?.rejected ?? '')).toBe(line);
    await waitFor(() => expect(tab.total()).toBe(0));
  });

  it('the server lost the guest: their row goes again, then the claim', async () => {
    await flush(recordingTransport().transport);
    await guestTab(ANA.id).claim(LINE, 1);
    let lost = true;
    const { transport, calls } = recordingTransport((call) => {
      if (call.kind === 'function' && lost) {
        lost = false;
        return { status: 409, code: '23503', message: 'insert or update on table "bill_claims" violates foreign key constraint "bill_claims_user_id_fkey"' };
      }
      return call.kind === 'function' ? stored(call, 10_000) : { status: 201 };
    });
    expect(await flush(transport)).toEqual({ kind: 'done' });
    expect(calls.map((call) => [call.kind, call.table])).toEqual([
      ['function', undefined],
      ['insert', 'users'],
      ['function', undefined],
    ]);
    expect(await db.outbox.count()).toBe(0);
  });

  it('a missing guest header pauses the queue and drops nothing', async () => {
    await flush(recordingTransport().transport);
    await guestTab(ANA.id).claim(LINE, 1);
    const outcome = await flush(
      recordingTransport(() => ({ status: 403, code: '42501', message: 'guest_unknown: the request names no guest of a party' })).transport,
    );
    expect(outcome.kind).toBe('config');
    expect(await db.outbox.where('kind').equals('claim-bill-line').count()).toBe(1);
  });
});

describe('the tab’s total with the bar’s bill', () => {
  it('adds the server’s lines, a claim the phone holds counted once, the guest of honour’s negative', () => {
    const orders = [
      { id: 'a', product_price: 4_400 },
      { id: 'c', product_price: 3_333 },
      { id: 'r', product_price: 9_000, rejected: 'bill_line_taken' },
    ];
    const lines = [
      { id: 'c', kind: 'claim', product_name: 'Tabla Irish', amount: 3_333, created_at: '' },
      { id: 'd', kind: 'claim', product_name: 'Pisco sour', amount: 5_000, created_at: '' },
      { id: null, kind: 'spread', product_name: 'Parte de lo sin dueño', amount: 1_201, created_at: '' },
    ];
    const beside = serverLinesBeside(orders, lines);
    expect(beside.map((line) => line.id)).toEqual(['d', null]);
    expect(tabTotal(orders, beside)).toBe(4_400 + 3_333 + 5_000 + 1_201);
    const honoured = [{ id: null, kind: 'honoured', product_name: 'Tu cuenta la paga la fiesta.', amount: -7_733, created_at: '' }];
    expect(tabTotal(orders, honoured)).toBe(0);
  });

  it('estimates a share by the one shares rule: the shares of a unit sum to its price', () => {
    for (const shares of [2, 3, 7, 12]) {
      const open = (left: number): UnclaimedLine => ({ ...LINE, unit_price: 10_001, open_shares: [{ shares, left }] });
      const estimates = Array.from({ length: shares }, (_, taken) => claimEstimate(open(shares - taken), shares));
      expect(estimates).toEqual(shareAmounts(10_001, shares));
      expect(estimates.reduce((sum, amount) => sum + amount, 0)).toBe(10_001);
    }
  });

  it('keeps the server’s lines in IndexedDB: the tab adds them up, reopened with no signal too', async () => {
    const tab = await onScreen(guestTab(ANA.id));
    await tab.addOrder({ name: 'Summer Ale 500cc', price: 4_400 });
    await keepServerBill(
      ANA.id,
      {
        total: 5_601,
        lines: [{ id: null, kind: 'spread', product_name: 'Parte de lo sin dueño', amount: 1_201, created_at: '2026-11-28T03:00:00Z' }],
        unclaimed: [LINE],
      },
      Date.now(),
    );
    await waitFor(() => expect(tab.total()).toBe(5_601));
    expect(tab.unclaimed()).toEqual([LINE]);
    expect(tab.serverLines().map((line) => line.product_name)).toEqual(['Parte de lo sin dueño']);
    // Not a bill: nothing changes.
    await keepServerBill(ANA.id, { total: 'mucho' }, Date.now());
    expect((await db.bills.get(ANA.id))?.total).toBe(5_601);
  });

  it('a guest with only the server’s lines has an open tab', async () => {
    await keepServerBill(
      ANA.id,
      {
        total: 2_000,
        lines: [{ id: null, kind: 'invitation', product_name: 'Invitación a Beto', amount: 2_000, created_at: '2026-11-28T03:00:00Z' }],
        unclaimed: [],
      },
      Date.now(),
    );
    const tab = await onScreen(guestTab(ANA.id));
    await waitFor(() => expect(tab.state()).toBe('open'));
    expect(tab.total()).toBe(2_000);
  });
});
