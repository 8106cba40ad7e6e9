/**
 * Every party its own, against the real stack: row level security scopes each
 * guest request to the guest and to the party its request names (x-party-code),
 * and a closed party takes no new guests, no orders tapped after the close and
 * no resets. The probes: a forged party, a forged guest, a guest of party A
 * naming party B, embedding, counts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asGuest, type GuestRequest } from '../../support/as-guest.ts';
import { startTestStack, type TestStack } from '../../support/stack.ts';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
});

afterAll(async () => {
  await stack.stop();
});

interface Party {
  readonly id: string;
  readonly code: string;
}

async function openParty(name: string): Promise<Party> {
  const [party] = await stack.query<Party>(`insert into parties (code, name, party_date) values (new_party_code(), $1, current_date) returning id, code`, [
    name,
  ]);
  if (!party) throw new Error('no party made');
  return party;
}

const rest = (path: string, init: GuestRequest) => asGuest(stack, path, { prefer: 'return=minimal', ...init });

const order = (guest: string, createdAt = new Date().toISOString()) => ({
  id: crypto.randomUUID(),
  user_id: guest,
  product_name: 'Summer Ale 500cc',
  product_price: 4400,
  created_at: createdAt,
});

/** A guest who joined `party` by its link, with `orders` orders. */
async function guestOf(party: Party | null, name: string, orders = 2): Promise<string> {
  const guest = crypto.randomUUID();
  const as = { guest, ...(party ? { party: party.code } : {}) };
  expect((await rest('/users', { ...as, method: 'POST', body: { id: guest, full_name: name } })).status).toBe(201);
  for (let index = 0; index < orders; index += 1) expect((await rest('/orders', { ...as, method: 'POST', body: order(guest) })).status).toBe(201);
  return guest;
}

async function countOf(path: string, guest: string, party: Party): Promise<string | null> {
  const response = await fetch(`${stack.stack.restUrl()}${path}`, {
    method: 'HEAD',
    headers: {
      apikey: stack.stack.anonKey,
      Authorization: `Bearer ${stack.stack.anonKey}`,
      'x-guest-id': guest,
      'x-party-code': party.code,
      Prefer: 'count=exact',
    },
  });
  return response.headers.get('content-range');
}

describe('the default party', () => {
  it('exists, once, and takes a request that names no party (an app from before parties)', async () => {
    expect(await stack.query('select name from parties where is_default')).toEqual([{ name: 'Fiesta de prueba' }]);
    const guest = await guestOf(null, 'Ana Antigua');
    expect(
      await stack.query('select count(*)::int as n from users join parties on parties.id = users.party_id where users.id = $1 and parties.is_default', [guest]),
    ).toEqual([{ n: 1 }]);
    expect(
      await stack.query('select count(*)::int as n from orders join parties on parties.id = orders.party_id where orders.user_id = $1 and parties.is_default', [
        guest,
      ]),
    ).toEqual([{ n: 2 }]);
  });
});

