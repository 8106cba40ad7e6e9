/**
 * A party's list through the `host` function against the real stack: the
 * host reads it, changes a price, marks a dish sold out, adds one, imports a
 * list all or nothing, and opens a party with a copy of another's list. A
 * party's own key edits its own list only; a closed party's list stays.
 * Guests see each change through party_menu() and orders follow it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_PROBLEMS } from '../../../supabase/functions/_shared/menu-import.ts';
import { PRODUCTS } from '../../../supabase/functions/_shared/menu.ts';
import { HOST_ERRORS } from '../../../supabase/functions/_shared/host-errors.ts';
import type { HostHandler } from '../../../supabase/functions/host/handler.ts';
import { startTestStack, type TestStack } from '../../support/stack.ts';
import { askHost, asGuest, freshAddress, HOST_KEY, hostHandler, type MadeParty } from './support.ts';

let stack: TestStack;
let handler: HostHandler;

interface Menu {
  readonly version: string;
  readonly items: { name: string; price: number; category: string; sold_out: boolean }[];
}

const owner = (body: Record<string, unknown>) => askHost(handler, { key: HOST_KEY, ...body }, freshAddress());
const asHost = (party: MadeParty, body: Record<string, unknown>) => askHost(handler, { key: party.host_key, ...body }, freshAddress());

async function openParty(name: string, menuFrom?: string): Promise<MadeParty> {
  const made = await owner({ action: 'create_party', name, date: '2026-11-28', ...(menuFrom ? { menuFrom } : {}) });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  return made.body as MadeParty;
}

const guestMenu = async (party: MadeParty) => (await asGuest(stack, '/rpc/party_menu', { method: 'POST', body: {}, party: party.code })).body as Menu;
const item = (menu: unknown, name: string) => (menu as Menu).items.find((entry) => entry.name === name);

async function orderAs(party: MadeParty, name: string, price: number): Promise<number> {
  const guest = crypto.randomUUID();
  await asGuest(stack, '/users', { method: 'POST', guest, party: party.code, body: { id: guest, full_name: 'Invitada de la Carta' } });
  const answer = await asGuest(stack, '/orders', {
    method: 'POST',
    guest,
    party: party.code,
    prefer: 'return=minimal',
    body: { id: crypto.randomUUID(), user_id: guest, product_name: name, product_price: price, created_at: new Date().toISOString() },
  });
  return answer.status;
}

beforeAll(async () => {
  stack = await startTestStack();
  handler = hostHandler(stack);
});

afterAll(async () => {
  await stack.stop();
});

describe('the host’s list', () => {
  let party: MadeParty;

  beforeAll(async () => {
    party = await openParty('Fiesta de la carta');
  });

  it('a new party starts from the built-in list; the host reads it with its own key, sold-out dishes included', async () => {
    const menu = await asHost(party, { action: 'menu' });
    expect(menu.status).toBe(200);
    expect((menu.body as Menu).items.map((entry) => entry.name)).toEqual(PRODUCTS.map((product) => product.name));
    expect(menu.body).toEqual(await guestMenu(party));
  });

  it('changes Aperol Spritz to $7.000: the guests’ list says so, an order at the old price still counts', async () => {
    const changed = await asHost(party, { action: 'set_price', name: 'Aperol Spritz', price: 7000 });
    expect(changed.status).toBe(200);
    expect(item(changed.body, 'Aperol Spritz')?.price).toBe(7000);
    expect(item(await guestMenu(party), 'Aperol Spritz')?.price).toBe(7000);
    expect(await orderAs(party, 'Aperol Spritz', 7000)).toBe(201);
    expect(await orderAs(party, 'Aperol Spritz', 6500)).toBe(201);
  });

  it('marks Tabla Irish sold out and back', async () => {
    expect(item((await asHost(party, { action: 'set_sold_out', name: 'Tabla Irish', soldOut: true })).body, 'Tabla Irish')?.sold_out).toBe(true);
    expect(item(await guestMenu(party), 'Tabla Irish')?.sold_out).toBe(true);
    expect(item((await asHost(party, { action: 'set_sold_out', name: 'Tabla Irish', soldOut: false })).body, 'Tabla Irish')?.sold_out).toBe(false);
  });

  it('adds Pichanga de la casa at $12.990, cleaned like any name; the server then holds an order of it', async () => {
    const added = await asHost(party, { action: 'add_product', name: '  Pichanga   de la casa ', price: 12990, category: 'Fondos' });
    expect(added.status).toBe(200);
    expect(item(added.body, 'Pichanga de la casa')).toEqual({ name: 'Pichanga de la casa', price: 12990, category: 'Fondos', sold_out: false });
    expect(await orderAs(party, 'Pichanga de la casa', 12990)).toBe(201);
    expect(await asHost(party, { action: 'add_product', name: 'pichanga de la casa', price: 9990, category: 'Fondos' })).toMatchObject({
      status: 409,
      body: { error: HOST_ERRORS.productExists },
    });
  });

  it('refuses bad input with 400 in Spanish, saving nothing', async () => {
    const before = await guestMenu(party);
    for (const [body, error] of [
      [{ action: 'set_price', name: 'Mojito', price: 99 }, PRODUCT_PROBLEMS.price],
      [{ action: 'set_price', name: 'Mojito', price: 7000.5 }, PRODUCT_PROBLEMS.price],
      [{ action: 'set_price', name: 'Mojito', price: '7000' }, PRODUCT_PROBLEMS.price],
      [{ action: 'set_price', price: 7000 }, 'name debe ser el nombre de un producto de la carta.'],
      [{ action: 'set_sold_out', name: 'Mojito', soldOut: 'sí' }, 'soldOut debe ser true o false.'],
      [{ action: 'add_product', name: 'Té\u200b', price: 1000, category: 'Café y té' }, null],
      [{ action: 'add_product', name: 'x', price: 1000, category: 'Café y té' }, PRODUCT_PROBLEMS.name],
      [{ action: 'add_product', name: 'Ponche', price: 1_000_001, category: 'Cócteles' }, PRODUCT_PROBLEMS.price],
      [{ action: 'add_product', name: 'Ponche', price: 7990, category: '   ' }, PRODUCT_PROBLEMS.category],
      [{ action: 'add_product', name: 'Ponche', price: 7990, category: 'c'.repeat(41) }, PRODUCT_PROBLEMS.category],
      [{ action: 'create_party', name: 'Copia', date: '2026-11-28', menuFrom: 'no es un código' }, 'menuFrom debe ser el código de una fiesta.'],
    ] as const) {
      const answer = await asHost(party, body);
      if (error === null) {
        // A zero-width space is dropped like in every name: 'Té' is a fine name.
        expect(answer.status, JSON.stringify(body)).toBe(200);
        continue;
      }
      if (body.action === 'create_party') {
        expect((await owner(body)).body, JSON.stringify(body)).toEqual({ error: `Pedido inválido: ${error}` });
        continue;
      }
      expect(answer, JSON.stringify(body)).toMatchObject({ status: 400, body: { error: `Pedido inválido: ${error}` } });
    }
    const after = await guestMenu(party);
    expect(after.items.filter((entry) => entry.name !== 'Té')).toEqual(before.items);
    expect(await asHost(party, { action: 'set_price', name: 'Plato fantasma', price: 5000 })).toMatchObject({
      status: 404,
      body: { error: HOST_ERRORS.unknownProduct },
    });
  });

  it('imports a list all or nothing: one bad line names its number and saves nothing', async () => {
    const before = await guestMenu(party);
    const refused = await asHost(party, {
      action: 'import_menu',
      lines: [
        { name: 'Sopaipillas', price: 2500, category: 'Entradas' },
        { name: 'Chorrillana', price: 50, category: 'Entradas' },
        { name: 'Empanada de pino', price: 3500, category: '' },
        { name: 'sopaipillas', price: 2600, category: 'Entradas' },
      ],
    });
    expect(refused).toMatchObject({
      status: 400,
      body: {
        error: `Pedido inválido: Línea 2: ${PRODUCT_PROBLEMS.price} Línea 3: ${PRODUCT_PROBLEMS.category} Línea 4: Repite «sopaipillas» de la línea 1.`,
        problems: [
          { line: 2, problem: PRODUCT_PROBLEMS.price },
          { line: 3, problem: PRODUCT_PROBLEMS.category },
          { line: 4, problem: 'Repite «sopaipillas» de la línea 1.' },
        ],
      },
    });
    expect(await guestMenu(party)).toEqual(before);

    const saved = await asHost(party, {
      action: 'import_menu',
      lines: [
        { name: 'Sopaipillas', price: 2500, category: 'Entradas' },
        { name: 'Mojito', price: 6990, category: 'Cócteles' },
      ],
    });
    expect(saved.status).toBe(200);
    expect(item(saved.body, 'Sopaipillas')?.price).toBe(2500);
    expect(item(saved.body, 'Mojito')?.price).toBe(6990);
    expect((saved.body as Menu).items).toHaveLength(before.items.length + 1);
    expect((await asHost(party, { action: 'import_menu', lines: [] })).status).toBe(400);
  });

  it('a party’s key edits its own list only', async () => {
    const other = await openParty('Otra fiesta');
    expect(await asHost(party, { action: 'set_price', name: 'Mojito', price: 100, party: other.code })).toMatchObject({
      status: 403,
      body: { error: HOST_ERRORS.otherParty },
    });
    expect(item(await guestMenu(other), 'Mojito')?.price).toBe(6490);
    expect((await asHost(party, { action: 'menu', party: other.code })).status).toBe(403);
  });

  it('the owner edits the default party’s list without a code', async () => {
    expect((await owner({ action: 'set_sold_out', name: 'Terremoto', soldOut: true })).status).toBe(200);
    const home = (await asGuest(stack, '/rpc/party_menu', { method: 'POST', body: {} })).body;
    expect(item(home, 'Terremoto')?.sold_out).toBe(true);
  });

  it('opens a party with a copy of this one’s list; an unknown party to copy is 404', async () => {
    const copy = await openParty('Fiesta copiada', party.code);
    const copied = await guestMenu(copy);
    expect(item(copied, 'Pichanga de la casa')?.price).toBe(12990);
    expect(item(copied, 'Aperol Spritz')?.price).toBe(7000);
    expect(await orderAs(copy, 'Aperol Spritz', 6500)).toBe(409);
    expect(await owner({ action: 'create_party', name: 'Copia de nadie', date: '2026-11-28', menuFrom: 'codigoquenoexiste0000' })).toMatchObject({
      status: 404,
      body: { error: HOST_ERRORS.unknownMenuSource },
    });
  });

  it('refuses every edit once the party is over (409, in Spanish); its list still reads', async () => {
    const ended = await openParty('Fiesta terminada');
    expect((await asHost(ended, { action: 'close_party' })).status).toBe(200);
    for (const body of [
      { action: 'set_price', name: 'Mojito', price: 7000 },
      { action: 'set_sold_out', name: 'Mojito', soldOut: true },
      { action: 'add_product', name: 'Ponche', price: 7990, category: 'Cócteles' },
      { action: 'import_menu', lines: [{ name: 'Ponche', price: 7990, category: 'Cócteles' }] },
    ]) {
      expect(await asHost(ended, body), body.action).toMatchObject({ status: 409, body: { error: HOST_ERRORS.menuClosed } });
    }
    expect((await asHost(ended, { action: 'menu' })).body).toEqual(await guestMenu(ended));
    expect(item(await guestMenu(ended), 'Mojito')).toEqual({ name: 'Mojito', price: 6490, category: 'Cócteles', sold_out: false });
  });
});
