import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asGuest, type GuestRequest } from '../../support/as-guest.ts';
import { startTestStack, type TestStack } from '../../support/stack.ts';

let stack: TestStack;
const ANA = crypto.randomUUID();
const BETO = crypto.randomUUID();
const BETO_ORDER = crypto.randomUUID();

/** A raw PostgREST request with the public anon key, as anyone on the internet could make. */
const api = (path: string, init?: GuestRequest) => asGuest(stack, path, init);

const order = (id: string, userId: string) => ({
  id,
  user_id: userId,
  product_name: 'Aperol Spritz',
  product_price: 6500,
  created_at: '2026-11-21T22:00:00Z',
});

beforeAll(async () => {
  stack = await startTestStack();
  for (const [id, name] of [
    [ANA, 'Ana'],
    [BETO, 'Beto'],
  ] as const) {
    expect((await api('/users', { method: 'POST', guest: id, body: { id, full_name: name } })).status).toBe(201);
  }
  expect((await api('/orders', { method: 'POST', guest: BETO, body: order(BETO_ORDER, BETO) })).status).toBe(201);
});

afterAll(async () => {
  await stack.stop();
});

describe('guest isolation with the public anon key', () => {
  it('lets a guest read only their own user and orders', async () => {
    expect((await api('/users', { guest: ANA })).body).toEqual([expect.objectContaining({ id: ANA })]);
    expect((await api('/orders', { guest: ANA })).body).toEqual([]);
    expect((await api(`/orders?id=eq.${BETO_ORDER}`, { guest: ANA })).body).toEqual([]);
    expect((await api('/orders', { guest: BETO })).body).toEqual([expect.objectContaining({ id: BETO_ORDER })]);
  });

  it('shows nothing without the header, or with a header that is not a UUID', async () => {
    for (const guest of [null, '', 'not-a-uuid', "' or 1=1 --"]) {
      expect((await api('/orders', { guest })).body, String(guest)).toEqual([]);
      expect((await api('/users', { guest })).body, String(guest)).toEqual([]);
    }
  });

  it('refuses an order or a user for another guest (42501, answered with 401)', async () => {
    const intoBeto = await api('/orders', { method: 'POST', guest: ANA, body: order(crypto.randomUUID(), BETO) });
    expect(intoBeto).toMatchObject({ status: 401, body: { code: '42501' } });
    const asBeto = await api('/users', { method: 'POST', guest: ANA, body: { id: crypto.randomUUID(), full_name: 'Impostor' } });
    expect(asBeto).toMatchObject({ body: { code: '42501' } });
  });

  it('cannot reset or change another guest’s orders', async () => {
    const reset = await api(`/orders?id=eq.${BETO_ORDER}`, { method: 'PATCH', guest: ANA, body: { active: false }, prefer: 'return=representation' });
    expect(reset.body).toEqual([]);
    const [row] = await stack.query<{ active: boolean }>('select active from orders where id = $1', [BETO_ORDER]);
    expect(row?.active).toBe(true);
  });

  it('lets a guest change only the active flag of their own orders', async () => {
    const price = await api(`/orders?id=eq.${BETO_ORDER}`, { method: 'PATCH', guest: BETO, body: { product_price: 1 } });
    expect(price).toMatchObject({ status: 401, body: { code: '42501' } });
    const active = await api(`/orders?id=eq.${BETO_ORDER}`, { method: 'PATCH', guest: BETO, body: { active: false } });
    expect(active.status).toBe(204);
  });

  it('never deletes', async () => {
    const removed = await api(`/orders?id=eq.${BETO_ORDER}`, { method: 'DELETE', guest: BETO });
    expect(removed).toMatchObject({ status: 401, body: { code: '42501' } });
    expect(await stack.query('select id from orders where id = $1', [BETO_ORDER])).toHaveLength(1);
  });

  it('keeps the server’s own receipt time out of the guest’s hands', async () => {
    const id = crypto.randomUUID();
    const sneaky = await api('/orders', { method: 'POST', guest: ANA, body: { ...order(id, ANA), received_at: '2000-01-01T00:00:00Z' } });
    expect(sneaky).toMatchObject({ status: 401, body: { code: '42501' } });
  });

  it('validates rows in the database: names, prices and product names', async () => {
    const tooShort = await api('/users', { method: 'POST', guest: ANA, body: { id: ANA, full_name: 'Jo' }, prefer: 'resolution=ignore-duplicates' });
    expect(tooShort.body).toMatchObject({ code: '23514' });
    const free = await api('/orders', { method: 'POST', guest: ANA, body: { ...order(crypto.randomUUID(), ANA), product_price: 0 } });
    expect(free.body).toMatchObject({ code: '23514' });
    const nameless = await api('/orders', { method: 'POST', guest: ANA, body: { ...order(crypto.randomUUID(), ANA), product_name: '' } });
    expect(nameless.body).toMatchObject({ code: '23514' });
  });
});
