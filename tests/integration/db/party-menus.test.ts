/**
 * Every party its own list, against the real stack: orders must name a
 * (name, price) that was ever on THEIR party's list; a new party starts from
 * the built-in list or a copy of another's; guests read the list through
 * party_menu() and write nothing of it; the host's SQL edits are all or nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCTS } from '../../../supabase/functions/_shared/menu.ts';
import { isProductCategory, isProductName } from '../../../supabase/functions/_shared/rules.ts';
import { seededRandom } from '../../../scripts/lib/seeded-random.ts';
import { classifyAnswer } from '../../../src/sync/classify.ts';
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

interface MenuItem {
  readonly name: string;
  readonly price: number;
  readonly category: string;
  readonly sold_out: boolean;
}

interface Menu {
  readonly version: string;
  readonly items: MenuItem[];
}

async function openParty(name: string, menuSource: string | null = null): Promise<Party> {
  const [party] = await stack.query<Party>(
    `insert into parties (code, name, party_date, menu_source) values (new_party_code(), $1, current_date, $2) returning id, code`,
    [name, menuSource],
  );
  if (!party) throw new Error('no party made');
  return party;
}

const rest = (path: string, init: GuestRequest) => asGuest(stack, path, { prefer: 'return=minimal', ...init });

async function guestOf(party: Party | null, name: string): Promise<string> {
  const guest = crypto.randomUUID();
  expect((await rest('/users', { guest, ...(party ? { party: party.code } : {}), method: 'POST', body: { id: guest, full_name: name } })).status).toBe(201);
  return guest;
}

const orderAt = (guest: string, party: Party | null, product_name: string, product_price: number) =>
  rest('/orders', {
    guest,
    ...(party ? { party: party.code } : {}),
    method: 'POST',
    body: { id: crypto.randomUUID(), user_id: guest, product_name, product_price, created_at: new Date().toISOString() },
  });

const menuOf = async (party: Party | null): Promise<Menu> =>
  (await asGuest(stack, '/rpc/party_menu', { method: 'POST', body: {}, ...(party ? { party: party.code } : {}) })).body as Menu;

/** A host SQL function, as the host function calls it (service role: here the superuser). */
async function host<T>(fn: string, args: readonly unknown[]): Promise<T> {
  const placeholders = args.map((_, index) => `$${index + 1}`).join(', ');
  const [row] = await stack.query<{ answer: T }>(`select ${fn}(${placeholders}) as answer`, [...args]);
  return row?.answer as T;
}

describe('the lists from before party lists', () => {
  it('the default party has the built-in list, in menu order, nothing sold out', async () => {
    const menu = await menuOf(null);
    expect(menu.items).toEqual(PRODUCTS.map((product) => ({ name: product.name, price: product.price, category: product.category, sold_out: false })));
    expect(menu.version).toMatch(/^[0-9a-f]{32}$/);
  });

  it('every (name, price) of products is on every party’s record, so old orders stay valid', async () => {
    const missing = await stack.query(
      `select parties.code, products.name, products.price from parties cross join products
       where not exists (select from party_prices where party_id = parties.id and name = products.name and price = products.price)`,
    );
    expect(missing).toEqual([]);
  });
});

