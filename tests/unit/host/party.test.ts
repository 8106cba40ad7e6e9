import { describe, expect, it } from 'vitest';
import { markToSettle, owesMore, parseGuestDetail, parseParty, parsePartyOrders } from '../../../src/host/party.ts';
import { withPendingMark } from '../../../src/host/list.ts';
import { parseSnapshot } from '../../../src/host/storage.ts';
import { guestRow } from './fixtures.ts';

const party = { total: 10_900, tipped: 11_990, paid: 0, owed: 11_990, guests: [guestRow()] };

describe('reading the function’s answers', () => {
  it('accepts a party and keeps it as it is', () => {
    // A party read before issue 42 names no saldo a favor: nothing is owed back.
    expect(parseParty(party)).toEqual({ ...party, credit: 0, guest_of_honour: null, info: null });
    expect(parseParty({ ...party, guests: [] })).toEqual({ ...party, credit: 0, guests: [], guest_of_honour: null, info: null });
    expect(parseParty({ ...party, credit: 4840 })?.credit).toBe(4840);
    expect(parseParty({ ...party, guest_of_honour: 'g1' })?.guest_of_honour).toBe('g1');
  });

  it('refuses anything else: missing sums, fractions, negative amounts, broken rows, a portal’s page', () => {
    const broken = [
      null,
      '<html>',
      [],
      { ...party, owed: undefined },
      { ...party, total: 1.5 },
      { ...party, paid: -1 },
      { ...party, guests: [{ ...guestRow(), tipped: '11990' }] },
      { ...party, guests: [{ ...guestRow(), last_order_at: 'ayer' }] },
      { ...party, guests: [{ ...guestRow(), paid_amount: 100 }] },
      { ...party, guests: {} },
      { ...party, credit: -1 },
      { ...party, guests: [{ ...guestRow(), credit: 1.5 }] },
      { ...party, guests: [{ ...guestRow(), refunds: [{ amount: 100, at: 'ayer', method: 'mercadopago' }] }] },
      { ...party, guests: [{ ...guestRow(), refunds: [{ amount: 100, at: '2026-11-22T01:41:05Z', method: 'efectivo' }] }] },
    ];
    for (const value of broken) expect(parseParty(value), JSON.stringify(value)).toBeNull();
  });

  it('keeps a guest who paid with nothing on their tab now (no last order), and what is owed back and given back', () => {
    const refunds = [{ amount: 4840, at: '2026-11-22T02:10:00Z', method: 'mercadopago' as const }];
    const row = { ...guestRow(), orders: 0, total: 0, tipped: 0, last_order_at: null, credit: 4840, refundable: 4840, refund_asked: 0, refunds };
    expect(parseParty({ ...party, guests: [row] })?.guests[0]).toEqual(row);
  });

  it('reads a guest’s orders and the CSV list', () => {
    const detailOrder = { id: 'o1', product_name: 'Aperol Spritz', product_price: 6500, created_at: '2026-11-22T01:41:05Z', paid: true };
    expect(parseGuestDetail({ id: 'g', full_name: 'Ana', orders: [detailOrder] })?.orders).toEqual([{ ...detailOrder, kind: 'order' }]);
    expect(parseGuestDetail({ id: 'g', full_name: 'Ana', orders: [{ ...detailOrder, paid: 'sí' }] })).toBeNull();
    const line = { user_id: 'g', full_name: 'Ana', product_name: 'Aperol Spritz', product_price: 6500, created_at: '2026-11-22T01:41:05Z', paid: false };
    expect(parsePartyOrders([line])).toEqual([{ ...line, kind: 'order' }]);
    expect(parsePartyOrders({ orders: [line] })).toBeNull();
  });

  it('reads the server’s bill lines: no id for a part, an invitation or the honoured line, whose amount is negative', () => {
    const at = '2026-11-29T03:00:00Z';
    const lines = [
      { id: null, kind: 'honoured', product_name: 'Tu cuenta la paga la fiesta.', product_price: -8800, created_at: at, paid: true },
      { id: null, kind: 'spread', product_name: 'Parte de lo sin dueño', product_price: 1500, created_at: at, paid: false },
      { id: null, kind: 'invitation', product_name: 'Invitación a Beto Soto', product_price: 2200, created_at: at, paid: false },
      { id: 'c1', kind: 'claim', product_name: 'Pisco Sour', product_price: 4400, created_at: at, paid: false },
    ];
    expect(parseGuestDetail({ id: 'g', full_name: 'Ana', orders: lines })?.orders).toEqual(lines);
    expect(parsePartyOrders(lines.map((line) => ({ ...line, user_id: 'g', full_name: 'Ana' })))?.map((line) => line.product_price)).toEqual([
      -8800, 1500, 2200, 4400,
    ]);
    expect(parseGuestDetail({ id: 'g', full_name: 'Ana', orders: [{ ...lines[0], kind: 'propina' }] })).toBeNull();
    expect(parseGuestDetail({ id: 'g', full_name: 'Ana', orders: [{ ...lines[0], product_price: 1.5 }] })).toBeNull();
  });

  it('reads back a kept snapshot, and nothing from a corrupt one', () => {
    expect(parseSnapshot(JSON.stringify({ party, receivedAt: 5 }))).toEqual({
      party: { ...party, credit: 0, guest_of_honour: null, info: null },
      receivedAt: 5,
      code: null,
    });
    for (const raw of [null, '{', '{"party":{}}', JSON.stringify({ party, receivedAt: 'ayer' })]) expect(parseSnapshot(raw)).toBeNull();
  });
});

