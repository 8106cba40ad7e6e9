/**
 * What a script cannot slip past Postgres (issue 30), against the real stack:
 * names compared as a person reads them (name_key() is rules.ts's nameKey()),
 * old prices honoured for a bounded time after they left the list, a closed
 * party's orders bounded in time and number, paid marks bounded to what the
 * guest ordered, and the one SQL tip rule equal to rules.ts's.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LATE_ORDER_HOURS,
  MAX_PAID_AMOUNT,
  nameKey,
  OLD_PRICE_HOURS,
  ORDERS_AFTER_CLOSE_PER_GUEST,
  tippedTotal,
} from '../../../supabase/functions/_shared/rules.ts';
import { asGuest, type GuestRequest } from '../../support/as-guest.ts';
import { startTestStack, type TestStack } from '../../support/stack.ts';

let stack: TestStack;
const SEED = Number(process.env.PROPERTY_SEED ?? Date.now() % 1_000_000);

beforeAll(async () => {
  stack = await startTestStack();
  console.log(`time-and-names: fast-check seed ${SEED} (PROPERTY_SEED to repeat)`);
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

async function guestOf(party: Party, name: string): Promise<string> {
  const guest = crypto.randomUUID();
  expect((await rest('/users', { guest, party: party.code, method: 'POST', body: { id: guest, full_name: name } })).status).toBe(201);
  return guest;
}

const order = (guest: string, name: string, price: number, tappedAt: Date = new Date()) => ({
  id: crypto.randomUUID(),
  user_id: guest,
  product_name: name,
  product_price: price,
  created_at: tappedAt.toISOString(),
});

const send = (guest: string, party: Party, body: unknown) => rest('/orders', { guest, party: party.code, method: 'POST', body });

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);

describe('names as a person reads them', () => {
  it('name_key() in Postgres is nameKey() in rules.ts, for any text (fast-check)', async () => {
    const letters = fc.constantFrom(...'aAñÑéÉüÜçÇøØßẞİıΣσςЖжǅŉﬁ \u0301\u0303 1-🍺漢'.split(''), ...'ÀÁÂÃÄÅĀĂĄǍȀȂẠẢẤẦẨẪẬẮẰẲẴẶ'.split(''));
    const names = fc.array(fc.oneof(letters, fc.string({ unit: 'grapheme', maxLength: 3 })), { minLength: 1, maxLength: 20 }).map((parts) => parts.join(''));
    await fc.assert(
      fc.asyncProperty(fc.array(names, { minLength: 1, maxLength: 40 }), async (batch) => {
        // PostgreSQL text holds neither NUL nor a lone UTF-16 half (names are cleaned of both before they reach it).
        const clean = batch.map((name) => name.replaceAll('\u0000', '').replace(/\p{Cs}/gu, ''));
        const rows = await stack.query<{ key: string }>('select name_key(name) as key from unnest($1::text[]) with ordinality as n(name, i) order by i', [
          clean,
        ]);
        expect(rows.map((row) => row.key)).toEqual(clean.map(nameKey));
      }),
      { seed: SEED, numRuns: 60 },
    );
  });

  it('keeps one product per name whatever its capitals and accents: PIÑA COLADA is the Piña colada', async () => {
    const party = await openParty('Fiesta de las eñes');
    await expect(
      stack.query(`insert into party_products (party_id, name, price, category, position) values ($1, 'PIÑA COLADA', 7000, 'Cócteles', 999)`, [party.id]),
    ).rejects.toMatchObject({ code: '23505' });
    expect(await stack.query(`select host_add_product($1, 'PIÑA COLADA', 7000, 'Cócteles') as answer`, [party.id])).toEqual([
      { answer: { refused: 'product_exists' } },
    ]);
    await stack.query(`select host_import_menu($1, '[{"name":"CAIPIRIÑA","price":7000,"category":"Cócteles"}]'::json)`, [party.id]);
    expect(await stack.query(`select name, price from party_products where party_id = $1 and name_key(name) = 'caipirina'`, [party.id])).toEqual([
      { name: 'CAIPIRIÑA', price: 7000 },
    ]);
  });
});

describe('an old price', () => {
  let party: Party;
  let guest: string;

  beforeAll(async () => {
    party = await openParty('Fiesta del precio equivocado');
    guest = await guestOf(party, 'Guillermo Guion');
  });

  it(`is honoured for ${OLD_PRICE_HOURS} hours after it left the list, by the server's clock of the change; never after`, async () => {
    await stack.query(`select host_set_price($1, 'Pisco Sour Catedral', 100)`, [party.id]);
    await stack.query(`select host_set_price($1, 'Pisco Sour Catedral', 7990)`, [party.id]);
    const [left] = await stack.query<{ left_at: Date | null }>(
      `select left_at from party_prices where party_id = $1 and name = 'Pisco Sour Catedral' and price = 100`,
      [party.id],
    );
    expect(Math.abs((left?.left_at?.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);
    // A phone that showed $100 and syncs now: taken.
    expect((await send(guest, party, order(guest, 'Pisco Sour Catedral', 100))).status).toBe(201);
    // The price left a day and an hour ago: refused, whatever tap time the order claims.
    await stack.query(`update party_prices set left_at = now() - interval '${OLD_PRICE_HOURS + 1} hours' where party_id = $1 and price = 100`, [party.id]);
    for (const tappedAt of [new Date(), hoursAgo(OLD_PRICE_HOURS + 2)]) {
      expect(await send(guest, party, order(guest, 'Pisco Sour Catedral', 100, tappedAt))).toMatchObject({
        status: 400,
        body: { code: '23514', message: expect.stringContaining('price_gone') },
      });
    }
    expect((await send(guest, party, order(guest, 'Pisco Sour Catedral', 7990))).status).toBe(201);
  });

  it('is current again when the host sets it back', async () => {
    await stack.query(`select host_set_price($1, 'Mojito', 5000)`, [party.id]);
    await stack.query(
      `update party_prices set left_at = now() - interval '${OLD_PRICE_HOURS + 1} hours' where party_id = $1 and name = 'Mojito' and price = 6490`,
      [party.id],
    );
    await stack.query(`select host_set_price($1, 'Mojito', 6490)`, [party.id]);
    expect((await send(guest, party, order(guest, 'Mojito', 6490))).status).toBe(201);
  });

  it('a retry of an order the server took is still ignored, not refused, once the price is gone', async () => {
    const taken = order(guest, 'Aperol Spritz', 6500);
    expect((await send(guest, party, taken)).status).toBe(201);
    await stack.query(`select host_set_price($1, 'Aperol Spritz', 7000)`, [party.id]);
    await stack.query(`update party_prices set left_at = now() - interval '${OLD_PRICE_HOURS + 1} hours' where party_id = $1 and price = 6500`, [party.id]);
    const retry = await rest('/orders?on_conflict=id', {
      guest,
      party: party.code,
      method: 'POST',
      prefer: 'resolution=ignore-duplicates,return=minimal',
      body: [taken],
    });
    expect(retry.status).toBe(201);
  });
});

describe('a closed party', () => {
  let party: Party;
  let born: Date;
  let closedAt: Date;

  beforeAll(async () => {
    party = await openParty('Fiesta que cerró');
    await stack.query(`update parties set created_at = now() - interval '5 hours' where id = $1`, [party.id]);
    const [row] = await stack.query<{ created_at: Date; closed_at: Date }>(
      `update parties set closed_at = now() - interval '1 hour' where id = $1 returning created_at, closed_at`,
      [party.id],
    );
    born = row?.created_at ?? new Date();
    closedAt = row?.closed_at ?? new Date();
  });

  /** A guest who joined while the party was open (no guest joins a closed one). */
  async function guestBeforeClose(name: string): Promise<string> {
    const guest = crypto.randomUUID();
    await stack.query(`update parties set closed_at = null where id = $1`, [party.id]);
    await stack.query(`insert into users (id, full_name, party_id) values ($1, $2, $3)`, [guest, name, party.id]);
    await stack.query(`update parties set closed_at = $2 where id = $1`, [party.id, closedAt]);
    return guest;
  }

  it('takes an order tapped during the party; refuses one tapped before the party began, however far back', async () => {
    const guest = await guestBeforeClose('Olga Offline');
    const during = new Date(closedAt.getTime() - 30 * 60_000);
    expect((await send(guest, party, order(guest, 'Summer Ale 500cc', 4400, during))).status).toBe(201);
    for (const tappedAt of [new Date(born.getTime() - 1000), hoursAgo(24), hoursAgo(365 * 24), hoursAgo(729 * 24)]) {
      expect(await send(guest, party, order(guest, 'Summer Ale 500cc', 4400, tappedAt)), tappedAt.toISOString()).toMatchObject({
        status: 400,
        body: { code: '23514', message: expect.stringContaining('party_closed') },
      });
    }
  });

  it(`refuses an order arriving more than ${LATE_ORDER_HOURS} hours after the close, even one tapped during the party`, async () => {
    const guest = await guestBeforeClose('Tomás Tarde');
    await stack.query(
      `update parties set created_at = now() - interval '${LATE_ORDER_HOURS + 5} hours', closed_at = now() - interval '${LATE_ORDER_HOURS + 1} hours' where id = $1`,
      [party.id],
    );
    try {
      expect(await send(guest, party, order(guest, 'Summer Ale 500cc', 4400, hoursAgo(LATE_ORDER_HOURS + 2)))).toMatchObject({
        status: 400,
        body: { code: '23514', message: expect.stringContaining('party_closed') },
      });
    } finally {
      await stack.query(`update parties set created_at = $2, closed_at = $3 where id = $1`, [party.id, born, closedAt]);
    }
  });

  it(`a tab grows by at most ${ORDERS_AFTER_CLOSE_PER_GUEST} orders after the close: one POST of 200 backdated orders is refused whole`, async () => {
    const guest = await guestBeforeClose('Bruno Backdate');
    const during = (index: number) => new Date(closedAt.getTime() - 60_000 - index * 1000);
    const flood = Array.from({ length: 200 }, (_, index) => order(guest, 'Tabla Irish XL', 29_990, during(index)));
    expect(await send(guest, party, flood)).toMatchObject({ status: 400, body: { code: '23514', message: expect.stringContaining('orders_after_close') } });
    const fits = flood.slice(0, ORDERS_AFTER_CLOSE_PER_GUEST);
    expect((await send(guest, party, fits)).status).toBe(201);
    expect(await send(guest, party, [order(guest, 'Tabla Irish XL', 29_990, during(300))])).toMatchObject({ status: 400, body: { code: '23514' } });
    // Another guest of the same party still syncs their night.
    const other = await guestBeforeClose('Vera Vecina');
    expect((await send(other, party, [order(other, 'Summer Ale 500cc', 4400, during(1))])).status).toBe(201);
  });
});