describe('orders name their party’s list', () => {
  let a: Party;
  let b: Party;
  let ana: string;
  let beto: string;

  beforeAll(async () => {
    [a, b] = [await openParty('Carta de Ana'), await openParty('Carta de Beto')];
    [ana, beto] = [await guestOf(a, 'Ana de la Carta'), await guestOf(b, 'Beto de la Carta')];
    await host('host_add_product', [a.id, 'Pichanga de la casa', 12990, 'Fondos']);
  });

  it('refuses a (name, price) never on that party’s list with 23503, which a phone parks as refused', async () => {
    const answer = await orderAt(ana, a, 'Aperol Spritz', 7000);
    expect(answer).toMatchObject({ status: 409, body: { code: '23503', message: expect.stringContaining('orders_product_on_party_menu') } });
    const { code, message } = answer.body as { code: string; message: string };
    expect(classifyAnswer({ status: 409, code, message })).toBe('reject');
  });

  it('takes an order at the current price, and at an old price of that party after a change', async () => {
    expect((await orderAt(ana, a, 'Aperol Spritz', 6500)).status).toBe(201);
    await host('host_set_price', [a.id, 'Aperol Spritz', 7000]);
    expect((await orderAt(ana, a, 'Aperol Spritz', 7000)).status).toBe(201);
    // A phone that had not heard of the change: its pick at the old price is accepted.
    expect((await orderAt(ana, a, 'Aperol Spritz', 6500)).status).toBe(201);
    // Party B's list never changed: $7.000 was never on it.
    expect((await orderAt(beto, b, 'Aperol Spritz', 7000)).status).toBe(409);
  });

  it('refuses party A’s dish in party B, takes it in A', async () => {
    expect((await orderAt(ana, a, 'Pichanga de la casa', 12990)).status).toBe(201);
    expect(await orderAt(beto, b, 'Pichanga de la casa', 12990)).toMatchObject({ status: 409, body: { code: '23503' } });
  });

  it('takes a sold-out dish (a phone that had not heard)', async () => {
    await host('host_set_sold_out', [a.id, 'Tabla Irish', true]);
    const tabla = PRODUCTS.find((product) => product.name === 'Tabla Irish');
    expect((await orderAt(ana, a, 'Tabla Irish', tabla?.price ?? 0)).status).toBe(201);
  });

  it('still says "send the guest first" for an order whose guest the server lacks', async () => {
    const ghost = crypto.randomUUID();
    const answer = await orderAt(ghost, a, 'Pichanga de la casa', 12990);
    const { code, message } = answer.body as { code: string; message: string };
    expect(classifyAnswer({ status: answer.status, code, message })).toBe('guest-missing');
  });
});

describe('a new party’s list', () => {
  it('is a copy of an earlier party’s current list: its prices, its dishes, back on sale; not its old prices', async () => {
    const a = await openParty('Carta de origen');
    await host('host_set_price', [a.id, 'Mojito', 7490]);
    await host('host_add_product', [a.id, 'Ponche de cumpleaños', 7990, 'Cócteles']);
    await host('host_set_sold_out', [a.id, 'Mojito', true]);
    const copy = await openParty('Carta copiada', a.id);
    const [source, copied] = [await menuOf(a), await menuOf(copy)];
    expect(copied.items).toEqual(source.items.map((item) => ({ ...item, sold_out: false })));
    expect(copied.items).toContainEqual({ name: 'Mojito', price: 7490, category: 'Cócteles', sold_out: false });
    const guest = await guestOf(copy, 'Camila Copia');
    expect((await orderAt(guest, copy, 'Ponche de cumpleaños', 7990)).status).toBe(201);
    expect((await orderAt(guest, copy, 'Mojito', 6490)).status).toBe(409);
  });

  it('opened by the host’s SQL from a party’s code, or from the built-in list; an unknown code opens nothing', async () => {
    const a = await openParty('Carta para copiar');
    await host('host_add_product', [a.id, 'Choripán', 3990, 'Entradas']);
    const made = await host<{ id: string; code: string }>('host_create_party', ['Copia por código', '2026-12-01', null, 'ab'.repeat(32), a.code]);
    expect((await menuOf(made)).items).toContainEqual({ name: 'Choripán', price: 3990, category: 'Entradas', sold_out: false });
    const plain = await host<{ id: string; code: string }>('host_create_party', ['Carta de la casa', '2026-12-01', null, 'cd'.repeat(32)]);
    expect((await menuOf(plain)).items).toHaveLength(PRODUCTS.length);
    const before = await stack.query('select count(*)::int as n from parties');
    expect(await host('host_create_party', ['Copia de nadie', '2026-12-01', null, 'ef'.repeat(32), 'codigoquenoexiste0000'])).toEqual({
      refused: 'unknown_menu_source',
    });
    expect(await stack.query('select count(*)::int as n from parties')).toEqual(before);
  });
});

