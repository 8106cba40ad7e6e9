/**
 * The host's records are out of the public key's reach, and guest isolation
 * is unchanged with them in the database: a guest still sees only their own
 * rows, paid marks or not.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../../support/stack.ts';
import { askHost, asGuest, freshAddress, guestWithOrders, HOST_KEY, hostHandler, product, type SeededGuest } from './support.ts';

let stack: TestStack;
let ana: SeededGuest;
let beto: SeededGuest;

const NOBODY = '00000000-0000-4000-8000-000000000000';
const HOST_TABLES = ['host_paid_marks', 'host_key_failures', 'parties'];
const HOST_FUNCTIONS: [string, Record<string, unknown>][] = [
  ['host_party', { p_party: NOBODY }],
  ['host_orders', { p_party: NOBODY }],
  ['host_guest', { p_party: NOBODY, p_user_id: NOBODY }],
  ['host_mark_paid', { p_party: NOBODY, p_user_id: NOBODY, p_paid: true }],
  ['host_key_attempt', { p_address: 'x', p_wrong: false, p_limit: 10, p_window_seconds: 60 }],
  ['host_parties', {}],
  ['host_party_info', { p_party: NOBODY }],
  ['host_party_for_key', { p_key_sha256: '0'.repeat(64) }],
  ['host_party_by_code', { p_code: null }],
  ['host_create_party', { p_name: 'Fiesta pirata', p_date: '2026-11-24', p_payment_url: null, p_key_sha256: '0'.repeat(64) }],
  ['host_close_party', { p_party: NOBODY }],
  ['new_party_code', {}],
];

beforeAll(async () => {
  stack = await startTestStack();
  ana = await guestWithOrders(stack, 'Ana Aislada', [product('Aperol Spritz')]);
  beto = await guestWithOrders(stack, 'Beto Aislado', [product('Summer Ale 500cc'), product('Tabla Irish')]);
  // The host has been at work: a paid mark and a wrong key are in the database.
  const handler = hostHandler(stack);
  expect((await askHost(handler, { key: HOST_KEY, action: 'paid', guestId: beto.id, paid: true }, freshAddress())).status).toBe(200);
  expect((await askHost(handler, { key: 'mala', action: 'party' }, freshAddress())).status).toBe(401);
});

afterAll(async () => {
  await stack.stop();
});

describe('the anon key and the host’s records', () => {
  it('can read no host table, with or without a guest id', async () => {
    for (const table of HOST_TABLES) {
      for (const guest of [undefined, ana.id, beto.id]) {
        const answer = await asGuest(stack, `/${table}`, guest ? { guest } : {});
        expect(answer, `${table} as ${guest ?? 'nobody'}`).toMatchObject({ status: 401, body: { code: '42501' } });
      }
    }
  });

  it('can write no host table', async () => {
    const mark = { user_id: ana.id, paid_amount: 0 };
    const attempts = [
      asGuest(stack, '/host_paid_marks', { method: 'POST', guest: ana.id, body: mark }),
      asGuest(stack, `/host_paid_marks?user_id=eq.${beto.id}`, { method: 'PATCH', guest: beto.id, body: { paid_amount: 0 } }),
      asGuest(stack, `/host_paid_marks?user_id=eq.${beto.id}`, { method: 'DELETE', guest: beto.id }),
      asGuest(stack, '/host_key_failures', { method: 'DELETE', guest: ana.id }),
    ];
    for (const answer of await Promise.all(attempts)) expect(answer).toMatchObject({ status: 401, body: { code: '42501' } });
    const [mark1] = await stack.query<{ count: string }>('select count(*) from host_paid_marks');
    const [failures] = await stack.query<{ count: string }>('select count(*) from host_key_failures');
    expect([mark1?.count, failures?.count]).toEqual(['1', '1']);
  });

  it('can call no host function', async () => {
    for (const [name, args] of HOST_FUNCTIONS) {
      const answer = await asGuest(stack, `/rpc/${name}`, { method: 'POST', guest: beto.id, body: args });
      expect(answer, name).toMatchObject({ status: 401, body: { code: '42501' } });
    }
  });

  it('is not even told the host’s tables and functions exist', async () => {
    const answer = await asGuest(stack, '/');
    expect(answer.status).toBe(200);
    expect(JSON.stringify(answer.body)).toContain('/orders');
    expect(JSON.stringify(answer.body)).not.toMatch(/host_/);
  });

  it('gets nothing through the function either, if it were given as the service key', async () => {
    const misconfigured = hostHandler(stack, { env: { HOST_KEY, SUPABASE_SERVICE_ROLE_KEY: stack.stack.anonKey } });
    const answer = await askHost(misconfigured, { key: HOST_KEY, action: 'party' }, freshAddress());
    expect(answer.status).toBe(503);
    expect(JSON.stringify(answer.body)).not.toContain('Beto');
  });
});

describe('guest isolation, with the host’s records present', () => {
  it('still lets a guest see only their own user and orders', async () => {
    expect((await asGuest(stack, '/users', { guest: ana.id })).body).toEqual([expect.objectContaining({ id: ana.id })]);
    expect((await asGuest(stack, '/orders', { guest: ana.id })).body).toEqual([expect.objectContaining({ user_id: ana.id })]);
    const betoOrders = (await asGuest(stack, '/orders', { guest: beto.id })).body as { user_id: string }[];
    expect(betoOrders.map((order) => order.user_id)).toEqual([beto.id, beto.id]);
    expect((await asGuest(stack, `/orders?user_id=eq.${beto.id}`, { guest: ana.id })).body).toEqual([]);
    expect((await asGuest(stack, '/orders')).body).toEqual([]);
  });

  it('still keeps a guest from changing another’s orders', async () => {
    const reset = await asGuest(stack, `/orders?user_id=eq.${beto.id}`, { method: 'PATCH', guest: ana.id, body: { active: false } });
    expect(reset.status).toBe(204);
    const [row] = await stack.query<{ active: number }>('select count(*) filter (where active)::int as active from orders where user_id = $1', [beto.id]);
    expect(row?.active).toBe(2);
  });
});