describe('no read or write crosses parties', () => {
  let a: Party;
  let b: Party;
  let ana: string;
  let beto: string;

  beforeAll(async () => {
    [a, b] = [await openParty('Cumpleaños de Ana'), await openParty('Despedida de Beto')];
    ana = await guestOf(a, 'Ana de la Fiesta A', 3);
    beto = await guestOf(b, 'Beto de la Fiesta B', 2);
  });

  it('puts a guest in the party their link names', async () => {
    expect(await stack.query('select party_id from users where id = $1', [ana])).toEqual([{ party_id: a.id }]);
    expect(await stack.query('select distinct party_id from orders where user_id = $1', [ana])).toEqual([{ party_id: a.id }]);
  });

  it('a forged party: an unknown code joins no party and reads nothing', async () => {
    const guest = crypto.randomUUID();
    const forged = { guest, party: 'codigoquenoexiste0000' };
    expect(await rest('/users', { ...forged, method: 'POST', body: { id: guest, full_name: 'Fulano Falso' } })).toMatchObject({
      status: 409,
      body: { code: '23503' },
    });
    expect(await stack.query('select id from users where id = $1', [guest])).toEqual([]);
    expect((await rest('/orders?select=id', { guest: ana, party: 'codigoquenoexiste0000' })).body).toEqual([]);
  });

  it('a forged guest: another guest’s id in the right party reads nothing of theirs', async () => {
    const stranger = await guestOf(a, 'Extraño de la Fiesta A', 1);
    const read = await rest(`/orders?select=id&user_id=eq.${ana}`, { guest: stranger, party: a.code });
    expect(read.body).toEqual([]);
  });

  it('a guest of party A naming party B reads nothing, adds nothing, resets nothing', async () => {
    const asB = { guest: ana, party: b.code };
    expect((await rest('/users?select=id', asB)).body).toEqual([]);
    expect((await rest('/orders?select=id', asB)).body).toEqual([]);
    expect(await rest('/orders', { ...asB, method: 'POST', body: order(ana) })).toMatchObject({ status: 401, body: { code: '42501' } });
    await rest(`/orders?user_id=eq.${ana}`, { ...asB, method: 'PATCH', body: { active: false } });
    expect(await stack.query('select count(*)::int as n from orders where user_id = $1 and active', [ana])).toEqual([{ n: 3 }]);
    // Nor can it read B's guests by naming them.
    expect((await rest(`/orders?select=id&user_id=eq.${beto}`, { guest: beto, party: a.code })).body).toEqual([]);
  });

  it('embedding and counts see the guest’s own rows only', async () => {
    const embedded = await rest('/users?select=id,orders(id)', { guest: ana, party: a.code });
    expect(embedded.body).toEqual([{ id: ana, orders: expect.any(Array) }]);
    expect((embedded.body as { orders: unknown[] }[])[0]?.orders).toHaveLength(3);
    // Content-Range's total, after the slash: what Postgres counted for this request.
    const total = async (path: string, party: Party) => (await countOf(path, ana, party))?.split('/')[1];
    expect(await total('/orders?select=id', a)).toBe('3');
    expect(await total('/users?select=id', a)).toBe('1');
    expect(await total('/orders?select=id', b)).toBe('0');
    expect(await total('/users?select=id', b)).toBe('0');
  });
});

describe('a closed party', () => {
  let party: Party;
  let guest: string;
  let closedAt: string;

  beforeAll(async () => {
    party = await openParty('Fiesta que termina');
    // A party of a few hours: a late order's tap time must lie within its life.
    await stack.query(`update parties set created_at = now() - interval '3 hours' where id = $1`, [party.id]);
    guest = await guestOf(party, 'Carla Cierre', 1);
    const [row] = await stack.query<{ closed_at: Date }>('update parties set closed_at = now() where id = $1 returning closed_at', [party.id]);
    closedAt = (row?.closed_at ?? new Date()).toISOString();
  });

  it('takes no new guests, with a reason', async () => {
    const late = crypto.randomUUID();
    const answer = await rest('/users', { guest: late, party: party.code, method: 'POST', body: { id: late, full_name: 'Tardío Tardón' } });
    expect(answer).toMatchObject({ status: 400, body: { code: '23514', message: expect.stringContaining('party_closed') } });
  });

  it('takes an order tapped before the close (a phone that was offline), refuses one tapped after', async () => {
    const before = new Date(Date.parse(closedAt) - 60_000).toISOString();
    const after = new Date(Date.parse(closedAt) + 1_000).toISOString();
    expect((await rest('/orders', { guest, party: party.code, method: 'POST', body: order(guest, before) })).status).toBe(201);
    expect(await rest('/orders', { guest, party: party.code, method: 'POST', body: order(guest, after) })).toMatchObject({
      status: 400,
      body: { code: '23514', message: expect.stringContaining('party_closed') },
    });
  });

  it('refuses resets and put-backs, and still shows the tab', async () => {
    expect(await rest(`/orders?user_id=eq.${guest}`, { guest, party: party.code, method: 'PATCH', body: { active: false } })).toMatchObject({
      status: 400,
      body: { code: '23514' },
    });
    expect((await rest('/orders?select=id,active', { guest, party: party.code })).body).toEqual([
      { id: expect.any(String), active: true },
      { id: expect.any(String), active: true },
    ]);
  });
});

