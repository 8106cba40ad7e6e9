import { describe, expect, it } from 'vitest';
import { owesMore, parseGuestDetail, parseParty, parsePartyOrders } from '../../../src/host/party.ts';
import { parseSnapshot } from '../../../src/host/storage.ts';
import { guestRow } from './fixtures.ts';

const party = { total: 10_900, tipped: 11_990, paid: 0, owed: 11_990, guests: [guestRow()] };

describe('reading the function’s answers', () => {
  it('accepts a party and keeps it as it is', () => {
    expect(parseParty(party)).toEqual({ ...party, info: null });
    expect(parseParty({ ...party, guests: [] })).toEqual({ ...party, guests: [], info: null });
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
    ];
    for (const value of broken) expect(parseParty(value), JSON.stringify(value)).toBeNull();
  });

  it('reads a guest’s orders and the CSV list', () => {
    const detailOrder = { id: 'o1', product_name: 'Aperol Spritz', product_price: 6500, created_at: '2026-11-22T01:41:05Z', paid: true };
    expect(parseGuestDetail({ id: 'g', full_name: 'Ana', orders: [detailOrder] })?.orders).toEqual([detailOrder]);
    expect(parseGuestDetail({ id: 'g', full_name: 'Ana', orders: [{ ...detailOrder, paid: 'sí' }] })).toBeNull();
    const line = { user_id: 'g', full_name: 'Ana', product_name: 'Aperol Spritz', product_price: 6500, created_at: '2026-11-22T01:41:05Z', paid: false };
    expect(parsePartyOrders([line])).toEqual([line]);
    expect(parsePartyOrders({ orders: [line] })).toBeNull();
  });

  it('reads back a kept snapshot, and nothing from a corrupt one', () => {
    expect(parseSnapshot(JSON.stringify({ party, receivedAt: 5 }))).toEqual({ party: { ...party, info: null }, receivedAt: 5, code: null });
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