describe('party_menu(), the guests’ read', () => {
  it('answers the list of the party the request names, sold-out dishes marked, and a new version after each change', async () => {
    const party = await openParty('Carta versionada');
    const first = await menuOf(party);
    expect(first.items.find((item) => item.name === 'Tabla Irish')?.sold_out).toBe(false);
    expect((await menuOf(party)).version).toBe(first.version);
    await host('host_set_sold_out', [party.id, 'Tabla Irish', true]);
    const second = await menuOf(party);
    expect(second.items.find((item) => item.name === 'Tabla Irish')?.sold_out).toBe(true);
    expect(second.version).not.toBe(first.version);
    await host('host_set_price', [party.id, 'Aperol Spritz', 7000]);
    const third = await menuOf(party);
    expect(third.items.find((item) => item.name === 'Aperol Spritz')?.price).toBe(7000);
    expect(new Set([first.version, second.version, third.version]).size).toBe(3);
  });

  it('lists a new dish at the end of its category', async () => {
    const party = await openParty('Carta con fondo nuevo');
    await host('host_add_product', [party.id, 'Pichanga de la casa', 12990, 'Fondos']);
    const names = (await menuOf(party)).items.filter((item) => item.category === 'Fondos').map((item) => item.name);
    expect(names.at(-1)).toBe('Pichanga de la casa');
    expect(names).toHaveLength(PRODUCTS.filter((product) => product.category === 'Fondos').length + 1);
  });

  it('is null for a code no party has', async () => {
    expect((await asGuest(stack, '/rpc/party_menu', { method: 'POST', body: {}, party: 'codigoquenoexiste0000' })).body).toBeNull();
  });

  it('guests write nothing of a list and read no table of it', async () => {
    const guest = crypto.randomUUID();
    for (const table of ['party_products', 'party_prices']) {
      expect((await rest(`/${table}?select=name`, { guest })).status, table).toBe(401);
      expect((await rest(`/${table}`, { guest, method: 'POST', body: { name: 'Gratis', price: 100 } })).status, table).toBe(401);
    }
    for (const fn of ['host_set_price', 'host_add_product', 'host_import_menu', 'party_menu_of']) {
      expect((await asGuest(stack, `/rpc/${fn}`, { method: 'POST', body: {} })).status, fn).not.toBe(200);
    }
  });
});

