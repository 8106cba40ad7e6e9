import { describe, expect, it } from 'vitest';
import { buildCommentRequest, type CommentedOrder } from '../../../src/comments/request.ts';
import { parseCommentRequest } from '../../../supabase/functions/_shared/comment-request.ts';

const guest = { id: '8a6e0804-2bd0-4672-b79e-d4b259de3b01', full_name: 'Ana María' };

function order(id: string, name: string, price: number, minute: number): CommentedOrder {
  return { id, product_name: name, product_price: price, created_at: new Date(Date.UTC(2026, 10, 21, 22, minute)).toISOString() };
}

/** Order ids are UUIDs made on the phone, as the function checks. */
const orderId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const aperol = order(orderId(1), 'Aperol Spritz', 6500, 0);
const ale = order(orderId(2), 'Summer Ale 500cc', 4400, 5);
const tabla = order(orderId(3), 'Tabla Irish', 16990, 10);

describe('the comment request', () => {
  it('carries the guest, the product and the earlier orders newest first, without the order itself', () => {
    expect(buildCommentRequest(guest, tabla, [aperol, tabla, ale], ['Primera', 'Buena elección'])).toEqual({
      guestId: guest.id,
      orderId: tabla.id,
      name: 'Ana María',
      product: { name: 'Tabla Irish', price: 16990 },
      previousProducts: ['Summer Ale 500cc', 'Aperol Spritz'],
      previousComment: 'Buena elección',
      recentComments: ['Buena elección', 'Primera'],
    });
  });

  it('leaves out orders made after this one, and the comment when there was none', () => {
    const body = buildCommentRequest(guest, ale, [tabla, ale, aperol]);
    expect(body.previousProducts).toEqual(['Aperol Spritz']);
    expect(body).not.toHaveProperty('previousComment');
    expect(buildCommentRequest(guest, ale, [], ['   '])).not.toHaveProperty('previousComment');
  });

  it('sends at most the 100 newest earlier orders', () => {
    const at = (second: number) => new Date(Date.UTC(2026, 10, 21, 20, 0, second)).toISOString();
    const many = Array.from({ length: 130 }, (_, index) => ({ ...aperol, id: `e${index}`, product_name: `Pinta ${index}`, created_at: at(index) }));
    const body = buildCommentRequest(guest, { ...tabla, created_at: at(200) }, many);
    expect(body.previousProducts).toHaveLength(100);
    expect(body.previousProducts[0]).toBe('Pinta 129');
    expect(body.previousProducts.at(-1)).toBe('Pinta 30');
  });

  it('cuts a long previous comment to what the function accepts, by characters', () => {
    const body = buildCommentRequest(guest, aperol, [], ['🍺'.repeat(700)]);
    expect(Array.from(body.previousComment ?? '')).toHaveLength(600);
    expect(body.previousComment).toBe('🍺'.repeat(600));
  });

  it('sends the 10 newest comments, newest first, for the quips not to repeat', () => {
    const history = Array.from({ length: 20 }, (_, index) => `comentario ${index + 1}`);
    const body = buildCommentRequest(guest, aperol, [], history);
    expect(body.recentComments).toEqual(history.slice(-10).reverse());
    expect(body.previousComment).toBe('comentario 20');
  });

  it('drops the oldest recent comments when they would make the body larger than the function reads', () => {
    const heavy = Array.from({ length: 10 }, (_, index) => `${index}${'🍺'.repeat(599)}`);
    const body = buildCommentRequest(guest, aperol, [], heavy);
    expect(new TextEncoder().encode(JSON.stringify(body)).length).toBeLessThanOrEqual(16 * 1024);
    expect(body.recentComments?.length).toBeLessThan(10);
    expect(body.recentComments?.[0]).toBe(heavy.at(-1));
    expect(parseCommentRequest(JSON.parse(JSON.stringify(body)))).toMatchObject({ ok: true });
  });

  it('is what the function validates', () => {
    const many = Array.from({ length: 150 }, (_, index) => order(orderId(100 + index), 'Aperol Spritz', 6500, 0));
    const body = buildCommentRequest(
      guest,
      tabla,
      many,
      Array.from({ length: 20 }, (_, index) => `${index} ${'x'.repeat(900)}`),
    );
    expect(parseCommentRequest(JSON.parse(JSON.stringify(body)))).toMatchObject({ ok: true });
  });
});
