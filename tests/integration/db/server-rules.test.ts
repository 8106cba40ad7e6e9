/**
 * The server's copy can be trusted: Postgres itself refuses what is false, an
 * unfiltered read cannot stall it, and its rules are exactly the app's.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCTS } from '../../../supabase/functions/_shared/menu.ts';
import { isGuestName, MAX_ORDERS_PER_GUEST } from '../../../supabase/functions/_shared/rules.ts';
import { seededRandom } from '../../../scripts/lib/seeded-random.ts';
import { asGuest, type GuestRequest } from '../../support/as-guest.ts';
import { startTestStack, type TestStack } from '../../support/stack.ts';

let stack: TestStack;
const GUEST = crypto.randomUUID();

/** Postgres answers a refusal with a code and a message. */
const rest = async (path: string, init: GuestRequest = {}) => {
  const answer = await asGuest(stack, path, { prefer: 'return=minimal', ...init });
  return { ...answer, body: answer.body as { code?: string; message?: string } | null };
};

const order = (fields: Partial<Record<string, unknown>> = {}) => ({
  id: crypto.randomUUID(),
  user_id: GUEST,
  product_name: 'Tabla Irish',
  product_price: 16990,
  created_at: new Date().toISOString(),
  ...fields,
});

const addOrder = (fields?: Partial<Record<string, unknown>>) => rest('/orders', { method: 'POST', guest: GUEST, body: order(fields) });

beforeAll(async () => {
  stack = await startTestStack();
  expect((await rest('/users', { method: 'POST', guest: GUEST, body: { id: GUEST, full_name: 'Ana Pérez' } })).status).toBe(201);
});

afterAll(async () => {
  await stack.stop();
});

describe('the menu in the database', () => {
  it('holds every (name, price) of menu.ts', async () => {
    const rows = await stack.query<{ name: string; price: number }>('select name, price from products');
    const stored = new Set(rows.map((row) => `${row.name}|${row.price}`));
    expect(PRODUCTS.filter((product) => !stored.has(`${product.name}|${product.price}`))).toEqual([]);
  });

  it('refuses a Tabla Irish at $1 and a made-up product (class 23), takes the menu’s price', async () => {
    expect(await addOrder({ product_price: 1 })).toMatchObject({ status: 409, body: { code: '23503' } });
    expect(await addOrder({ product_name: 'Botella de oro', product_price: 1_000_000 })).toMatchObject({ status: 409, body: { code: '23503' } });
    expect((await addOrder()).status).toBe(201);
  });

  it('keeps an order taken at last month’s price valid', async () => {
    // The host changes the price on the default party's list; the old price stays on its record.
    await stack.query(`update party_products set price = 15990 where name = 'Tabla Irish' and party_id = (select id from parties where is_default)`);
    expect((await addOrder({ product_price: 15990 })).status).toBe(201);
    expect((await addOrder()).status).toBe(201);
  });
});

describe('tap times', () => {
  it('refuses infinity, the year 3000 and 4713 BC; takes a phone clock a year off', async () => {
    for (const created_at of ['infinity', '-infinity', '3000-01-01T00:00:00Z', '4713-01-01 00:00:00 BC']) {
      expect(await addOrder({ created_at }), created_at).toMatchObject({ status: 400, body: { code: '23514' } });
    }
    const yearAgo = new Date(Date.now() - 365 * 86_400_000).toISOString();
    const yearAhead = new Date(Date.now() + 365 * 86_400_000).toISOString();
    expect((await addOrder({ created_at: yearAgo })).status).toBe(201);
    expect((await addOrder({ created_at: yearAhead })).status).toBe(201);
  });
});