describe('paid marks', () => {
  it(`record at most what the guest ever ordered, with tip, and never more than ${MAX_PAID_AMOUNT}`, async () => {
    const party = await openParty('Fiesta del pago');
    const guest = await guestOf(party, 'Paula Paga');
    expect((await send(guest, party, [order(guest, 'Summer Ale 500cc', 4400)])).status).toBe(201);
    const mark = async (amount: number) =>
      (await stack.query<{ answer: unknown }>('select host_mark_paid($1, $2, true, $3) as answer', [party.id, guest, amount]))[0]?.answer;
    expect(await mark(10_000_000_000)).toEqual({ refused: 'paid_over_orders' });
    expect(await mark(4841)).toEqual({ refused: 'paid_over_orders' });
    expect(await mark(4840)).toMatchObject({ paid_amount: 4840 });
    await expect(stack.query(`update host_paid_marks set paid_amount = 10000000000 where user_id = $1`, [guest])).rejects.toMatchObject({ code: '23514' });
    await expect(stack.query(`update host_paid_marks set paid_amount = 4841 where user_id = $1`, [guest])).rejects.toMatchObject({ code: '23514' });
    // Taken off since: what the host saw still fits.
    await rest(`/orders?user_id=eq.${guest}`, { guest, party: party.code, method: 'PATCH', body: { active: false } });
    expect(await mark(4840)).toMatchObject({ paid_amount: 4840 });
  });
});

describe('the tip', () => {
  it('tipped_total() in Postgres is tippedTotal() in rules.ts (fast-check)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 0, max: 1_000_000_000 }), { minLength: 1, maxLength: 100 }), async (totals) => {
        const rows = await stack.query<{ tipped: string }>(
          'select tipped_total(total)::text as tipped from unnest($1::bigint[]) with ordinality as t(total, i) order by i',
          [totals],
        );
        expect(rows.map((row) => Number(row.tipped))).toEqual(totals.map(tippedTotal));
      }),
      { seed: SEED, numRuns: 30 },
    );
  });

  it('is written once: no SQL function of the schema writes * 11) / 10 but tipped_total', async () => {
    const rows = await stack.query<{ name: string }>(
      `select p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname = 'public' and p.prokind = 'f' and pg_get_functiondef(p.oid) ~ '\\* 11\\) / 10' order by 1`,
    );
    expect(rows.map((row) => row.name)).toEqual(['tipped_total']);
  });
});
