/** The bar's bill on the host's page: the total as typed, the comparison's check, how a spread falls. */
import { describe, expect, it } from 'vitest';
import { checkBillTotal, parseBill, spreadWords } from '../../../src/host/bill.ts';
import { formatPesos } from '../../../supabase/functions/_shared/rules.ts';
import { BILL_PROBLEMS, evenPart } from '../../../supabase/functions/_shared/bar-bill.ts';

describe('checkBillTotal', () => {
  it('takes a total as typed, by the server’s rule', () => {
    expect(checkBillTotal('$250.000')).toEqual({ ok: true, total: 250_000 });
    expect(checkBillTotal('0')).toEqual({ ok: false, problem: BILL_PROBLEMS.total });
    expect(checkBillTotal('mucho')).toEqual({ ok: false, problem: BILL_PROBLEMS.total });
  });
});

describe('parseBill', () => {
  const answer = {
    billed: 30_000,
    declared: 21_000,
    without_owner: 9_000,
    declared_over: 0,
    to_spread: 9_000,
    settlement: null,
    saved_at: '2026-11-29T02:00:00Z',
    total_only: false,
    guest_of_honour: null,
    printed_total: 30_000,
    lines: [{ id: 'l1', product: 'PISCO SOUR', menu_name: 'Pisco Sour', quantity: 2, unit_price: 15_000, claimed_units: 1 }],
    products: [{ product: 'Pisco Sour', billed: 30_000, declared: 21_000, difference: 9_000 }],
  };

  it('reads the function’s comparison, a negative difference included', () => {
    expect(parseBill(answer)).toMatchObject({
      billed: 30_000,
      withoutOwner: 9_000,
      toSpread: 9_000,
      settlement: null,
      printedTotal: 30_000,
      savedAt: '2026-11-29T02:00:00Z',
      lines: [{ id: 'l1', product: 'PISCO SOUR', menuName: 'Pisco Sour', quantity: 2, unitPrice: 15_000, claimedUnits: 1 }],
    });
    expect(parseBill({ ...answer, printed_total: null })?.printedTotal).toBeNull();
    const over = { ...answer, products: [{ product: 'Mojito', billed: 0, declared: 4_400, difference: -4_400 }] };
    expect(parseBill(over)?.products[0]?.difference).toBe(-4_400);
    expect(parseBill({ ...answer, settlement: { by: 'guests', amount: 9_000, at: '2026-11-29T02:10:00Z' } })?.settlement).toEqual({
      by: 'guests',
      amount: 9_000,
    });
  });

  it('refuses what is not one', () => {
    expect(parseBill(null)).toBeNull();
    expect(parseBill({ ...answer, billed: -1 })).toBeNull();
    expect(parseBill({ ...answer, settlement: { by: 'nadie', amount: 1 } })).toBeNull();
    expect(parseBill({ refused: 'no_bill' })).toBeNull();
    expect(parseBill({ ...answer, lines: [{ id: 'l1', product: 'Pisco Sour', menu_name: 3, quantity: 2, unit_price: 15_000, claimed_units: 0 }] })).toBeNull();
    expect(parseBill({ ...answer, printed_total: -5 })).toBeNull();
  });
});

describe('spreadWords', () => {
  it('says the even part and how many pay one peso more, as evenPart spreads it', () => {
    const amount = 10_001;
    const guests = 3;
    const parts = [1, 2, 3].map((rank) => evenPart(amount, guests, rank));
    expect(parts).toEqual([3_334, 3_334, 3_333]);
    const words = spreadWords(amount, guests, formatPesos);
    expect(words).toContain('Se reparten $10.001 entre los 3 invitados con pedidos: $3.333 a cada uno');
    expect(words).toContain('los primeros 2 invitados según su código en el servidor pagan $1 más');
    expect(spreadWords(9_000, 3, formatPesos)).toContain('$3.000 a cada uno, exacto.');
    expect(spreadWords(9_000, 0, formatPesos)).toBe('No hay invitados con pedidos entre quienes repartir.');
  });
});