describe('what a guest’s phone may know of its party', () => {
  const rpc = (fn: string, body: unknown, init: GuestRequest = {}) => asGuest(stack, `/rpc/${fn}`, { method: 'POST', body, ...init });

  it('reads a party by its code: name, date, payment page, whether it is over; an unknown code is null', async () => {
    const party = await openParty('Once de Diego');
    await stack.query(`update parties set payment_url = 'https://pagar.example/diego', host_key_sha256 = sha256('secreta') where id = $1`, [party.id]);
    const read = await rpc('party_by_code', { p_code: party.code });
    expect(read).toMatchObject({ status: 200, body: { code: party.code, name: 'Once de Diego', payment_url: 'https://pagar.example/diego', closed_at: null } });
    expect(JSON.stringify(read.body)).not.toMatch(/host_key|secreta/);
    expect((await rpc('party_by_code', { p_code: 'codigoquenoexiste0000' })).body).toBeNull();
  });

  it('reads the host’s paid mark on the guest’s own tab only, in its own party', async () => {
    const party = await openParty('Fiesta con pagos');
    const paid = await guestOf(party, 'Pía Pagadora', 1);
    const other = await guestOf(party, 'Otro Invitado', 1);
    await stack.query('insert into host_paid_marks (user_id, paid_amount) values ($1, 4840)', [paid]);
    expect((await rpc('my_paid_mark', {}, { guest: paid, party: party.code })).body).toMatchObject({ paid_amount: 4840, paid_at: expect.any(String) });
    expect((await rpc('my_paid_mark', {}, { guest: other, party: party.code })).body).toBeNull();
    expect((await rpc('my_paid_mark', {}, { guest: paid })).body).toBeNull();
  });

  it('tells a phone its party and its paid mark in one answer, the default party’s too', async () => {
    const party = await openParty('Fiesta del estado');
    const guest = await guestOf(party, 'Esteban Estado', 1);
    await stack.query('update parties set closed_at = now() where id = $1', [party.id]);
    await stack.query('insert into host_paid_marks (user_id, paid_amount) values ($1, 4840)', [guest]);
    expect((await rpc('my_tab_status', {}, { guest, party: party.code })).body).toMatchObject({
      party: { name: 'Fiesta del estado', closed_at: expect.any(String) },
      paid_mark: { paid_amount: 4840 },
    });
    const usual = await guestOf(null, 'Ursula Usual', 1);
    expect((await rpc('my_tab_status', {}, { guest: usual })).body).toEqual({
      party: { name: 'Fiesta de prueba', payment_url: null, closed_at: null },
      paid_mark: null,
      // No bar's bill: no server lines on the tab, nothing to claim (an empty list is always sent, with its version: issue 43).
      bill: { total: expect.any(Number), lines: [], unclaimed: [], unclaimed_version: expect.any(String) },
      // Issue 33: what is paid and owed by the one rule, and how the party takes payment.
      payments: [],
      owed: expect.any(Number),
      // No function has said the deployment has Mercado Pago: the party does not take it yet.
      ways: { mercadopago: false, transfer: null },
      transfer_notices: [],
      // Issue 42: the server has the guest; nothing given back, owed back, in process, nor a checkout open.
      known: true,
      refunds: [],
      credit: 0,
      pending: 0,
      honoured: false,
      last_payment: null,
      checkout_open: false,
    });
    // A guest the server does not have yet still hears how the party is paid (the phone asks again once they arrive).
    expect((await rpc('my_tab_status', {}, { guest: crypto.randomUUID() })).body).toMatchObject({
      known: false,
      ways: { mercadopago: false, transfer: null },
      payments: [],
      owed: null,
    });
  });

  it('refuses a payment page the guests’ phones cannot add the amount to, as the host function does', async () => {
    for (const page of ['https://pagar.example/p?monto=', 'https://pagar.example/p#x', 'https://pagar.example/p/', 'http://pagar.example/p']) {
      await expect(
        stack.query("insert into parties (code, name, party_date, payment_url) values (new_party_code(), 'Fiesta mal pagada', current_date, $1)", [page]),
        page,
      ).rejects.toMatchObject({ code: '23514' });
    }
    await stack.query(
      "insert into parties (code, name, party_date, payment_url) values (new_party_code(), 'Fiesta bien pagada', current_date, 'https://pagar.example/p')",
    );
  });

  it('keeps the parties table itself from the anon key', async () => {
    expect((await asGuest(stack, '/parties?select=code')).status).toBe(401);
  });
});
