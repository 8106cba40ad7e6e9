import { describe, expect, it } from 'vitest';
import { charged, formatPesos, formatPrice, ordersTotal, paymentLink, tippedTotal } from '../../../src/tab/money.ts';
import { refusalLine, refusalReason } from '../../../src/tab/refusals.ts';

const tabTotal = (prices: readonly (number | null | undefined)[]) => ordersTotal(prices.map((price) => ({ product_price: price })));

describe('money', () => {
  it('formats pesos with a dot between thousands and no decimals', () => {
    expect(formatPesos(0)).toBe('$0');
    expect(formatPesos(999)).toBe('$999');
    expect(formatPesos(1000)).toBe('$1.000');
    expect(formatPesos(4400)).toBe('$4.400');
    expect(formatPesos(16990)).toBe('$16.990');
    expect(formatPesos(1234567)).toBe('$1.234.567');
  });

  it('agrees with es-CL number formatting wherever it groups', () => {
    const esCL = new Intl.NumberFormat('es-CL', { maximumFractionDigits: 0, useGrouping: 'always' });
    for (const amount of [1000, 4400, 33500, 16990, 100000, 2000000]) {
      expect(formatPesos(amount)).toBe(`$${esCL.format(amount)}`);
    }
  });

  it('shows Error for a missing or falsy price', () => {
    expect(formatPrice(4400)).toBe('$4.400');
    for (const broken of [0, undefined, null, Number.NaN]) expect(formatPrice(broken)).toBe('Error');
  });

  it('adds up only valid prices', () => {
    expect(tabTotal([])).toBe(0);
    expect(tabTotal([4400, 6500, 16990])).toBe(27890);
    expect(tabTotal([4400, 0, undefined, null, Number.NaN, -5, 1.5, 1000])).toBe(5400);
    const prices = [4400, 0, undefined, null, Number.NaN, -5, 1.5, 1000, 16990];
    expect(ordersTotal(prices.map((price) => ({ product_price: price })))).toBe(tabTotal(prices));
  });

  it('charges nothing for a pick the server refused, whatever the reason it kept', () => {
    const orders = [
      { product_price: 4400 },
      { product_price: 16990, rejected: 'HTTP 400 · 23514 · party_closed: the party is over' },
      { product_price: 6500, rejected: '' },
    ];
    expect(orders.map(charged)).toEqual([4400, 0, 0]);
    expect(ordersTotal(orders)).toBe(4400);
    expect(ordersTotal([{ product_price: 6500, rejected: undefined }])).toBe(6500);
  });

  it('says why a pick was refused in the guest’s words, never the server’s', () => {
    expect(refusalReason('HTTP 400 · 23514 · party_closed: the party is over, no orders tapped after it')).toBe('la fiesta ya había terminado');
    expect(refusalReason('HTTP 409 · 23503 · insert or update on table "orders" violates foreign key constraint "orders_product_on_party_menu"')).toBe(
      'ese producto no está en la carta a ese precio',
    );
    expect(refusalReason('HTTP 400 · 23514 · orders_per_guest_ceiling: a guest keeps at most 1000 orders')).toBe('la cuenta llegó al máximo de 1.000 pedidos');
    expect(refusalReason('HTTP 400 · 23514 · new row violates check constraint "orders_tap_time_plausible"')).toBe(
      'la hora de este teléfono no cuadra con la del bar',
    );
    expect(refusalReason("HTTP 400 · 23514 · price_gone: this price left the party's list too long ago")).toBe('ese precio ya no está en la carta');
    expect(refusalReason('HTTP 400 · 23514 · orders_after_close: a guest adds at most 50 orders after the party closed')).toBe(
      'después del cierre se aceptan a lo más 50 pedidos',
    );
    for (const other of ['', 'HTTP 400 · PGRST102 · Empty or invalid json', 'HTTP 403 · 42501 · new row violates row-level security policy']) {
      expect(refusalLine(other)).toBe('No aceptado: el bar no lo recibió. No suma al total.');
    }
  });

  it('adds a 10% tip truncated to a whole peso, exactly, for every total up to 2,000,000', () => {
    const mismatches: number[] = [];
    for (let total = 0; total <= 2_000_000; total += 1) {
      const exact = Number((BigInt(total) * 11n) / 10n);
      if (tippedTotal(total) !== exact) mismatches.push(total);
    }
    expect(mismatches).toEqual([]);
    expect(tippedTotal(4400)).toBe(4840);
    expect(tippedTotal(16990)).toBe(18689);
    expect(tippedTotal(9)).toBe(9);
  });

  it('puts the amount in the payment link as a path segment', () => {
    expect(paymentLink('https://pago.example/bar', 4840)).toBe('https://pago.example/bar/4840');
    expect(paymentLink('https://pago.example/bar')).toBe('https://pago.example/bar');
  });
});