describe('the host’s edits', () => {
  let party: Party;

  beforeAll(async () => {
    party = await openParty('Carta del anfitrión');
  });

  it('refuse an unknown product and a name already on the list (whatever its capitals)', async () => {
    expect(await host('host_set_price', [party.id, 'Plato fantasma', 5000])).toEqual({ refused: 'unknown_product' });
    expect(await host('host_set_sold_out', [party.id, 'Plato fantasma', true])).toEqual({ refused: 'unknown_product' });
    expect(await host('host_add_product', [party.id, 'mojito', 5000, 'Cócteles'])).toEqual({ refused: 'product_exists' });
  });

  it('refuse a price outside $100..$1.000.000 or a blank name in the database too (23514), changing nothing', async () => {
    const before = await menuOf(party);
    await expect(host('host_set_price', [party.id, 'Mojito', 99])).rejects.toMatchObject({ code: '23514' });
    await expect(host('host_add_product', [party.id, 'Té\u200b', 1000, 'Café y té'])).rejects.toMatchObject({ code: '23514' });
    await expect(host('host_add_product', [party.id, 'Té', 1000, ' '])).rejects.toMatchObject({ code: '23514' });
    expect(await menuOf(party)).toEqual(before);
  });

  it('import all or nothing: known names change, new ones go last, a bad line undoes the whole import', async () => {
    const before = await menuOf(party);
    await expect(
      host('host_import_menu', [
        party.id,
        JSON.stringify([
          { name: 'Mojito', price: 8000, category: 'Cócteles' },
          { name: 'Caro', price: 2_000_000, category: 'Extras' },
        ]),
      ]),
    ).rejects.toMatchObject({ code: '23514' });
    expect(await menuOf(party)).toEqual(before);
    const after = await host<Menu>('host_import_menu', [
      party.id,
      JSON.stringify([
        { name: 'MOJITO', price: 8000, category: 'Cócteles' },
        { name: 'Sopaipillas', price: 2500, category: 'Entradas' },
        { name: 'Chorrillana', price: 14990, category: 'Entradas' },
      ]),
    ]);
    expect(after.items).toHaveLength(before.items.length + 2);
    expect(after.items).toContainEqual({ name: 'MOJITO', price: 8000, category: 'Cócteles', sold_out: false });
    expect(after.items.some((item) => item.name === 'Mojito')).toBe(false);
    const entradas = after.items.filter((item) => item.category === 'Entradas').map((item) => item.name);
    expect(entradas.slice(-2)).toEqual(['Sopaipillas', 'Chorrillana']);
    // The old name and price stay on record: an order taken at them stays valid.
    expect(await stack.query('select price from party_prices where party_id = $1 and name = $2', [party.id, 'Mojito'])).toEqual([{ price: 6490 }]);
  });

  it('refuse every edit of a closed party', async () => {
    const closed = await openParty('Carta cerrada');
    await stack.query('update parties set closed_at = now() where id = $1', [closed.id]);
    const before = await menuOf(closed);
    expect(await host('host_set_price', [closed.id, 'Mojito', 7000])).toEqual({ refused: 'party_closed' });
    expect(await host('host_set_sold_out', [closed.id, 'Mojito', true])).toEqual({ refused: 'party_closed' });
    expect(await host('host_add_product', [closed.id, 'Ponche', 7000, 'Cócteles'])).toEqual({ refused: 'party_closed' });
    expect(await host('host_import_menu', [closed.id, JSON.stringify([{ name: 'Ponche', price: 7000, category: 'Cócteles' }])])).toEqual({
      refused: 'party_closed',
    });
    expect(await menuOf(closed)).toEqual(before);
  });
});

describe('product names and categories', () => {
  it('are refused by Postgres exactly when rules.ts refuses them (400 hostile texts each)', async () => {
    const party = await openParty('Carta hostil');
    const random = seededRandom(21);
    const letters = ['a', 'Ñ', 'é', '°', '🍺', "'", '-', '1', ' '];
    const hostile = ['  ', '\t', '\u00a0', '\u202e', '\u0007', '\u200b', '\ufeff', '\u3164', '\u2800', '\u{E0041}'];
    const pick = (pool: readonly string[]) => pool[Math.floor(random() * pool.length)] ?? '';
    const texts = Array.from({ length: 400 }, () =>
      Array.from({ length: Math.floor(random() * 66) }, () => (random() < 0.97 ? pick(letters) : pick(hostile))).join(''),
    );
    const disagreements: string[] = [];
    for (const [index, text] of texts.entries()) {
      const asName = await host('host_add_product', [party.id, text, 1000, 'Extras']).then(
        () => true,
        () => false,
      );
      if (asName !== isProductName(text)) disagreements.push(`name ${JSON.stringify(text)}`);
      const asCategory = await host('host_add_product', [party.id, `Producto ${index}`, 1000, text]).then(
        () => true,
        () => false,
      );
      if (asCategory !== isProductCategory(text)) disagreements.push(`category ${JSON.stringify(text)}`);
    }
    expect(disagreements).toEqual([]);
    expect(texts.filter((text) => isProductName(text)).length).toBeGreaterThan(50);
    expect(texts.filter((text) => !isProductName(text)).length).toBeGreaterThan(50);
  });
});
