import { describe, expect, it } from 'vitest';
import {
  chooseQuip,
  FIRST_ORDER_QUIPS,
  NEXT_ORDER_QUIPS,
  orderSeed,
  quipChunks,
} from '../../../supabase/functions/_shared/quips.ts';
import { aValidOrder } from '../../support/comment-orders.ts';

const DISCOURAGING = [/no (tomes|bebas|pidas)/i, /moder/i, /cuidado/i, /demasiad/i, /\bbasta\b/i, /\bagua\b/i, /responsab/i, /descans/i, /\bpara de\b/i, /suficiente/i];
const CHILENISMS = /\b(po|cachai|al tiro|bacán|la raja|salud|wena|harto|pa')\b/i;

function everyQuip(order: ReturnType<typeof aValidOrder>, count: number): string[] {
  return Array.from({ length: count }, (_, seed) => chooseQuip(order, seed));
}

const FOUR_EARLIER = ['Guinness 300cc', 'Papas fritas', 'Pisco sour', 'Kilkenny 300cc'];
const firstOrder = aValidOrder({ previousProducts: [] });
const fifthOrder = aValidOrder({ previousProducts: FOUR_EARLIER });

describe('local quips', () => {
  it('has at least 40 different templates', () => {
    expect(FIRST_ORDER_QUIPS.length + NEXT_ORDER_QUIPS.length).toBeGreaterThanOrEqual(40);
    const texts = [...everyQuip(firstOrder, FIRST_ORDER_QUIPS.length), ...everyQuip(fifthOrder, NEXT_ORDER_QUIPS.length)];
    expect(new Set(texts).size).toBe(texts.length);
  });

  it('uses the first name and the product in every quip', () => {
    for (const quip of [...everyQuip(firstOrder, FIRST_ORDER_QUIPS.length), ...everyQuip(fifthOrder, NEXT_ORDER_QUIPS.length)]) {
      expect(quip).toContain('Ana');
      expect(quip).toContain('Summer Ale 500cc');
    }
  });

  it('says how many things came before on later orders', () => {
    for (const quip of everyQuip(fifthOrder, NEXT_ORDER_QUIPS.length)) expect(quip).toMatch(/\b(4 cosas|número 5)\b/);
    for (const quip of everyQuip(aValidOrder(), NEXT_ORDER_QUIPS.length)) expect(quip).toMatch(/\b(una cosa|número 2)\b/);
    for (const quip of everyQuip(firstOrder, FIRST_ORDER_QUIPS.length)) expect(quip).not.toMatch(/\d+ cosas|número/);
  });

  it('sounds Chilean, never laughs "jaja" and never discourages drinking', () => {
    const laughingName = aValidOrder({ name: 'JaJaJa Pérez', previousProducts: [] });
    const quips = [
      ...everyQuip(laughingName, FIRST_ORDER_QUIPS.length),
      ...everyQuip({ ...fifthOrder, name: 'Jajajaja' }, NEXT_ORDER_QUIPS.length),
    ];
    for (const quip of quips) {
      expect(quip).not.toMatch(/jaja/i);
      for (const phrase of DISCOURAGING) expect(quip).not.toMatch(phrase);
    }
    expect(quips.filter((quip) => CHILENISMS.test(quip)).length).toBeGreaterThanOrEqual(quips.length / 2);
    expect(quips[0]).toContain('compa');
  });

  it('is the same for the same order, and differs with the product or the guest', () => {
    expect(chooseQuip(fifthOrder)).toBe(chooseQuip(aValidOrder({ previousProducts: [...FOUR_EARLIER] })));
    expect(orderSeed(fifthOrder)).not.toBe(orderSeed({ ...fifthOrder, product: { name: 'Guinness 500cc', price: 5990 } }));
    expect(orderSeed(fifthOrder)).not.toBe(orderSeed({ ...fifthOrder, guestId: '0b9d3c02-9a4e-4f7e-8d0a-3c1f4e5a6b7c' }));
  });

  it('never repeats the previous comment', () => {
    const usual = chooseQuip(fifthOrder);
    const next = chooseQuip({ ...fifthOrder, previousComment: ` ${usual.toUpperCase()} ` });
    expect(next).not.toBe(usual);
    expect(next).toContain('Summer Ale 500cc');
  });

  it('comes in small pieces that add up to the quip', () => {
    const quip = chooseQuip(fifthOrder);
    const pieces = quipChunks(quip);
    expect(pieces.length).toBeGreaterThan(3);
    expect(pieces.join('')).toBe(quip);
    for (const piece of pieces) expect(piece.trim().split(/\s+/).length).toBeLessThanOrEqual(2);
  });
});
