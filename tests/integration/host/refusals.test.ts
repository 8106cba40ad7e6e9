/**
 * The `host` function answers what is true (issue 30), against the real
 * stack: a race or a constraint's refusal is a 409 with its reason in Spanish,
 * never a 503; an impossible date or amount is a 400; a name is the same
 * whatever its capitals and accents; an unexpected database error is a 503
 * and one log line. After a failure the page asks `menu` whether its change is there.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

async function openParty(name: string): Promise<MadeParty> {
  const made = await owner({ action: 'create_party', name, date: '2026-11-29' });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  return made.body as MadeParty;
}

const statuses = (answers: readonly { status: number }[]) =>
  answers.reduce<Record<number, number>>((counts, { status }) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }), {});

beforeAll(async () => {
  stack = await startTestStack();
  handler = hostHandler(stack);
});

afterAll(async () => {
  await stack.stop();
});

describe('names whatever their capitals and accents', () => {
  it('refuses PIÑA COLADA next to Piña colada (409), as PISCO SOUR next to Pisco Sour', async () => {
    const party = await openParty('Fiesta de la piña');
    for (const name of ['PIÑA COLADA', 'Pina Colada', 'PISCO SOUR']) {
      expect(await owner({ action: 'add_product', party: party.code, name, price: 7000, category: 'Cócteles' }), name).toMatchObject({
        status: 409,
        body: { error: HOST_ERRORS.productExists },
      });
    }
  });

  it('an import of CAIPIRIÑA;7000;Cócteles changes the Caipiriña’s price, adds nothing', async () => {
    const party = await openParty('Fiesta de la caipiriña');
    const before = (await owner({ action: 'menu', party: party.code })).body as Menu;
    const answer = await owner({ action: 'import_menu', party: party.code, lines: [{ name: 'CAIPIRIÑA', price: 7000, category: 'Cócteles' }] });
    expect(answer.status).toBe(200);
    const after = answer.body as Menu;
    expect(after.items).toHaveLength(before.items.length);
    expect(after.items.filter((item) => item.name.toLowerCase().startsWith('caipiri'))).toEqual([
      { name: 'CAIPIRIÑA', price: 7000, category: 'Cócteles', sold_out: false },
    ]);
  });
});

describe('races', () => {
  it('20 concurrent add_product of one name: one is added, 19 answer 409 in Spanish, none 503 (five rounds)', async () => {
    const party = await openParty('Fiesta de la carrera');
    for (let round = 1; round <= 5; round += 1) {
      const add = () => owner({ action: 'add_product', party: party.code, name: `Pichanga de la casa ${round}`, price: 12_990, category: 'Fondos' });
      const answers = await Promise.all(Array.from({ length: 20 }, add));
      expect(statuses(answers), `round ${round}`).toEqual({ 200: 1, 409: 19 });
      for (const answer of answers.filter(({ status }) => status === 409)) expect(answer.body).toEqual({ error: HOST_ERRORS.productExists });
    }
  });

  it('10 identical concurrent imports all go through, one after the other, none 503', async () => {
    const party = await openParty('Fiesta de las importaciones');
    const lines = Array.from({ length: 40 }, (_, index) => ({ name: `Plato nuevo ${index + 1}`, price: 5000 + index, category: 'Fondos' }));
    const answers = await Promise.all(Array.from({ length: 10 }, () => owner({ action: 'import_menu', party: party.code, lines })));
    expect(statuses(answers)).toEqual({ 200: 10 });
    const menu = (await owner({ action: 'menu', party: party.code })).body as Menu;
    expect(menu.items.filter((item) => item.name.startsWith('Plato nuevo'))).toHaveLength(40);
  });
});

describe('impossible input', () => {
  it('a party on 2026-02-30 is a 400 with a reason in Spanish, and no party', async () => {
    for (const date of ['2026-02-30', '2026-13-01', '2025-02-29']) {
      const answer = await owner({ action: 'create_party', name: `Fiesta del ${date}`, date });
      expect(answer, date).toMatchObject({ status: 400, body: { error: expect.stringContaining('La fecha debe ser un día que exista') } });
    }
    expect(await stack.query(`select name from parties where name like 'Fiesta del 202%'`)).toEqual([]);
    expect((await owner({ action: 'create_party', name: 'Fiesta bisiesta', date: '2028-02-29' })).status).toBe(200);
  });

  it('a paid mark over what the guest ordered with tip is a 409 in Spanish; over any tab a 400', async () => {
    const party = await openParty('Fiesta del pago imposible');
    const guest = crypto.randomUUID();
    await asGuest(stack, '/users', { method: 'POST', guest, party: party.code, body: { id: guest, full_name: 'Pedro Paga' } });
    const order = { id: crypto.randomUUID(), user_id: guest, product_name: 'Summer Ale 500cc', product_price: 4400, created_at: new Date().toISOString() };
    expect((await asGuest(stack, '/orders', { method: 'POST', guest, party: party.code, body: order, prefer: 'return=minimal' })).status).toBe(201);
    const mark = (amount: number) => owner({ action: 'paid', party: party.code, guestId: guest, paid: true, amount });
    expect(await mark(10_000_000_000)).toMatchObject({ status: 400 });
    expect(await mark(4841)).toEqual(expect.objectContaining({ status: 409, body: { error: HOST_ERRORS.paidOverOrders } }));
    expect(await mark(4840)).toMatchObject({ status: 200, body: { paid_amount: 4840 } });
    const summary = (await owner({ action: 'party', party: party.code })).body as { paid: number };
    expect(summary.paid).toBe(4840);
  });
});

describe('the database’s own answers', () => {
  /** The handler, with PostgREST's answer to one SQL function replaced by `status` and `body`. */
  function handlerAnswering(fn: string, status: number, body: unknown, log: string[]): HostHandler {
    const realFetch = globalThis.fetch.bind(globalThis);
    return hostHandler(stack, {
      log: (line) => log.push(line),
      fetch: async (input, init) => {
        const url = input instanceof Request ? input.url : String(input);
        if (url.endsWith(`/rpc/${fn}`)) return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
        return realFetch(input, init);
      },
    });
  }

  it('a serialization failure or a constraint is a 409 in Spanish; nothing is logged', async () => {
    const log: string[] = [];
    for (const [code, error] of [
      ['40001', HOST_ERRORS.sameTime],
      ['23505', HOST_ERRORS.notTaken],
      ['23503', HOST_ERRORS.notTaken],
    ] as const) {
      const raced = handlerAnswering('host_set_sold_out', code === '40001' ? 500 : 409, { code, message: 'x', details: null, hint: null }, log);
      const answer = await askHost(raced, { key: HOST_KEY, action: 'set_sold_out', name: 'Mojito', soldOut: true }, freshAddress());
      expect(answer, code).toMatchObject({ status: 409, body: { error } });
    }
    expect(log).toEqual([]);
  });

  it('an unexpected error is a 503 and one log line', async () => {
    const log: string[] = [];
    const broken = handlerAnswering('party_menu_of', 500, { code: 'XX000', message: 'internal error\nsecond line', details: null, hint: null }, log);
    const answer = await askHost(broken, { key: HOST_KEY, action: 'menu' }, freshAddress());
    expect(answer).toMatchObject({ status: 503, body: { error: HOST_ERRORS.database } });
    expect(log).toHaveLength(1);
    expect(log[0]).toMatch(/^host: unexpected database error: party_menu_of answered 500: .*XX000/);
    expect(log[0]).not.toContain('\n');
  });
});

describe('after a failure, the page asks whether its change is there', () => {
  it('menu answers the list as saved: an import the page never heard back from is there, with a new version', async () => {
    const party = await openParty('Fiesta del corte');
    const before = (await owner({ action: 'menu', party: party.code })).body as Menu;
    // The import reaches the server; its answer is lost on the way back.
    await owner({ action: 'import_menu', party: party.code, lines: [{ name: 'Completo de la casa', price: 4990, category: 'Sándwiches' }] });
    const after = (await owner({ action: 'menu', party: party.code })).body as Menu;
    expect(after.version).not.toBe(before.version);
    expect(after.items).toContainEqual({ name: 'Completo de la casa', price: 4990, category: 'Sándwiches', sold_out: false });
  });
});
