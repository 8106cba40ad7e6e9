import { describe, expect, it } from 'vitest';
import { parseCommentRequest } from '../../../supabase/functions/_shared/comment-request.ts';
import { PRODUCTS } from '../../../supabase/functions/_shared/menu.ts';
import { anOrder } from '../../support/comment-orders.ts';

function issuesOf(body: unknown) {
  const parsed = parseCommentRequest(body);
  return parsed.ok ? [] : parsed.issues;
}

describe('comment request', () => {
  it('accepts an order from the menu and cleans the name', () => {
    const parsed = parseCommentRequest(anOrder({ name: '  Ana\u0000 \t María  ', previousComment: '¡Salud!' }));
    expect(parsed).toEqual({ ok: true, order: { ...anOrder(), name: 'Ana María', previousComment: '¡Salud!' } });
  });

  it('accepts every product of the catalogue at its price', () => {
    for (const { name, price } of PRODUCTS) expect(parseCommentRequest(anOrder({ product: { name, price } })).ok).toBe(true);
  });

  it('counts the name in characters, trimmed: 3 to 60', () => {
    expect(parseCommentRequest(anOrder({ name: '   Al   ' })).ok).toBe(false);
    expect(parseCommentRequest(anOrder({ name: '😀🍺🎂' })).ok).toBe(true);
    expect(parseCommentRequest(anOrder({ name: '🍺'.repeat(60) })).ok).toBe(true);
    expect(issuesOf(anOrder({ name: 'a'.repeat(61) }))).toEqual([{ path: 'name', message: 'El nombre debe tener entre 3 y 60 caracteres.' }]);
  });

  it('takes a product of any party’s list (a new price, a new dish): whether it was ordered is the database’s to say', () => {
    expect(parseCommentRequest(anOrder({ product: { name: 'Aperol Spritz', price: 7000 } })).ok).toBe(true);
    expect(parseCommentRequest(anOrder({ product: { name: 'Pichanga de la casa', price: 12990 } })).ok).toBe(true);
  });

  it('refuses a product no list could have: no name, a name too long, a price out of range or not whole', () => {
    const offMenu = { path: 'product', message: 'El producto no está en la carta a ese precio.' };
    expect(issuesOf(anOrder({ product: { name: 'Summer Ale 500cc', price: 1 } }))).toEqual([offMenu]);
    expect(issuesOf(anOrder({ product: { name: 'Summer Ale 500cc', price: 4400.5 } }))).toEqual([offMenu]);
    expect(issuesOf(anOrder({ product: { name: 'Summer Ale 500cc', price: 1_000_001 } }))).toEqual([offMenu]);
    expect(issuesOf(anOrder({ product: { name: '  ', price: 4400 } }))).toEqual([offMenu]);
    expect(issuesOf(anOrder({ product: { name: 'x'.repeat(121), price: 4400 } }))).toEqual([offMenu]);
  });

  it('takes at most 100 earlier products of at most 120 characters', () => {
    expect(parseCommentRequest(anOrder({ previousProducts: Array<string>(100).fill('x'.repeat(120)) })).ok).toBe(true);
    expect(issuesOf(anOrder({ previousProducts: Array<string>(101).fill('Guinness') }))[0]?.path).toBe('previousProducts');
    expect(issuesOf(anOrder({ previousProducts: ['ok', 'x'.repeat(121)] }))[0]?.path).toBe('previousProducts.1');
  });

  it('takes a previous comment of at most 600 characters', () => {
    expect(parseCommentRequest(anOrder({ previousComment: '🍺'.repeat(600) })).ok).toBe(true);
    expect(issuesOf(anOrder({ previousComment: 'x'.repeat(601) }))[0]?.path).toBe('previousComment');
  });

  it('takes up to 10 recent comments of at most 600 characters each, or none', () => {
    const ten = Array.from({ length: 10 }, (_, index) => `${index} ${'🍺'.repeat(500)}`);
    expect(parseCommentRequest({ ...anOrder(), recentComments: ten })).toEqual({ ok: true, order: { ...anOrder(), recentComments: ten } });
    expect(parseCommentRequest(anOrder()).ok).toBe(true);
    expect(issuesOf({ ...anOrder(), recentComments: [...ten, 'once'] })[0]?.path).toBe('recentComments');
    expect(issuesOf({ ...anOrder(), recentComments: ['ok', 'x'.repeat(601)] })[0]?.path).toBe('recentComments.1');
    expect(issuesOf({ ...anOrder(), recentComments: 'uno' })[0]?.path).toBe('recentComments');
  });

  it('needs a UUID guest id and every field', () => {
    expect(issuesOf(anOrder({ guestId: 'guest-1' }))[0]?.path).toBe('guestId');
    const withoutProducts = Object.fromEntries(Object.entries(anOrder()).filter(([field]) => field !== 'previousProducts'));
    expect(issuesOf(withoutProducts)[0]?.path).toBe('previousProducts');
    expect(parseCommentRequest(null).ok).toBe(false);
    expect(parseCommentRequest([anOrder()]).ok).toBe(false);
  });
});
