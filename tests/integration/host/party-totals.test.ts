/**
 * The party as the host sees it, against the real stack: random tabs (some
 * reset, some reset and ordering again) give exactly the sums of the active
 * orders by the guests' integer tip rule; paid marks and what is owed after.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../../src/catalogue/index.ts';
import { PRODUCTS } from '../../../supabase/functions/_shared/menu.ts';
import { owesMore, parseParty, parsePartyOrders, type Party, type PartyGuest } from '../../../src/host/party.ts';
import { tippedTotal } from '../../../supabase/functions/_shared/rules.ts';
import type { HostHandler } from '../../../supabase/functions/host/handler.ts';
import { seededRandom } from '../../../scripts/lib/seeded-random.ts';
import { startTestStack, type TestStack } from '../../support/stack.ts';
import { addOrders, askHost, freshAddress, guestWithOrders, HOST_KEY, hostHandler, product, resetGuest, setOrderActive, type SeededGuest } from './support.ts';

let stack: TestStack;
let handler: HostHandler;

beforeAll(async () => {
  stack = await startTestStack();
  handler = hostHandler(stack);
});

afterAll(async () => {
  await stack.stop();
});

async function readParty(): Promise<Party> {
  const answer = await askHost(handler, { key: HOST_KEY, action: 'party' }, freshAddress());
  const party = parseParty(answer.body);
  if (!party) throw new Error(`not a party: ${answer.status} ${JSON.stringify(answer.body)}`);
  return party;
}

async function markPaid(guest: SeededGuest, paid: boolean, amount?: number) {
  const body = { key: HOST_KEY, action: 'paid', guestId: guest.id, paid, ...(amount === undefined ? {} : { amount }) };
  return askHost(handler, body, freshAddress());
}

/** The guest's detail: each active order, newest first, with whether the paid mark covers it. */
async function detailOf(guest: SeededGuest): Promise<{ id: string; product_name: string; product_price: number; paid: boolean }[]> {
  const answer = await askHost(handler, { key: HOST_KEY, action: 'guest', guestId: guest.id }, freshAddress());
  return (answer.body as { orders: { id: string; product_name: string; product_price: number; paid: boolean }[] }).orders;
}

/** The CSV's rows of the guest: [product, paid]. */
async function csvRowsOf(guest: SeededGuest): Promise<[string, boolean][]> {
  const orders = parsePartyOrders((await askHost(handler, { key: HOST_KEY, action: 'orders' }, freshAddress())).body);
  return (orders ?? []).filter((order) => order.user_id === guest.id).map((order) => [order.product_name, order.paid]);
}

const rowOf = (party: Party, guest: SeededGuest): PartyGuest | undefined => party.guests.find((row) => row.id === guest.id);
const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

describe('the party’s totals', () => {
  it('equal the sums of active orders by the integer tip rule, for random tabs', async () => {
    const random = seededRandom(20261124);
    const pick = (): Product => PRODUCTS[Math.floor(random() * PRODUCTS.length)] ?? product('Summer Ale 500cc');
    const expected = new Map<string, Product[]>();
    for (let index = 0; index < 30; index += 1) {
      const first = Array.from({ length: Math.floor(random() * 14) }, pick);
      const guest = await guestWithOrders(stack, `Invitado Azar ${index}`, first);
      let active = first;
      if (random() < 0.25) {
        await resetGuest(stack, guest);
        active = random() < 0.5 ? Array.from({ length: 1 + Math.floor(random() * 5) }, pick) : [];
        await addOrders(stack, guest, active);
      }
      if (active.length > 0) expected.set(guest.id, active);
    }

    const party = await readParty();
    expect(party.guests.map((row) => row.id).sort()).toEqual([...expected.keys()].sort());
    for (const row of party.guests) {
      const prices = (expected.get(row.id) ?? []).map((item) => item.price);
      expect(row, row.full_name).toMatchObject({ orders: prices.length, total: sum(prices), tipped: tippedTotal(sum(prices)), paid_amount: null });
    }
    const totals = [...expected.values()].map((items) => sum(items.map((item) => item.price)));
    expect(party.total).toBe(sum(totals));
    expect(party.tipped).toBe(sum(totals.map(tippedTotal)));
    expect(party).toMatchObject({ paid: 0, owed: party.tipped });
    // The one SQL tip rule every SQL function uses is rules.ts's, tab by tab.
    const [sql] = await stack.query<{ tipped: string[] }>(
      'select array_agg(tipped_total(total)::text order by i) as tipped from unnest($1::bigint[]) with ordinality as t(total, i)',
      [totals],
    );
    expect(sql?.tipped.map(Number)).toEqual(totals.map(tippedTotal));
  });

  it('drops a guest who resets, as on their phone, and takes them back when they order again', async () => {
    const guest = await guestWithOrders(stack, 'Reseteadora', [product('Aperol Spritz')]);
    expect(rowOf(await readParty(), guest)).toBeDefined();
    await resetGuest(stack, guest);
    expect(rowOf(await readParty(), guest)).toBeUndefined();
    const orders = await askHost(handler, { key: HOST_KEY, action: 'orders' }, freshAddress());
    expect(parsePartyOrders(orders.body)?.filter((order) => order.user_id === guest.id)).toEqual([]);
    await addOrders(stack, guest, [product('Summer Ale 500cc')]);
    expect(rowOf(await readParty(), guest)).toMatchObject({ orders: 1, total: 4400, tipped: 4840 });
  });

  it('shows the time of the latest tap', async () => {
    const guest = await guestWithOrders(stack, 'Reloj Exacto', [product('Summer Ale 500cc'), product('Aperol Spritz')]);
    const [latest] = await stack.query<{ created_at: Date }>('select max(created_at) as created_at from orders where user_id = $1', [guest.id]);
    expect(Date.parse(rowOf(await readParty(), guest)?.last_order_at ?? '')).toBe(latest?.created_at.getTime());
  });
});