describe('guest names', () => {
  it('are refused by Postgres exactly when the app’s rule refuses them (600 hostile names)', async () => {
    const random = seededRandom(17);
    const letters = ['a', 'b', 'Ñ', 'é', '🍺', "'", '-', '1'];
    const hostile = [
      ' ',
      '  ',
      '\t',
      '\u00a0',
      '\u3000',
      '\u202e',
      '\u2069',
      '\u0007',
      '\u0085',
      '\u200b',
      '\ufeff',
      '\u3164',
      '\u2800',
      '\u200d',
      '\u2060',
      '\u{E0041}',
      '\u00ad',
      '\ufe0f',
      '\u115f',
    ];
    const pick = (pool: readonly string[]) => pool[Math.floor(random() * pool.length)] ?? '';
    // Mostly letters, so about half the names are valid and half are refused.
    const names = Array.from({ length: 600 }, () =>
      Array.from({ length: 1 + Math.floor(random() * 64) }, () => (random() < 0.97 ? pick(letters) : pick(hostile))).join(''),
    );
    const disagreements: string[] = [];
    for (const name of names) {
      const id = crypto.randomUUID();
      const { status } = await rest('/users', { method: 'POST', guest: id, body: { id, full_name: name } });
      if ((status === 201) !== isGuestName(name)) disagreements.push(`${JSON.stringify(name)} → ${status}`);
    }
    expect(disagreements).toEqual([]);
    expect(names.some(isGuestName)).toBe(true);
    expect(names.some((name) => !isGuestName(name))).toBe(true);
  });

  it('refuses names no one can read, keeps the bar’s names', async () => {
    const unreadable = [
      '\u3164\u3164\u3164',
      '\u2800\u2800\u2800',
      'Ana\u2800',
      '\u200b\u200b\u200bAn',
      'Ana\u200d',
      'Ana\u2060',
      'Ana\u{E0041}',
      '🍺🍺🍺',
      '123',
    ];
    for (const full_name of unreadable) {
      const id = crypto.randomUUID();
      expect(await rest('/users', { method: 'POST', guest: id, body: { id, full_name } }), JSON.stringify(full_name)).toMatchObject({
        status: 400,
        body: { code: '23514', message: expect.stringContaining('users_full_name_readable') },
      });
    }
    for (const full_name of ['José Pérez', 'Ñuño Güiraldes', 'María-José O’Brien', 'Ana 🍺']) {
      const id = crypto.randomUUID();
      expect((await rest('/users', { method: 'POST', guest: id, body: { id, full_name } })).status, full_name).toBe(201);
      expect(await stack.query('select full_name from users where id = $1', [id])).toEqual([{ full_name }]);
    }
  });

  it('refuses a lone UTF-16 surrogate (PostgREST 12’s JSON parser: PGRST102) before anything is stored', async () => {
    const id = crypto.randomUUID();
    expect(await rest('/users', { method: 'POST', guest: id, body: { id, full_name: 'Ana \ud800 Pérez' } })).toMatchObject({
      status: 400,
      body: { code: expect.stringMatching(/^(22|PGRST102$)/) },
    });
    expect(await stack.query('select id from users where id = $1', [id])).toEqual([]);
  });
});

