/**
 * Claims a person can't get wrong, on the phone (issue 43): the server's
 * offer of the share as it now is, counted only once the guest says 'Sí, me
 * uno'; 'Quitar' on a claim sent as the server's un-claim (and 'Deshacer' as
 * the claim again); a refused line that leaves the status line once it is off
 * the tab, and 'Reintentar' that sends nothing the server would refuse again;
 * the guest's claims held to the server's lines (a share recomputed, a claim
 * made elsewhere, one the host took back); and the lines to claim kept by
 * their version.
 */
import { waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { phoneDatabase, type UnclaimedLine } from '../../../src/db/index.ts';
import { db } from '../../../src/db/database.ts';
import { inProcessLock } from '../../../src/sync/lock.ts';
import { describeSync } from '../../../src/sync/status.ts';
import { tabOutbox, type TabOutbox } from '../../../scripts/lib/tab-outbox.ts';
import { guestTab, keepServerBill, keptLine } from '../../../src/tab/index.ts';
import { claimsHeld } from '../../../src/tab/bill.ts';
import { onScreen } from '../../support/tab-screen.ts';
import { recordingTransport, type TransportCall } from '../../support/fake-transport.ts';

const ANA = { id: '8a6e0804-2bd0-4672-b79e-d4b259de3b01', full_name: 'Ana' };
const TABLA: UnclaimedLine = {
  line_id: '5b1e0c44-6f0a-4d8e-9a61-3c2b7d9e0f11',
  product_name: 'Tabla Irish',
  unit_price: 16_990,
  units_left: 1,
  open_shares: [],
};
const taken = { status: 400, code: '23514', message: 'bill_line_taken: Otra persona ya lo reclamó.' };

/** claim_bill_line's answers: the claim as stored, or the share as it now is. */
const stored = (call: TransportCall, amount: number, shares = Number(call.args?.p_shares)) => ({
  status: 200,
  data: { id: call.args?.p_id, line_id: call.args?.p_line, product_name: TABLA.product_name, amount, shares, share_no: 0, unit_no: 0 },
});
const offered = (call: TransportCall, shares: number, amount: number) => ({
  status: 200,
  data: { id: call.args?.p_id, line_id: call.args?.p_line, product_name: TABLA.product_name, offer: { shares, amount } },
});
const unclaimed = (call: TransportCall) => ({ status: 200, data: { id: call.args?.p_id, unclaimed: true } });

/** The bill as my_tab_status says it, with the guest's claims as the server holds them. */
const billWith = (claims: { id: string; amount: number; shares: number }[], unclaimedLines: UnclaimedLine[] = []) => ({
  total: claims.reduce((sum, claim) => sum + claim.amount, 0),
  lines: claims.map((claim) => ({
    id: claim.id,
    kind: 'claim',
    product_name: TABLA.product_name,
    amount: claim.amount,
    created_at: '2026-11-28T03:00:00Z',
    line_id: TABLA.line_id,
    shares: claim.shares,
  })),
  unclaimed: unclaimedLines,
  unclaimed_version: `v${unclaimedLines.length}`,
});

let outbox: TabOutbox;
const flush = (answer: (call: TransportCall) => ReturnType<typeof stored> | { status: number; code?: string; message?: string; data?: unknown }) => {
  const recording = recordingTransport((call) => (call.kind === 'function' ? answer(call) : { status: 201 }));
  return outbox.flush({ transport: recording.transport, lock: inProcessLock() }).then(() => recording.calls.filter((call) => call.kind === 'function'));
};
const line = async () => describeSync({ ...(await outbox.summary()), online: true, now: Date.now() });

beforeEach(async () => {
  outbox = tabOutbox(phoneDatabase);
  await outbox.queueGuest(ANA);
  await outbox.flush({ transport: recordingTransport().transport, lock: inProcessLock() });
});

describe('the share as it now is', () => {
  it('counts nothing until the guest joins; then the same claim goes again as a share of that split', async () => {
    const tab = await onScreen(guestTab(ANA.id));
    const claim = await tab.claim(TABLA, 2);
    const [asked] = await flush((call) => offered(call, 3, 5_663));
    expect(asked?.args).toMatchObject({ p_id: claim.id, p_shares: 2 });
    await waitFor(() => expect(tab.orders()?.[0]?.bill?.offer).toEqual({ shares: 3, amount: 5_663 }));
    expect(tab.total()).toBe(0);
    expect(await db.outbox.count()).toBe(0);

    const offer = tab.orders()?.[0];
    if (!offer) throw new Error('no offer on the tab');
    expect(await tab.joinOffer(offer)).toBe(true);
    expect(tab.total()).toBe(5_663);
    const [joined] = await flush((call) => stored(call, 5_663));
    expect(joined?.args).toMatchObject({ p_id: claim.id, p_shares: 3, p_join: true });
    expect(await db.orders.get(claim.id)).toMatchObject({ product_price: 5_663, bill: { shares: 3, join: true, takenAt: expect.any(Number) } });
    expect((await db.orders.get(claim.id))?.bill?.offer).toBeUndefined();
  });

  it('"Unirme" asks for a share of what is there, never a unit of its own', async () => {
    const tab = await onScreen(guestTab(ANA.id));
    await tab.claim({ ...TABLA, units_left: 0, open_shares: [{ shares: 3, left: 2 }] }, 3, true);
    expect(tab.total()).toBe(5_663);
    const [sent] = await flush((call) => stored(call, 5_663));
    expect(sent?.args).toMatchObject({ p_shares: 3, p_join: true });
  });
});

describe('Quitar on a claim', () => {
  it('takes it back on the server, idempotently; Deshacer claims it again under its id', async () => {
    const tab = await onScreen(guestTab(ANA.id));
    const claim = await tab.claim(TABLA, 1);
    await flush((call) => stored(call, 16_990));
    expect(await tab.takeOff(claim)).toBe(true);
    expect(tab.total()).toBe(0);
    expect(await db.outbox.where('kind').equals('unclaim-bill-line').count()).toBe(1);
    const [back] = await flush(unclaimed);
    expect(back).toMatchObject({ name: 'unclaim_bill_line', args: { p_id: claim.id, p_at: expect.any(String) } });
    expect(await db.orders.get(claim.id)).toMatchObject({ active: false });

    const again = await db.orders.get(claim.id);
    if (!again) throw new Error('no claim');
    expect(await tab.putBack(again)).toBe(true);
    expect(tab.total()).toBe(16_990);
    const [claimedAgain] = await flush((call) => stored(call, 16_990));
    expect(claimedAgain).toMatchObject({ name: 'claim_bill_line', args: { p_id: claim.id, p_shares: 1 } });
  });

  it('after the close the server keeps it: back on the tab, counted, saying who can take it back', async () => {
    const tab = await onScreen(guestTab(ANA.id));
    const claim = await tab.claim(TABLA, 1);
    await flush((call) => stored(call, 16_990));
    await tab.takeOff(claim);
    await flush(() => ({ status: 400, code: '23514', message: 'party_closed: la fiesta ya terminó: solo el anfitrión puede quitarlo' }));
    await waitFor(() => expect(tab.total()).toBe(16_990));
    const kept = await db.orders.get(claim.id);
    expect(keptLine(kept?.bill?.kept ?? '')).toBe('No se quitó: la fiesta ya terminó: solo el anfitrión puede quitarlo. Sigue sumando.');
    // The row says it: the status line asks nothing more.
    expect((await line()).tone).toBe('ok');
  });

  it('a refused claim taken off sends nothing, and its red line goes', async () => {
    const tab = await onScreen(guestTab(ANA.id));
    const claim = await tab.claim(TABLA, 1);
    await flush(() => taken);
    expect(await line()).toMatchObject({ tone: 'problem', text: '1 pedido no aceptado por el servidor; sigue en este teléfono.' });
    await tab.takeOff(claim);
    expect(await db.outbox.where('kind').equals('unclaim-bill-line').count()).toBe(0);
    expect(await line()).toMatchObject({ tone: 'ok' });
    // 'Reintentar' then finds nothing to send: the parked claim leaves.
    expect(await outbox.retryParked({ all: true })).toBe(1);
    expect(await db.parked.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('Reintentar', () => {
  it('never sends again a claim refused for a reason that still holds; once the line is there to claim, it does', async () => {
    const tab = await onScreen(guestTab(ANA.id));
    await keepServerBill(ANA.id, billWith([], [TABLA]), Date.now());
    const claim = await tab.claim(TABLA, 1);
    await flush(() => taken);
    // The line heard since has nothing left.
    await keepServerBill(ANA.id, billWith([], []), Date.now());
    expect(await line()).toMatchObject({ tone: 'problem', canRetry: false });
    expect(await outbox.retryParked({ all: true })).toBe(0);
    expect(await db.parked.count()).toBe(1);
    // Someone took theirs back: the line is there again, 'Reintentar' sends it.
    await keepServerBill(ANA.id, billWith([], [TABLA]), Date.now());
    expect(await line()).toMatchObject({ canRetry: true });
    expect(await outbox.retryParked({ all: true })).toBe(1);
    const [again] = await flush((call) => stored(call, 16_990));
    expect(again?.args).toMatchObject({ p_id: claim.id });
  });

  it('never sends again a pick tapped after the close', async () => {
    const tab = await onScreen(guestTab(ANA.id));
    await tab.addOrder({ name: 'Summer Ale 500cc', price: 4_400 });
    const recording = recordingTransport(() => ({ status: 400, code: '23514', message: 'party_closed: the party is over, no orders tapped after it' }));
    await outbox.flush({ transport: recording.transport, lock: inProcessLock() });
    expect(await line()).toMatchObject({ tone: 'problem', canRetry: false });
    expect(await outbox.retryParked({ all: true })).toBe(0);
  });
});

describe('the guest’s claims held to the server', () => {
  it('follows a share the server recomputed, keeps a claim made on another phone, and lets go of one the host took back', async () => {
    const tab = await onScreen(guestTab(ANA.id));
    const mine = await tab.claim({ ...TABLA, open_shares: [{ shares: 3, left: 2 }] }, 3, true);
    await flush((call) => stored(call, 5_663));
    const elsewhere = crypto.randomUUID();
    // One of three left: Ana now pays half; a claim she made on her other phone is on this tab too.
    await keepServerBill(
      ANA.id,
      billWith([
        { id: mine.id, amount: 8_495, shares: 2 },
        { id: elsewhere, amount: 5_790, shares: 1 },
      ]),
      Date.now(),
    );
    await waitFor(() => expect(tab.total()).toBe(8_495 + 5_790));
    expect(
      tab
        .orders()
        ?.map((order) => order.id)
        .sort(),
    ).toEqual([mine.id, elsewhere].sort());
    expect(tab.serverLines()).toEqual([]);
    // The host's 'Quitar' on both.
    await keepServerBill(ANA.id, billWith([]), Date.now() + 1);
    await waitFor(() => expect(tab.total()).toBe(0));
    expect(await db.orders.get(mine.id)).toMatchObject({ active: false });
  });

  it('never lets go of a claim on its way, or of one answered after the question', () => {
    const base = { user_id: ANA.id, product_name: 'Tabla Irish', product_price: 16_990, active: true, created_at: '2026-11-28T03:00:00Z' };
    const pending = { ...base, id: 'p', bill: { line: TABLA.line_id, shares: 1 } };
    const late = { ...base, id: 'l', bill: { line: TABLA.line_id, shares: 1, takenAt: 2_000 } };
    const early = { ...base, id: 'e', bill: { line: TABLA.line_id, shares: 1, takenAt: 500 } };
    expect(claimsHeld(ANA.id, [pending, late, early], [], 1_000)).toEqual([{ ...early, active: false }]);
  });

  it('keeps the lines to claim the server did not send again, by their version', async () => {
    const tab = await onScreen(guestTab(ANA.id));
    await keepServerBill(ANA.id, { ...billWith([], [TABLA]), unclaimed_version: 'abc' }, Date.now());
    await waitFor(() => expect(tab.billVersion()).toBe('abc'));
    await keepServerBill(ANA.id, { total: 0, lines: [], unclaimed: null, unclaimed_version: 'abc' }, Date.now());
    expect((await db.bills.get(ANA.id))?.unclaimed).toEqual([TABLA]);
    // A version the phone does not hold: its own list stays, and its own version, so the next question asks for the whole list.
    await keepServerBill(ANA.id, { total: 0, lines: [], unclaimed: null, unclaimed_version: 'xyz' }, Date.now());
    expect(await db.bills.get(ANA.id)).toMatchObject({ unclaimed: [TABLA], version: 'abc' });
  });
});