describe('paid marks', () => {
  it('record the tipped total and the time; a later order shows what is owed with tip', async () => {
    const guest = await guestWithOrders(stack, 'Paga Primero', [product('Summer Ale 500cc'), product('Aperol Spritz')]);
    const before = await readParty();
    const marked = await markPaid(guest, true, rowOf(before, guest)?.tipped);
    expect(marked).toMatchObject({ status: 200, body: { id: guest.id, paid_amount: 11_990 } });
    const [mark] = await stack.query<{ paid_amount: string; paid_at: Date }>('select paid_amount, paid_at from host_paid_marks where user_id = $1', [guest.id]);
    expect(Number(mark?.paid_amount)).toBe(11_990);
    expect(Math.abs((mark?.paid_at.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);

    const paid = await readParty();
    expect(rowOf(paid, guest)).toMatchObject({ paid_amount: 11_990, tipped: 11_990 });
    expect(paid.paid - before.paid).toBe(11_990);
    expect(before.owed - paid.owed).toBe(11_990);

    await addOrders(stack, guest, [product('Tabla Irish')]);
    const after = await readParty();
    const row = rowOf(after, guest);
    expect(row).toMatchObject({ total: 4400 + 6500 + 16_990, paid_amount: 11_990 });
    expect((row?.tipped ?? 0) - 11_990).toBe(tippedTotal(4400 + 6500 + 16_990) - tippedTotal(4400 + 6500));
    expect(after.owed - paid.owed).toBe(tippedTotal(4400 + 6500 + 16_990) - 11_990);
  });

  it('mark only the orders the server had then as paid, in the guest’s detail and the CSV list', async () => {
    const guest = await guestWithOrders(stack, 'Detalle Pagado', [product('Aperol Spritz')]);
    await markPaid(guest, true);
    await addOrders(stack, guest, [product('Summer Ale 500cc')]);
    const detail = await askHost(handler, { key: HOST_KEY, action: 'guest', guestId: guest.id }, freshAddress());
    expect(detail.body).toMatchObject({
      orders: [
        { product_name: 'Summer Ale 500cc', paid: false },
        { product_name: 'Aperol Spritz', paid: true },
      ],
    });
    const orders = parsePartyOrders((await askHost(handler, { key: HOST_KEY, action: 'orders' }, freshAddress())).body);
    expect(orders?.filter((order) => order.user_id === guest.id).map((order) => [order.product_name, order.paid])).toEqual([
      ['Aperol Spritz', true],
      ['Summer Ale 500cc', false],
    ]);
  });

  it('default to the tipped total the server has, and can be taken back', async () => {
    const guest = await guestWithOrders(stack, 'Sin Monto', [product('Tabla Irish')]);
    expect((await markPaid(guest, true)).body).toMatchObject({ paid_amount: tippedTotal(16_990) });
    expect(rowOf(await readParty(), guest)).toMatchObject({ paid_amount: tippedTotal(16_990) });
    expect((await markPaid(guest, false)).body).toMatchObject({ paid_amount: null });
    expect(rowOf(await readParty(), guest)).toMatchObject({ paid_amount: null, paid_at: null });
    expect(await stack.query('select 1 from host_paid_marks where user_id = $1', [guest.id])).toEqual([]);
  });

  it('cover what the amount covered: an order taken off before the mark and put back after it is owed (issue 18, bug 2)', async () => {
    const guest = await guestWithOrders(stack, 'Vuelve Después', [product('Summer Ale 500cc'), product('Tabla Irish')]);
    const [ale, tabla] = guest.orderIds;
    await setOrderActive(stack, guest, tabla ?? '', false);
    const seen = rowOf(await readParty(), guest);
    expect(seen).toMatchObject({ total: 4400, tipped: 4840 });
    await markPaid(guest, true, seen?.tipped);
    await setOrderActive(stack, guest, tabla ?? '', true);

    const row = rowOf(await readParty(), guest);
    expect(row).toMatchObject({ total: 4400 + 16_990, paid_amount: 4840 });
    expect(owesMore(row as PartyGuest)).toBe(tippedTotal(4400 + 16_990) - 4840);
    expect((await detailOf(guest)).map((order) => [order.id, order.paid])).toEqual([
      [tabla, false],
      [ale, true],
    ]);
    expect(await csvRowsOf(guest)).toEqual([
      ['Summer Ale 500cc', true],
      ['Tabla Irish', false],
    ]);
  });

  it('let a removal free what it held for the orders after it', async () => {
    const guest = await guestWithOrders(stack, 'Cambia Pedido', [product('Summer Ale 500cc'), product('Tabla Irish')]);
    await markPaid(guest, true, tippedTotal(4400 + 16_990));
    await setOrderActive(stack, guest, guest.orderIds[1] ?? '', false);
    await addOrders(stack, guest, [product('Aperol Spritz')]);
    expect(owesMore(rowOf(await readParty(), guest) as PartyGuest)).toBe(0);
    expect((await detailOf(guest)).every((order) => order.paid)).toBe(true);
  });

  it('agree with "Debe $X más" whatever the changes and their order, for random nights', async () => {
    const seed = 20261125;
    console.log(`paid marks, random nights: seed ${seed}`);
    const random = seededRandom(seed);
    const pick = (): Product => PRODUCTS[Math.floor(random() * PRODUCTS.length)] ?? product('Summer Ale 500cc');
    for (let night = 0; night < 12; night += 1) {
      const guest = await guestWithOrders(stack, `Noche Azar ${night}`, Array.from({ length: 1 + Math.floor(random() * 4) }, pick));
      const active = new Set(guest.orderIds);
      for (let step = 0; step < 10; step += 1) {
        const roll = random();
        const id = guest.orderIds[Math.floor(random() * guest.orderIds.length)] ?? '';
        if (roll < 0.3) await addOrders(stack, guest, [pick()]);
        else if (roll < 0.55) await setOrderActive(stack, guest, id, !active.has(id));
        else if (roll < 0.75) await markPaid(guest, true, rowOf(await readParty(), guest)?.tipped ?? 0);
        else if (roll < 0.85) await markPaid(guest, true, Math.floor(random() * 30_000));
        else await markPaid(guest, false);
        if (roll >= 0.3 && roll < 0.55) {
          if (active.has(id)) active.delete(id);
          else active.add(id);
        }
        if (roll < 0.3) active.add(guest.orderIds.at(-1) ?? '');

        const row = rowOf(await readParty(), guest);
        const detail = await detailOf(guest);
        const owed = row ? owesMore(row) : null;
        const context = `night ${night}, step ${step} (seed ${seed})`;
        expect(detail.map((order) => order.id).sort(), context).toEqual([...active].sort());
        if (owed === null)
          expect(
            detail.some((order) => order.paid),
            context,
          ).toBe(false);
        else
          expect(
            detail.some((order) => !order.paid),
            context,
          ).toBe(owed > 0);
        // What is marked paid never comes to more than the amount, with tip.
        const paidTotal = detail.filter((order) => order.paid).reduce((total, order) => total + order.product_price, 0);
        if (row?.paid_amount != null) expect(tippedTotal(paidTotal), context).toBeLessThanOrEqual(row.paid_amount);
        expect((await csvRowsOf(guest)).filter(([, paid]) => paid).length, context).toBe(detail.filter((order) => order.paid).length);
      }
    }
  });
});