describe('one guest key cannot grow the tables without bound', () => {
  it(`takes ${MAX_ORDERS_PER_GUEST} orders of one guest, then refuses the next with a check violation`, async () => {
    const guest = crypto.randomUUID();
    await rest('/users', { method: 'POST', guest, body: { id: guest, full_name: 'Beto Bebedor' } });
    const batch = (count: number) => Array.from({ length: count }, () => order({ user_id: guest, product_name: 'Summer Ale 500cc', product_price: 4400 }));
    expect((await rest('/orders', { method: 'POST', guest, body: batch(MAX_ORDERS_PER_GUEST - 1) })).status).toBe(201);
    expect((await rest('/orders', { method: 'POST', guest, body: batch(1) })).status).toBe(201);
    const refused = await rest('/orders', { method: 'POST', guest, body: batch(1) });
    expect(refused).toMatchObject({ status: 400, body: { code: '23514', message: expect.stringContaining('orders_per_guest_ceiling') } });
    expect(await stack.query('select count(*)::int as n from orders where user_id = $1', [guest])).toEqual([{ n: MAX_ORDERS_PER_GUEST }]);
  });

  it('checks an order against its own guest’s orders, not every order the server keeps', async () => {
    for (const [index, name] of ['Carla Cervecera', 'Dante Destilado', 'Elsa Espumante'].entries()) {
      // Statistics a step behind the table, as autovacuum leaves them between its rounds.
      if (index === 1) await stack.query('analyze orders');
      const other = crypto.randomUUID();
      await rest('/users', { method: 'POST', guest: other, body: { id: other, full_name: name } });
      const full = Array.from({ length: MAX_ORDERS_PER_GUEST }, () => order({ user_id: other, product_name: 'Summer Ale 500cc', product_price: 4400 }));
      expect((await rest('/orders', { method: 'POST', guest: other, body: full })).status).toBe(201);
    }
    const [kept] = await stack.query<{ n: number }>('select count(*)::int as n from orders');
    expect(kept?.n).toBeGreaterThanOrEqual(3 * MAX_ORDERS_PER_GUEST);
    // The rows one insert reads from orders, counted by Postgres for this transaction alone.
    const client = new pg.Client({ connectionString: stack.stack.dbUrl });
    await client.connect();
    try {
      await client.query('begin');
      await client.query(`select set_config('request.headers', $1, true)`, [JSON.stringify({ 'x-guest-id': GUEST })]);
      await client.query('set local role anon');
      const tap = order();
      await client.query('insert into orders (id, user_id, product_name, product_price, created_at) values ($1, $2, $3, $4, $5)', [
        tap.id,
        tap.user_id,
        tap.product_name,
        tap.product_price,
        tap.created_at,
      ]);
      const [read] = (
        await client.query<{ rows: string }>(
          `select coalesce(seq_tup_read, 0) + coalesce(idx_tup_fetch, 0) as rows from pg_stat_xact_user_tables where relid = 'public.orders'::regclass`,
        )
      ).rows;
      const [own] = (await client.query<{ n: number }>('select count(*)::int as n from orders where user_id = $1', [GUEST])).rows;
      expect(Number(read?.rows)).toBeLessThanOrEqual(2 * (own?.n ?? 0) + 10);
    } finally {
      await client.query('rollback').catch(() => undefined);
      await client.end();
    }
  });
});

/** A transaction open as PostgREST opens one for this guest: role anon, the guest's header. */
async function guestTransaction(guest: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: stack.stack.dbUrl });
  await client.connect();
  await client.query('begin');
  await client.query('set local role anon');
  await client.query(`select set_config('request.headers', $1, true)`, [JSON.stringify({ 'x-guest-id': guest })]);
  return client;
}

async function waitsOnLock(pid: number | undefined): Promise<boolean> {
  const rows = await stack.query<{ waiting: boolean }>(`select wait_event_type = 'Lock' as waiting from pg_stat_activity where pid = $1`, [pid]);
  return rows[0]?.waiting === true;
}

