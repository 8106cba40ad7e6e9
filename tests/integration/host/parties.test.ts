/**
 * Parties through the `host` function against the real stack: the owner's key
 * (HOST_KEY) lists every party, opens new ones and sees each party's page; a
 * party's own key, shown once when the party is opened, opens that party's
 * page and nothing else; closing a party stops new guests at the database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseParty } from '../../../src/host/party.ts';
import { HOST_ERRORS } from '../../../supabase/functions/_shared/host-errors.ts';
import type { HostHandler } from '../../../supabase/functions/host/handler.ts';
import { startTestStack, type TestStack } from '../../support/stack.ts';
import { askHost, asGuest, freshAddress, guestWithOrders, HOST_KEY, hostHandler, product, type SeededGuest } from './support.ts';

let stack: TestStack;
let handler: HostHandler;

interface MadeParty {
  readonly id: string;
  readonly code: string;
  readonly name: string;
  readonly host_key: string;
}

const owner = (body: Record<string, unknown>) => askHost(handler, { key: HOST_KEY, ...body }, freshAddress());

async function openParty(name: string, date = '2026-11-28'): Promise<MadeParty> {
  const made = await owner({ action: 'create_party', name, date, paymentUrl: 'https://pagar.example/fiesta' });
  expect(made.status).toBe(200);
  return made.body as MadeParty;
}

let ana: MadeParty;
let beto: MadeParty;
let anaGuest: SeededGuest;
let betoGuest: SeededGuest;
let defaultGuest: SeededGuest;

beforeAll(async () => {
  stack = await startTestStack();
  handler = hostHandler(stack);
  ana = await openParty('Cumpleaños de Ana', '2026-11-27');
  beto = await openParty('Despedida de Beto', '2026-11-29');
  anaGuest = await guestWithOrders(stack, 'Invitada de Ana', [product('Aperol Spritz')], ana.code);
  betoGuest = await guestWithOrders(stack, 'Invitado de Beto', [product('Summer Ale 500cc'), product('Tabla Irish')], beto.code);
  defaultGuest = await guestWithOrders(stack, 'Invitado de Siempre', [product('Summer Ale 500cc')]);
});

afterAll(async () => {
  await stack.stop();
});

const guestsOf = (body: unknown) => parseParty(body)?.guests.map((guest) => guest.full_name);

describe('the owner', () => {
  it('opens a party: its link code, its own key once, and only the key’s digest is kept', async () => {
    expect(ana).toMatchObject({
      name: 'Cumpleaños de Ana',
      code: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
      host_key: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
    const kept = await stack.query<{ text: string }>('select row_to_json(parties)::text as text from parties where id = $1', [ana.id]);
    expect(kept[0]?.text).not.toContain(ana.host_key);
    expect(JSON.stringify((await owner({ action: 'parties' })).body)).not.toContain(ana.host_key);
  });

  it('lists every party, newest first, with its guests and total', async () => {
    const list = (await owner({ action: 'parties' })).body as { name: string; guests: number; total: number }[];
    const names = list.map((party) => party.name);
    expect(names.indexOf('Despedida de Beto')).toBeLessThan(names.indexOf('Cumpleaños de Ana'));
    expect(list.find((party) => party.name === 'Despedida de Beto')).toMatchObject({ guests: 1, total: 4400 + 16990 });
    expect(names).toContain('Fiesta de prueba');
  });

  it('sees each party’s page by its code, and the default party’s without one', async () => {
    expect(guestsOf((await owner({ action: 'party', party: ana.code })).body)).toEqual(['Invitada de Ana']);
    expect(guestsOf((await owner({ action: 'party', party: beto.code })).body)).toEqual(['Invitado de Beto']);
    const home = await owner({ action: 'party' });
    expect(guestsOf(home.body)).toContain('Invitado de Siempre');
    expect(guestsOf(home.body)).not.toContain('Invitada de Ana');
    expect((home.body as { party: { name: string } }).party.name).toBe('Fiesta de prueba');
  });

  it('answers an unknown party code 404 in Spanish', async () => {
    expect(await owner({ action: 'party', party: 'codigoquenoexiste0000' })).toMatchObject({ status: 404, body: { error: 'No encontramos esta fiesta.' } });
  });

  it('refuses a party without a name or with a bad date or payment page, in Spanish', async () => {
    for (const body of [
      { name: '   ', date: '2026-11-28' },
      { name: 'Fiesta', date: '28/11/2026' },
      { name: 'Fiesta', date: '2026-11-28', paymentUrl: 'http://pagar.example' },
      { name: 'x'.repeat(81), date: '2026-11-28' },
    ]) {
      const answer = await owner({ action: 'create_party', ...body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect((answer.body as { error: string }).error).toMatch(/^Pedido inválido: /);
    }
  });

  it('keeps a payment page the guests’ phones can add the amount to', async () => {
    const withQuery = await owner({ action: 'create_party', name: 'Fiesta', date: '2026-11-28', paymentUrl: 'https://pagar.example/p?monto=' });
    expect(withQuery).toMatchObject({
      status: 400,
      body: { error: 'Pedido inválido: La página de pago no puede llevar ? ni #: el monto se agrega al final de la dirección.' },
    });
    const slashed = await owner({ action: 'create_party', name: 'Fiesta con barra', date: '2026-11-28', paymentUrl: ' https://pagar.example/fiesta/ ' });
    expect(slashed.status).toBe(200);
    expect((slashed.body as { payment_url: string }).payment_url).toBe('https://pagar.example/fiesta');
  });
});

describe('a party’s own key', () => {
  const asHost = (party: MadeParty, body: Record<string, unknown>) => askHost(handler, { key: party.host_key, ...body }, freshAddress());

  it('opens its party’s page, detail and CSV', async () => {
    expect(guestsOf((await asHost(ana, { action: 'party' })).body)).toEqual(['Invitada de Ana']);
    expect((await asHost(ana, { action: 'guest', guestId: anaGuest.id })).status).toBe(200);
    expect((await asHost(ana, { action: 'orders' })).body).toEqual([expect.objectContaining({ full_name: 'Invitada de Ana', product_name: 'Aperol Spritz' })]);
  });

  it('opens nothing else: another party, the default party’s guests, the list, a new party', async () => {
    expect(await asHost(ana, { action: 'party', party: beto.code })).toMatchObject({ status: 403, body: { error: HOST_ERRORS.otherParty } });
    expect((await asHost(ana, { action: 'guest', guestId: betoGuest.id })).status).toBe(404);
    expect((await asHost(ana, { action: 'guest', guestId: defaultGuest.id })).status).toBe(404);
    expect((await asHost(ana, { action: 'paid', guestId: betoGuest.id, paid: true })).status).toBe(404);
    expect(await stack.query('select user_id from host_paid_marks where user_id = $1', [betoGuest.id])).toEqual([]);
    expect((await asHost(ana, { action: 'parties' })).status).toBe(403);
    expect((await asHost(ana, { action: 'create_party', name: 'Fiesta robada', date: '2026-11-28' })).status).toBe(403);
  });

  it('one character more is a wrong key (401)', async () => {
    expect((await askHost(handler, { key: `${ana.host_key}x`, action: 'party' }, freshAddress())).status).toBe(401);
  });

  it('closes its party: the database then takes no new guest there', async () => {
    const closing = await owner({ action: 'create_party', name: 'Fiesta que cierra', date: '2026-11-30' });
    const party = closing.body as MadeParty;
    const closed = await asHost(party, { action: 'close_party' });
    expect(closed).toMatchObject({ status: 200, body: { name: 'Fiesta que cierra', closed_at: expect.any(String) } });
    const late = crypto.randomUUID();
    const refused = await asGuest(stack, '/users', { method: 'POST', guest: late, party: party.code, body: { id: late, full_name: 'Llegó Tarde' } });
    expect(refused).toMatchObject({ status: 400, body: { code: '23514' } });
    expect(((await asHost(party, { action: 'party' })).body as { party: { closed_at: string | null } }).party.closed_at).not.toBeNull();
  });
});
