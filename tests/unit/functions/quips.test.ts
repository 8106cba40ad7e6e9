import { describe, expect, it } from 'vitest';
import { PRODUCTS } from '../../../supabase/functions/_shared/menu.ts';
import {
  chooseQuip,
  FIRST_ORDER_QUIPS,
  NEXT_ORDER_QUIPS,
  orderSeed,
  quipChunks,
  quipFacts,
  renderQuip,
  templateOf,
} from '../../../supabase/functions/comment/quips.ts';
import { formatPesos } from '../../../supabase/functions/_shared/rules.ts';
import { aValidOrder } from '../../support/comment-orders.ts';

const DISCOURAGING = [
  /no (tomes|bebas|pidas)/i,
  /moder/i,
  /cuidado/i,
  /demasiad/i,
  /\bbasta\b/i,
  /\bagua\b/i,
  /responsab/i,
  /descans/i,
  /\bpara de\b/i,
  /suficiente/i,
  /\bdeja de\b/i,
  /\bya no\b/i,
];
const CHILENISMS = /\b(po|cachai|al tiro|bacán|la raja|salud|wena|harto|pa')\b/i;
const TEMPLATES = [...FIRST_ORDER_QUIPS, ...NEXT_ORDER_QUIPS];

const FOUR_EARLIER = ['Guinness 300cc', 'Papas fritas', 'Pisco Sour', 'Kilkenny 300cc'];
const fifthOrder = aValidOrder({ previousProducts: FOUR_EARLIER });

/** A small deterministic random generator, so the long night below is the same every run. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** A guest's long night as the app drives it: each quip goes into the history the next request carries. */
function longNight(orders: number, name = 'Ana María'): { quip: string; product: string; price: number; before: string[] }[] {
  const next = random(42);
  const night: { quip: string; product: string; price: number; before: string[] }[] = [];
  let earlier: string[] = [];
  let history: string[] = [];
  for (let index = 0; index < orders; index += 1) {
    // Now and then a reset (every earlier order off the tab) or a pick taken off: the count goes back.
    if (next() < 0.02) earlier = [];
    else if (next() < 0.1) earlier = earlier.slice(1);
    const product = PRODUCTS[Math.floor(next() * PRODUCTS.length)] ?? PRODUCTS[0];
    if (!product) throw new Error('no menu');
    const recent = history.slice(-10).reverse();
    const body = aValidOrder({ name, product: { name: product.name, price: product.price }, previousProducts: earlier });
    const quip = chooseQuip({ ...body, ...(recent[0] === undefined ? {} : { previousComment: recent[0], recentComments: recent }) });
    night.push({ quip, product: product.name, price: product.price, before: earlier });
    history = [...history, quip].slice(-20);
    earlier = [product.name, ...earlier].slice(0, 100);
  }
  return night;
}

describe('local quips', () => {
  it('has at least 100 different templates, each with the name and the product', () => {
    expect(new Set(TEMPLATES).size).toBe(TEMPLATES.length);
    expect(TEMPLATES.length).toBeGreaterThanOrEqual(100);
    for (const template of TEMPLATES) {
      expect(template).toContain('{name}');
      expect(template).toContain('{product}');
    }
  });

  it('mentions the price or the earlier orders in most templates, and the earlier ones only after the first pick', () => {
    const telling = TEMPLATES.filter((template) => /\{(price|things|number|last)\}/.test(template));
    expect(telling.length).toBeGreaterThanOrEqual(TEMPLATES.length * 0.6);
    for (const template of FIRST_ORDER_QUIPS) expect(template).not.toMatch(/\{(things|number|last)\}/);
  });

  it('fills in the first name, the product, the price in pesos, the count and the last pick', () => {
    const facts = quipFacts(fifthOrder);
    expect(facts).toEqual({ name: 'Ana', product: 'Summer Ale 500cc', price: 4400, before: 4, last: 'Guinness 300cc' });
    expect(renderQuip('{name}: {product} a {price}, tras {things} (pedido {number}; antes {last})', facts)).toBe(
      'Ana: Summer Ale 500cc a $4.400, tras 4 cosas (pedido 5; antes Guinness 300cc)',
    );
    expect(renderQuip('{things}', quipFacts(aValidOrder()))).toBe('una cosa');
  });

  it('quotes back only an earlier pick that is on the menu', () => {
    const odd = aValidOrder({ previousProducts: ['jajaja <b>raro</b>', 'Guinness 300cc'] });
    expect(quipFacts(odd).last).toBeUndefined();
    for (let seed = 0; seed < NEXT_ORDER_QUIPS.length; seed += 1) expect(chooseQuip(odd, seed)).not.toContain('raro');
  });

  it('sounds Chilean, never laughs "jaja" and never discourages drinking', () => {
    const laughingName = aValidOrder({ name: 'JaJaJa Pérez', previousProducts: [] });
    const quips = [
      ...FIRST_ORDER_QUIPS.map((_, seed) => chooseQuip(laughingName, seed)),
      ...NEXT_ORDER_QUIPS.map((_, seed) => chooseQuip({ ...fifthOrder, name: 'Jajajaja' }, seed)),
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

  it('never repeats the previous comment, nor the template of one of the 10 recent ones', () => {
    const usual = chooseQuip(fifthOrder);
    const next = chooseQuip({ ...fifthOrder, previousComment: ` ${usual.toUpperCase()} ` });
    expect(next).not.toBe(usual);
    expect(next).toContain('Summer Ale 500cc');
    const recent = [usual, next];
    for (let round = 0; round < 8; round += 1) recent.unshift(chooseQuip({ ...fifthOrder, recentComments: recent.slice(0, 10) }));
    const used = new Set(recent.map(templateOf));
    expect(used.size).toBe(10);
    expect(used.has(undefined)).toBe(false);
  });

  it('over 1,000 quips of a long night: never one of the last 10 again, always the name and the product', () => {
    const night = longNight(1000);
    let telling = 0;
    night.forEach(({ quip, product, price, before }, index) => {
      const template = templateOf(quip);
      expect(template, quip).toBeDefined();
      const lastTen = night.slice(Math.max(0, index - 10), index);
      expect(
        lastTen.map((earlier) => earlier.quip),
        `quip ${index}`,
      ).not.toContain(quip);
      expect(
        lastTen.map((earlier) => templateOf(earlier.quip)),
        `quip ${index}`,
      ).not.toContain(template);
      expect(quip).toContain('Ana');
      expect(quip).toContain(product);
      const withoutProducts = [product, ...before].reduce((text, name) => text.replaceAll(name, '·'), quip);
      expect(withoutProducts).not.toMatch(/jaja/i);
      for (const phrase of DISCOURAGING) expect(withoutProducts, quip).not.toMatch(phrase);
      if (
        quip.includes(formatPesos(price)) ||
        (before.length > 0 && /\d+ cosas|una cosa|número \d+/.test(quip)) ||
        before.some((name) => name !== product && quip.includes(name))
      ) {
        telling += 1;
      }
    });
    expect(telling).toBeGreaterThan(night.length * 0.5);
    expect(new Set(night.map(({ quip }) => templateOf(quip))).size).toBeGreaterThanOrEqual(80);
  });

  it('comes in small pieces that add up to the quip', () => {
    const quip = chooseQuip(fifthOrder);
    const pieces = quipChunks(quip);
    expect(pieces.length).toBeGreaterThan(3);
    expect(pieces.join('')).toBe(quip);
    for (const piece of pieces) expect(piece.trim().split(/\s+/).length).toBeLessThanOrEqual(2);
  });
});