describe('the ceiling under concurrency', () => {
  it('holds when 10 requests of 500 orders for one new guest race each other', async () => {
    const guest = crypto.randomUUID();
    await rest('/users', { method: 'POST', guest, body: { id: guest, full_name: 'Carla Carrera' } });
    const batch = () => Array.from({ length: 500 }, () => order({ user_id: guest, product_name: 'Summer Ale 500cc', product_price: 4400 }));
    const answers = await Promise.all(Array.from({ length: 10 }, () => rest('/orders', { method: 'POST', guest, body: batch() })));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(await stack.query('select count(*)::int as n from orders where user_id = $1', [guest])).toEqual([{ n: MAX_ORDERS_PER_GUEST }]);
    expect(statuses).toEqual([...Array<number>(2).fill(201), ...Array<number>(8).fill(400)]);
    for (const refused of answers.filter((answer) => answer.status === 400)) expect(refused.body).toMatchObject({ code: '23514' });
  });

  it('holds when two transactions add 600 orders each and neither has committed when the other counts', async () => {
    const guest = crypto.randomUUID();
    await rest('/users', { method: 'POST', guest, body: { id: guest, full_name: 'Dani Doble' } });
    const [first, second] = [await guestTransaction(guest), await guestTransaction(guest)];
    try {
      const insert = (client: pg.Client) =>
        client.query(
          `insert into orders (id, user_id, product_name, product_price, created_at)
          select gen_random_uuid(), $1, 'Summer Ale 500cc', 4400, now() from generate_series(1, 600)`,
          [guest],
        );
      await insert(first);
      const secondPid = (await second.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]?.pid;
      const secondState = { done: false };
      const racing = insert(second)
        .then(
          () => 'stored',
          (error: unknown) => (error as { code?: string }).code,
        )
        .finally(() => (secondState.done = true));
      // Before this change the second statement counted its own 600 and finished while the first was still open.
      // Now it waits for the first's lock: the first commits only once the second is seen finished or waiting.
      while (!secondState.done && !(await waitsOnLock(secondPid))) await new Promise((resolve) => setTimeout(resolve, 5));
      await first.query('commit');
      const outcome = await racing;
      if (outcome === 'stored') await second.query('commit');
      expect(outcome).toBe('23514');
    } finally {
      await second.query('rollback').catch(() => undefined);
      await Promise.all([first.end(), second.end()]);
    }
    expect(await stack.query('select count(*)::int as n from orders where user_id = $1', [guest])).toEqual([{ n: 600 }]);
  });

  it('does not make two guests wait on each other', async () => {
    const [ana, beto] = [crypto.randomUUID(), crypto.randomUUID()];
    for (const [id, name] of [
      [ana, 'Ana Apurada'],
      [beto, 'Beto Bravo'],
    ] as const)
      await rest('/users', { method: 'POST', guest: id, body: { id, full_name: name } });
    const batch = (guest: string) => Array.from({ length: 400 }, () => order({ user_id: guest, product_name: 'Summer Ale 500cc', product_price: 4400 }));
    const answers = await Promise.all([ana, beto, ana, beto].map((guest) => rest('/orders', { method: 'POST', guest, body: batch(guest) })));
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201]);
  });
});

describe('an unfiltered read cannot stall the server', () => {
  beforeAll(async () => {
    // 100,000 orders of 5,000 other guests.
    await stack.query(`insert into users (id, full_name) select gen_random_uuid(), 'Invitado ' || n from generate_series(1, 5000) as n`);
    await stack.query(`
      insert into orders (id, user_id, product_name, product_price, created_at)
      select gen_random_uuid(), users.id, 'Aperol Spritz', 6500, now() - make_interval(secs => n)
      from users cross join generate_series(1, 20) as n
      where users.full_name like 'Invitado %'`);
    await stack.query('analyze users; analyze orders');
  }, 120_000);

  /** The plan Postgres makes for `sql` run as PostgREST runs an anonymous request: role anon, no x-guest-id. */
  async function anonymousPlan(sql: string): Promise<string> {
    const client = new pg.Client({ connectionString: stack.stack.dbUrl });
    await client.connect();
    try {
      await client.query('begin');
      await client.query(`set local role anon`);
      await client.query(`select set_config('request.headers', '{}', true)`);
      const rows = (await client.query<{ 'QUERY PLAN': string }>(`explain ${sql}`)).rows;
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    } finally {
      await client.query('rollback').catch(() => undefined);
      await client.end();
    }
  }

  it('plans every anonymous read of orders and users through an index, never a scan of the table', async () => {
    expect(await stack.query('select count(*)::int as n from orders')).toEqual([{ n: expect.any(Number) as number }]);
    for (const table of ['orders', 'users']) {
      const plan = await anonymousPlan(`select * from public.${table}`);
      expect(plan, plan).toMatch(/Index (Only )?Scan/);
      expect(plan, plan).not.toMatch(new RegExp(`Seq Scan on ${table}`));
    }
  });

  it('answers an unfiltered anonymous read with [] (with the key only, and with no key)', async () => {
    for (const table of ['orders', 'users']) {
      expect((await rest(`/${table}`)).body).toEqual([]);
      const noKey = await fetch(`${stack.stack.restUrl()}/${table}`);
      expect(await noKey.json()).toEqual([]);
    }
  });
});