describe('what a guest marked paid still owes', () => {
  it('is nothing to say for a guest not marked', () => {
    expect(owesMore(guestRow())).toBeNull();
  });

  it('is the difference with tip after more orders, and never below zero', () => {
    const paidAt = '2026-11-22T02:00:00Z';
    expect(owesMore(guestRow({ paid_amount: 11_990, paid_at: paidAt }))).toBe(0);
    expect(owesMore(guestRow({ total: 15_300, tipped: 16_830, paid_amount: 11_990, paid_at: paidAt }))).toBe(4840);
    expect(owesMore(guestRow({ total: 4400, tipped: 4840, paid_amount: 11_990, paid_at: paidAt }))).toBe(0);
  });
});

describe('how a guest paid, as the function answers it (issue 33)', () => {
  const at = '2026-11-22T02:15:00Z';
  const paidRow = {
    ...guestRow(),
    paid_amount: 11_990,
    paid_at: at,
    mark_amount: 7150,
    mark_at: at,
    provider_amount: 4840,
    provider_at: '2026-11-22T02:00:00Z',
    transfer_notice: { amount: 7150, at },
  };

  it('keeps the mark, Mercado Pago’s part and the transfer notice apart', () => {
    expect(parseParty({ ...party, guests: [paidRow] })?.guests[0]).toEqual(paidRow);
  });

  it('reads an answer or a kept snapshot from before Mercado Pago: what was paid was the host’s mark', () => {
    const old = Object.fromEntries(Object.entries(paidRow).filter(([field]) => !/^(mark_|provider_|transfer_)/.test(field)));
    expect(parseParty({ ...party, guests: [old] })?.guests[0]).toMatchObject({
      mark_amount: 11_990,
      mark_at: at,
      provider_amount: null,
      provider_at: null,
      transfer_notice: null,
    });
  });

  it('refuses a part without its time, a fraction, or a notice that is not one', () => {
    const broken = [
      { ...paidRow, provider_amount: 4840, provider_at: null },
      { ...paidRow, mark_amount: 1.5 },
      { ...paidRow, transfer_notice: { amount: -1, at } },
      { ...paidRow, transfer_notice: 'sí' },
    ];
    for (const guest of broken) expect(parseParty({ ...party, guests: [guest] }), JSON.stringify(guest)).toBeNull();
  });

  it('marks what Mercado Pago left of the tipped total, never below zero', () => {
    expect(markToSettle(guestRow({ tipped: 11_990 }))).toBe(11_990);
    expect(markToSettle(guestRow({ tipped: 11_990, provider_amount: 4840 }))).toBe(7150);
    expect(markToSettle(guestRow({ tipped: 4840, provider_amount: 11_990 }))).toBe(0);
  });

  it('adds a mark on its way to Mercado Pago’s part, and takes back only the mark', () => {
    const guest = guestRow({ tipped: 11_990, paid_amount: 4840, paid_at: at, mark_amount: null, mark_at: null, provider_amount: 4840, provider_at: at });
    const marked = withPendingMark(guest, {
      guestId: guest.id,
      paid: true,
      amount: 7150,
      seq: 1,
      at: Date.parse('2026-11-22T03:00:00Z'),
      sent: false,
      problem: null,
    });
    expect(marked).toMatchObject({ mark_amount: 7150, paid_amount: 11_990, paid_at: '2026-11-22T03:00:00.000Z' });
    const unmarked = withPendingMark(marked, {
      guestId: guest.id,
      paid: false,
      amount: null,
      seq: 2,
      at: Date.parse('2026-11-22T03:01:00Z'),
      sent: false,
      problem: null,
    });
    expect(unmarked).toMatchObject({ mark_amount: null, mark_at: null, paid_amount: 4840, paid_at: at });
  });
});
