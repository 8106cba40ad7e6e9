/**
 * Re-saving the bar's bill and confirming near names against the real stack
 * (issue 41): two identical claimed lines survive every later save that keeps
 * the claimed units; a claimed unit moves to another line of its product and
 * price when its own line goes; 'Alitas BBQ' confirmed as the list's 'Alitas
 * BBQ 8 unidades' is that product for the comparison and the claims, and its
 * declaring guest is not asked to claim it; the database holds a line to a
 * product of the party's own list, and the bill keeps its printed total.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILL_ERRORS, HOST_ERRORS } from '../../../supabase/functions/_shared/host-errors.ts';
import type { HostHandler } from '../../../supabase/functions/host/handler.ts';
import { startTestStack, type TestStack } from '../../support/stack.ts';
import { askHost, asGuest, freshAddress, guestWithOrders, HOST_KEY, hostHandler, product, type SeededGuest, type MadeParty } from './support.ts';

let stack: TestStack;
let handler: HostHandler;

interface Comparison {
  printed_total: number | null;
  lines: { id: string; product: string; menu_name: string | null; quantity: number; unit_price: number; claimed_units: number }[];
  products: { product: string; billed: number; declared: number; difference: number }[];
}

type Line = { product: string; quantity: number; unitPrice: number; sameAs?: string | null };

beforeAll(async () => {
  stack = await startTestStack();
  handler = hostHandler(stack);
});

afterAll(async () => {
  await stack.stop();
});

async function openParty(name: string): Promise<MadeParty> {
  const made = await askHost(handler, { key: HOST_KEY, action: 'create_party', name, date: '2026-12-02' }, freshAddress());
  expect(made.status).toBe(200);
  return made.body as MadeParty;
}

const save = (party: MadeParty, lines: readonly Line[], printedTotal?: number) =>
  askHost(handler, { key: party.host_key, action: 'save_bill', lines, ...(printedTotal === undefined ? {} : { printedTotal }) }, freshAddress());

function claim(guest: SeededGuest, lineId: string) {
  return asGuest(stack, '/rpc/claim_bill_line', {
    method: 'POST',
    guest: guest.id,
    ...(guest.party ? { party: guest.party } : {}),
    body: { p_id: crypto.randomUUID(), p_line: lineId, p_shares: 1, p_created_at: new Date().toISOString() },
  });
}

async function unclaimed(guest: SeededGuest): Promise<{ product_name: string; units_left: number }[]> {
  const answer = await asGuest(stack, '/rpc/my_tab_status', { method: 'POST', guest: guest.id, ...(guest.party ? { party: guest.party } : {}), body: {} });
  expect(answer.status).toBe(200);
  return (answer.body as { bill: { unclaimed: { product_name: string; units_left: number }[] } }).bill.unclaimed;
}

async function claimsOf(guest: SeededGuest): Promise<{ line_id: string; unit_no: number; product_name: string; amount: number }[]> {
  const client = new pg.Client({ connectionString: stack.stack.dbUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ line_id: string; unit_no: number; product_name: string; amount: number }>(
      'select line_id, unit_no, product_name, amount from public.bill_claims where user_id = $1 order by created_at',
      [guest.id],
    );
    return rows;
  } finally {
    await client.end();
  }
}

describe('identical lines, claimed', () => {
  const ROUND: Line = { product: 'Pisco Sour', quantity: 2, unitPrice: 5990 };

  it('are two lines, and each later save that keeps the claimed units is taken (200), the claims on their lines', async () => {
    const party = await openParty('Dos rondas de pisco');
    const ana = await guestWithOrders(stack, 'Ana Pérez', [], party.code);
    const beto = await guestWithOrders(stack, 'Beto Soto', [], party.code);
    const first = await save(party, [ROUND, ROUND]);
    expect(first.status).toBe(200);
    const [one, two] = (first.body as Comparison).lines;
    if (!one || !two) throw new Error('two lines expected');
    expect((await claim(ana, one.id)).status).toBe(200);
    expect((await claim(beto, two.id)).status).toBe(200);

    // The same bill again, with one more line, and the capitals changed.
    const again = await save(party, [
      { ...ROUND, product: 'PISCO SOUR' },
      { ...ROUND, product: 'pisco sour' },
      { product: 'Mojito', quantity: 1, unitPrice: 6490 },
    ]);
    expect(again.status).toBe(200);
    const lines = (again.body as Comparison).lines;
    expect(lines.map((line) => [line.id, line.product, line.claimed_units])).toEqual([
      [one.id, 'PISCO SOUR', 1],
      [two.id, 'pisco sour', 1],
      [expect.any(String), 'Mojito', 0],
    ]);
    expect((await save(party, [ROUND, ROUND])).status).toBe(200);
    expect((await claimsOf(ana)).map((held) => held.line_id)).toEqual([one.id]);
    expect((await claimsOf(beto)).map((held) => held.line_id)).toEqual([two.id]);
  });

  it('move to a line of the same product and price when theirs goes, and the bill is refused only with fewer units than claimed', async () => {
    const party = await openParty('Rondas juntadas');
    const ana = await guestWithOrders(stack, 'Ana Pérez', [], party.code);
    const beto = await guestWithOrders(stack, 'Beto Soto', [], party.code);
    const first = await save(party, [ROUND, ROUND]);
    const [one, two] = (first.body as Comparison).lines;
    if (!one || !two) throw new Error('two lines expected');
    expect((await claim(ana, one.id)).status).toBe(200);
    expect((await claim(beto, two.id)).status).toBe(200);

    // Both rounds on one line of 4: the second line's claim moves onto it.
    const merged = await save(party, [{ ...ROUND, quantity: 4 }]);
    expect(merged.status).toBe(200);
    const [only] = (merged.body as Comparison).lines;
    expect(only).toMatchObject({ id: one.id, quantity: 4, claimed_units: 2 });
    expect((await claimsOf(beto)).map((held) => [held.line_id, held.amount])).toEqual([[one.id, 5990]]);

    // One unit, two claimed: refused, and the bill stays as it was.
    expect(await save(party, [{ ...ROUND, quantity: 1 }])).toMatchObject({ status: 409, body: { error: BILL_ERRORS.claimed } });
    // Another price is another product's units: refused too.
    expect((await save(party, [{ ...ROUND, quantity: 4, unitPrice: 6500 }])).status).toBe(409);
    const kept = await askHost(handler, { key: party.host_key, action: 'bill' }, freshAddress());
    expect((kept.body as Comparison).lines).toMatchObject([{ id: one.id, quantity: 4, claimed_units: 2 }]);
  });
});

describe('a near name the host confirms', () => {
  it('is the list’s product for the comparison and the claims, and the guest who declared it is not asked to claim it', async () => {
    const party = await openParty('Alitas para todos');
    const ana = await guestWithOrders(stack, 'Ana Pérez', [product('Alitas BBQ 8 unidades')], party.code);
    const beto = await guestWithOrders(stack, 'Beto Soto', [], party.code);
    const alitas: Line = { product: 'Alitas BBQ', quantity: 2, unitPrice: 8990 };

    const unconfirmed = await save(party, [alitas]);
    expect(unconfirmed.status).toBe(200);
    const [line] = (unconfirmed.body as Comparison).lines;
    if (!line) throw new Error('one line expected');
    expect(line.menu_name).toBeNull();
    expect((unconfirmed.body as Comparison).products.map((row) => row.product)).toEqual(['Alitas BBQ', 'Alitas BBQ 8 unidades']);
    expect((await unclaimed(ana)).map((row) => row.product_name)).toEqual(['Alitas BBQ']);
    // Beto claims one before the host confirms: his claim stays through the confirmation.
    expect((await claim(beto, line.id)).status).toBe(200);

    const confirmed = await save(party, [{ ...alitas, sameAs: 'Alitas BBQ 8 unidades' }]);
    expect(confirmed.status).toBe(200);
    const comparison = confirmed.body as Comparison;
    expect(comparison.lines).toMatchObject([{ id: line.id, product: 'Alitas BBQ', menu_name: 'Alitas BBQ 8 unidades', claimed_units: 1 }]);
    expect(comparison.products).toEqual([{ product: 'Alitas BBQ 8 unidades', billed: 17980, declared: 17980, difference: 0 }]);
    expect(await unclaimed(ana)).toEqual([]);
    expect((await claimsOf(beto)).map((held) => held.product_name)).toEqual(['Alitas BBQ 8 unidades']);
  });

  it('must be a product of the party’s list: the function refuses another, and so does the database', async () => {
    const party = await openParty('Nombres raros');
    expect(await save(party, [{ product: 'Alitas BBQ', quantity: 1, unitPrice: 8990, sameAs: 'Alitas de otra fiesta' }])).toMatchObject({
      status: 404,
      body: { error: HOST_ERRORS.unknownProduct },
    });
    const saved = await save(party, [{ product: 'Alitas BBQ', quantity: 1, unitPrice: 8990 }]);
    const [line] = (saved.body as Comparison).lines;
    const client = new pg.Client({ connectionString: stack.stack.dbUrl });
    await client.connect();
    try {
      await expect(client.query("update public.bar_bill_lines set menu_name = 'Alitas de otra fiesta' where id = $1", [line?.id])).rejects.toMatchObject({
        code: '23503',
        constraint: 'bar_bill_lines_on_list',
      });
    } finally {
      await client.end();
    }
  });
});

describe('the printed total', () => {
  it('is kept with the lines and answered with the comparison; a bill of its total only has none', async () => {
    const party = await openParty('Total impreso');
    expect(((await save(party, [{ product: 'Mojito', quantity: 2, unitPrice: 6490 }], 12980)).body as Comparison).printed_total).toBe(12980);
    const read = await askHost(handler, { key: party.host_key, action: 'bill' }, freshAddress());
    expect((read.body as Comparison).printed_total).toBe(12980);
    const totalOnly = await askHost(handler, { key: party.host_key, action: 'save_bill', total: 50000 }, freshAddress());
    expect((totalOnly.body as Comparison).printed_total).toBeNull();
  });
});
