/**
 * Against the real PostgreSQL and PostgREST: no refused row strands a guest's
 * tab, a schema mismatch pauses instead of parking, and every real PostgREST 12
 * answer the queue can meet is classified as it must be.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { BarTabDatabase, onDexie } from '../../../src/db/database.ts';
import { rememberInactive, rememberedInactive } from '../../../src/tab/inactive-memory.ts';
import { inProcessLock } from '../../../src/sync/lock.ts';
import { tabOutbox } from '../../../scripts/lib/tab-outbox.ts';
import { classifyAnswer, type Verdict } from '../../../src/sync/classify.ts';
import { restoreEvictedTab } from '../../../src/tab/restore.ts';
import type { Phone } from '../../support/phones.ts';
import { syncSuite } from '../../support/sync-suite.ts';

const suite = syncSuite();

const phone = (name?: string): Promise<Phone> => suite.phone(name ? { name } : {});

const serverOrders = (guestId: string) =>
  suite.stack.query<{ id: string; active: boolean }>('select id, active from orders where user_id = $1 order by created_at', [guestId]);

const flushAs = (target: Phone, appVersion: string) => tabOutbox(target.records).flush({ transport: target.transport, lock: inProcessLock(), appVersion });

describe('a guest row the server refuses', () => {
  it('keeps the tab waiting, then delivers every order once after the guest fixes the name', async () => {
    // A rule the server has and this app does not: the server is the last judge.
    await suite.stack.query(`alter table users add constraint no_zorro check (full_name !~ 'Zorro')`);
    try {
      const zorro = await phone('El Zorro');
      const ids = [await zorro.addOrder(), await zorro.addOrder('Tabla Irish', 16990), await zorro.addOrder()];
      expect(await zorro.flush()).toEqual({ kind: 'done' });
      expect(await zorro.database.guests.get(zorro.guest.id)).toMatchObject({ state: 'refused', refusal: expect.stringContaining('23514') });
      expect(await zorro.database.outbox.count()).toBe(3);
      expect((await zorro.database.parked.toArray()).map((item) => (item.entry as { kind: string }).kind)).toEqual(['insert-user']);
      expect(await serverOrders(zorro.guest.id)).toEqual([]);

      await tabOutbox(zorro.records).requeueGuest({ id: zorro.guest.id, full_name: 'Diego de la Vega' });
      expect(await zorro.flush()).toEqual({ kind: 'done' });
      expect((await serverOrders(zorro.guest.id)).map((row) => row.id).sort()).toEqual([...ids].sort());
      expect(await suite.stack.query('select full_name from users where id = $1', [zorro.guest.id])).toEqual([{ full_name: 'Diego de la Vega' }]);
      expect(await zorro.database.parked.count()).toBe(0);
    } finally {
      await suite.stack.query('alter table users drop constraint no_zorro');
    }
  });
});

describe('a guest row the server lost', () => {
  it('is sent again, and the orders arrive instead of being parked', async () => {
    const lola = await phone();
    await lola.addOrder();
    expect(await lola.flush()).toEqual({ kind: 'done' });
    await suite.stack.query('delete from orders where user_id = $1', [lola.guest.id]);
    await suite.stack.query('delete from users where id = $1', [lola.guest.id]);
    const later = await lola.addOrder('Summer Ale 500cc', 4400);
    expect(await lola.flush()).toEqual({ kind: 'done' });
    expect((await serverOrders(lola.guest.id)).map((row) => row.id)).toEqual([later]);
    expect(await lola.database.parked.count()).toBe(0);
  });
});

describe('parked entries', () => {
  it('are retried when a new version starts, and arrive once the server takes them', async () => {
    const mia = await phone();
    const special = await mia.addOrder('Ponche de cumpleaños', 7990);
    const usual = await mia.addOrder();
    expect(await flushAs(mia, '1.0.0')).toEqual({ kind: 'done' });
    expect((await serverOrders(mia.guest.id)).map((row) => row.id)).toEqual([usual]);
    expect(await mia.database.parked.count()).toBe(1);

    // By version 1.1.0 the host has put the punch on the party's list.
    await suite.stack.query(
      `insert into party_products (party_id, name, price, category, position) select id, 'Ponche de cumpleaños', 7990, 'Cócteles', 1000 from parties where is_default`,
    );
    expect(await tabOutbox(mia.records).retryParked({ parkedBefore: '1.1.0' })).toBe(1);
    expect(await flushAs(mia, '1.1.0')).toEqual({ kind: 'done' });
    expect((await serverOrders(mia.guest.id)).map((row) => row.id).sort()).toEqual([special, usual].sort());
    expect(await mia.database.parked.count()).toBe(0);
  });
});

describe('a schema the app does not match', () => {
  it('pauses the queue on a revoked GRANT as a configuration error, parking nothing', async () => {
    const nico = await phone();
    await nico.addOrder();
    expect(await nico.flush()).toEqual({ kind: 'done' });
    await nico.addOrder();
    await nico.addOrder();
    await suite.stack.query('revoke insert on table orders from anon');
    try {
      expect(await nico.flush()).toMatchObject({ kind: 'config', error: expect.stringContaining('42501') });
      expect(await nico.database.parked.count()).toBe(0);
      expect(await nico.database.outbox.count()).toBe(2);
    } finally {
      await suite.stack.query('grant insert (id, user_id, product_name, product_price, active, created_at) on table orders to anon');
    }
    expect(await nico.flush()).toEqual({ kind: 'done' });
    expect(await serverOrders(nico.guest.id)).toHaveLength(3);
  });
});

describe('real PostgREST 12 answers', () => {
  const OWNER = crypto.randomUUID();

  async function post(path: string, body: unknown, guest = OWNER) {
    const response = await fetch(`${suite.stack.stack.restUrl()}${path}`, {
      method: 'POST',
      headers: {
        apikey: suite.stack.stack.anonKey,
        Authorization: `Bearer ${suite.stack.stack.anonKey}`,
        'Content-Type': 'application/json',
        'x-guest-id': guest,
        Prefer: 'resolution=ignore-duplicates,return=minimal',
      },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await response.text();
    const error = (text ? JSON.parse(text) : {}) as { code?: string; message?: string };
    return { status: response.status, code: error.code, message: error.message };
  }

  const anOrder = (fields: Record<string, unknown> = {}) => [
    {
      id: crypto.randomUUID(),
      user_id: OWNER,
      product_name: 'Aperol Spritz',
      product_price: 6500,
      active: true,
      created_at: new Date().toISOString(),
      ...fields,
    },
  ];

  beforeAll(async () => {
    expect((await post('/users?on_conflict=id', [{ id: OWNER, full_name: 'Olga Owner' }])).status).toBe(201);
  });

  type Answer = () => Promise<{ status: number; code?: string | undefined; message?: string | undefined }>;
  const sameOrderTwice = async () => {
    const rows = anOrder();
    await post('/orders?on_conflict=id', rows);
    return post('/orders?on_conflict=id', rows);
  };
  const orderOfAStranger = () => {
    const stranger = crypto.randomUUID();
    return post('/orders?on_conflict=id', anOrder({ user_id: stranger }), stranger);
  };
  const forgedKey = async () => {
    const response = await fetch(`${suite.stack.stack.restUrl()}/orders`, { headers: { apikey: 'x', Authorization: 'Bearer not.a.jwt' } });
    const error = (await response.json()) as { code?: string; message?: string };
    return { status: response.status, code: error.code, message: error.message };
  };

  const cases: [string, Verdict, Answer][] = [
    ['a new order', 'ok', () => post('/orders?on_conflict=id', anOrder())],
    ['the same order again', 'ok', sameOrderTwice],
    ['a price off the menu', 'reject', () => post('/orders?on_conflict=id', anOrder({ product_price: 1 }))],
    ['a product not on the menu', 'reject', () => post('/orders?on_conflict=id', anOrder({ product_name: 'Agua bendita' }))],
    ['a tap time of infinity', 'reject', () => post('/orders?on_conflict=id', anOrder({ created_at: 'infinity' }))],
    ['a price that is not a number', 'reject', () => post('/orders?on_conflict=id', anOrder({ product_price: 'mucho' }))],
    ['an unclean name', 'reject', () => post('/users?on_conflict=id', [{ id: OWNER, full_name: ' Olga ' }])],
    ['a lone UTF-16 surrogate', 'reject', () => post('/users?on_conflict=id', [{ id: OWNER, full_name: 'Olga \ud800' }])],
    ['another guest’s row (row level security)', 'reject', () => post('/orders?on_conflict=id', anOrder(), crypto.randomUUID())],
    ['an order whose guest the server lacks', 'guest-missing', orderOfAStranger],
    ['a column the schema lacks', 'config', () => post('/orders?on_conflict=id', anOrder({ colour: 'verde' }))],
    ['a table the schema lacks', 'config', () => post('/tabs?on_conflict=id', anOrder())],
    ['a forged key', 'config', forgedKey],
  ];

  it.each(cases)('%s → %s', async (_name, verdict, answer) => {
    const real = await answer();
    expect(classifyAnswer(real), JSON.stringify(real)).toBe(verdict);
  });
});

describe('a reset the server refuses', () => {
  it('never comes back through restore after eviction', async () => {
    const storage = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => void storage.set(key, value),
      removeItem: (key: string) => void storage.delete(key),
    });
    const pia = await phone();
    const ids = [await pia.addOrder(), await pia.addOrder()];
    expect(await pia.flush()).toEqual({ kind: 'done' });
    await suite.stack.query(`
      create function refuse_resets() returns trigger language plpgsql as $$
      begin raise exception using errcode = 'check_violation', message = 'no resets tonight'; end $$;
      create trigger refuse_resets before update on orders for each row execute function refuse_resets()`);
    try {
      rememberInactive(pia.guest.id, await pia.reset());
      expect(await pia.flush()).toEqual({ kind: 'done' });
      expect(await pia.database.parked.count()).toBe(1);
      expect((await serverOrders(pia.guest.id)).every((row) => row.active)).toBe(true);
    } finally {
      await suite.stack.query('drop trigger refuse_resets on orders; drop function refuse_resets()');
    }
    const evicted = new BarTabDatabase(`evicted-${pia.guest.id}`);
    expect(await restoreEvictedTab(onDexie(evicted), pia.transport, pia.guest.id, rememberedInactive(pia.guest.id))).toBe(0);
    expect(await evicted.orders.count()).toBe(0);
    expect(rememberedInactive(pia.guest.id)).toEqual(new Set(ids));
    evicted.close();
    await BarTabDatabase.delete(evicted.name);
  });
});
