/**
 * The bar's bill against the real stack (issue 32): the host saves a bill of
 * three products where two guests declared part of it; guests claim a unit and
 * share one through the phone's RPC; two phones race for the last unit and 50
 * for 10 units; the host spreads what is left and names a guest of honour; and
 * the host's totals, the CSV's lines and each guest's phone agree with the
 * pure rules (bar-bill.ts) to the peso, the tabs adding up to the bill.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseParty } from '../../../src/host/party.ts';
import { compareBill, parseBillText, partyTabs, shareAmounts, type BillLine, type MatchedBillLine } from '../../../supabase/functions/_shared/bar-bill.ts';
import { BILL_ERRORS, HOST_ERRORS } from '../../../supabase/functions/_shared/host-errors.ts';
import { PRODUCTS } from '../../../supabase/functions/_shared/menu.ts';
import { nameKey } from '../../../supabase/functions/_shared/name-key.ts';
import type { HostHandler } from '../../../supabase/functions/host/handler.ts';
import { startTestStack, type TestStack } from '../../support/stack.ts';
import { addOrders, askHost, asGuest, freshAddress, guestWithOrders, HOST_KEY, hostHandler, product, setOrderActive, type SeededGuest } from './support.ts';

let stack: TestStack;
let handler: HostHandler;

interface MadeParty {
  readonly code: string;
  readonly host_key: string;
}

interface Comparison {
  billed: number;
  declared: number;
  without_owner: number;
  declared_over: number;
  to_spread: number;
  settlement: { by: string; amount: number } | null;
  lines: { id: string; product: string; menu_name: string | null; quantity: number; unit_price: number }[];
  products: { product: string; billed: number; declared: number; difference: number }[];
}

interface Claim {
  id: string;
  line_id: string;
  amount: number;
  shares: number;
  share_no: number;
  unit_no: number;
}

async function openParty(name: string): Promise<MadeParty> {
  const made = await askHost(handler, { key: HOST_KEY, action: 'create_party', name, date: '2026-11-29' }, freshAddress());
  expect(made.status).toBe(200);
  return made.body as MadeParty;
}

/** The party's own key, as its host's page holds it. */
const asHost = (party: MadeParty, body: Record<string, unknown>) => askHost(handler, { key: party.host_key, ...body }, freshAddress());

const billLines = (text: string): BillLine[] => parseBillText(text).flatMap((line) => (line.result.ok ? [line.result.value] : []));

/** 'Es mío' (shares 1) or 'Lo compartimos' (2..12), as the phone's outbox sends it. */
function claim(guest: SeededGuest, lineId: string, shares = 1, id: string = crypto.randomUUID()) {
  return asGuest(stack, '/rpc/claim_bill_line', {
    method: 'POST',
    guest: guest.id,
    ...(guest.party ? { party: guest.party } : {}),
    body: { p_id: id, p_line: lineId, p_shares: shares, p_created_at: new Date().toISOString() },
  });
}

async function tabStatus(
  guest: SeededGuest,
): Promise<{ bill: { total: number; lines: { kind: string; product_name: string; amount: number }[]; unclaimed: { line_id: string; units_left: number }[] } }> {
  const answer = await asGuest(stack, '/rpc/my_tab_status', { method: 'POST', guest: guest.id, ...(guest.party ? { party: guest.party } : {}), body: {} });
  expect(answer.status).toBe(200);
  return answer.body as Awaited<ReturnType<typeof tabStatus>>;
}

async function totalsOf(party: MadeParty) {
  const summary = parseParty((await asHost(party, { action: 'party' })).body);
  if (!summary) throw new Error('no party');
  return summary;
}

/** The id of the bill's first line in a comparison the host was answered. */
function firstLineOf(body: unknown): string {
  const id = (body as Comparison).lines[0]?.id;
  if (!id) throw new Error(`no bill line: ${JSON.stringify(body)}`);
  return id;
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

beforeAll(async () => {
  stack = await startTestStack();
  handler = hostHandler(stack);
});

afterAll(async () => {
  await stack.stop();
});

describe('a night with the bar’s bill', () => {
  let party: MadeParty;
  let ana: SeededGuest;
  let beto: SeededGuest;
  let carla: SeededGuest;
  let lines: Comparison['lines'];
  const lineAt = (index: number): string => {
    const line = lines[index];
    if (!line) throw new Error(`no line ${index}`);
    return line.id;
  };
  const BILL = 'Producto;Cantidad;Precio\nSUMMER ALE 500CC;4;$4.400\npina colada;2;6.990\nTabla Irish;1;16990\n';

  beforeAll(async () => {
    party = await openParty('Cumpleaños de Ana');
    ana = await guestWithOrders(stack, 'Ana Pérez', [product('Summer Ale 500cc'), product('Summer Ale 500cc')], party.code);
    beto = await guestWithOrders(stack, 'Beto Soto', [product('Piña colada')], party.code);
    carla = await guestWithOrders(stack, 'Carla Díaz', [], party.code);
  });

  it('saves the bill, each line matched to the list whatever its capitals and accents', async () => {
    const saved = await asHost(party, { action: 'save_bill', lines: billLines(BILL) });
    expect(saved.status).toBe(200);
    const comparison = saved.body as Comparison;
    lines = comparison.lines;
    expect(lines.map((line) => line.menu_name)).toEqual(['Summer Ale 500cc', 'Piña colada', 'Tabla Irish']);
    const matched: MatchedBillLine[] = lines.map((line) => ({
      product: line.product,
      quantity: line.quantity,
      unitPrice: line.unit_price,
      menuName: line.menu_name,
    }));
    const rules = compareBill({ lines: matched }, [
      { product: 'Summer Ale 500cc', amount: 4400 },
      { product: 'Summer Ale 500cc', amount: 4400 },
      { product: 'Piña colada', amount: 6990 },
    ]);
    expect(comparison).toMatchObject({
      billed: rules.billed,
      declared: rules.declared,
      without_owner: rules.withoutOwner,
      declared_over: rules.declaredOver,
      to_spread: rules.toSpread,
      settlement: null,
    });
    expect(comparison.billed).toBe(4 * 4400 + 2 * 6990 + 16990);
    expect(comparison.products).toEqual(rules.products.map((row) => ({ ...row })));
  });

  it('keeps a line the list lacks as written, and refuses a bad line whole', async () => {
    const other = await openParty('Fiesta de Beto');
    const saved = await asHost(other, { action: 'save_bill', lines: billLines('Maní salado;2;1.500\nguinness 500cc;1;5990') });
    expect((saved.body as Comparison).lines.map((line) => [line.product, line.menu_name])).toEqual([
      ['Maní salado', null],
      ['guinness 500cc', 'Guinness 500cc'],
    ]);
    const bad = await asHost(other, { action: 'save_bill', lines: [{ product: 'Pisco', quantity: 0, unitPrice: 3000 }] });
    expect(bad.status).toBe(400);
    expect((await asHost(other, { action: 'bill' })).body).toMatchObject({
      billed: 2 * 1500 + 5990,
      lines: [{ product: 'Maní salado' }, { product: 'guinness 500cc' }],
    });
    const total = await asHost(other, { action: 'save_bill', total: 50000 });
    expect(total.body).toMatchObject({ billed: 50000, declared: 0, without_owner: 50000, lines: [], products: [] });
  });

  it('lets a guest claim a unit, and replays the same claim without a second unit', async () => {
    const id = crypto.randomUUID();
    const first = await claim(ana, lineAt(0), 1, id);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ id, amount: 4400, shares: 1, product_name: 'Summer Ale 500cc' });
    const again = await claim(ana, lineAt(0), 1, id);
    expect(again.body).toEqual(first.body);
    const counted = await stack.query<{ count: string }>('select count(*) from bill_claims where id = $1', [id]);
    expect(counted).toEqual([{ count: '1' }]);
  });

  it('shares one unit: the shares sum to its price exactly, and what is left of it stays listed', async () => {
    const first = await claim(beto, lineAt(2), 3);
    const second = await claim(carla, lineAt(2), 3);
    expect([first.status, second.status]).toEqual([200, 200]);
    const amounts = [(first.body as Claim).amount, (second.body as Claim).amount];
    expect(amounts).toEqual(shareAmounts(16990, 3).slice(0, 2));
    const status = await tabStatus(ana);
    expect(status.bill.unclaimed.find((line) => line.line_id === lineAt(2))).toMatchObject({ units_left: 0, open_shares: [{ shares: 3, left: 1 }] });
    const third = await claim(ana, lineAt(2), 3);
    expect(sum([...amounts, (third.body as Claim).amount])).toBe(16990);
    // Ana holds a share of the only unit: what is left is hers, not another person's (issue 43).
    expect((await claim(ana, lineAt(2), 3)).body).toMatchObject({ code: '23514', message: expect.stringContaining('bill_line_yours') });
  });

  it('gives the last unit to one of two phones; the other hears bill_line_taken', async () => {
    // Summer Ale: 4 billed, 2 picked, 1 claimed: one left.
    const race = await Promise.all([claim(beto, lineAt(0)), claim(carla, lineAt(0))]);
    expect(race.map((answer) => answer.status).sort()).toEqual([200, 400]);
    const loser = race.find((answer) => answer.status === 400);
    expect(loser?.body).toMatchObject({ code: '23514', message: expect.stringContaining('bill_line_taken') });
  });

  it('refuses what a phone may not do', async () => {
    const stranger = await guestWithOrders(stack, 'Extraña Persona', []);
    expect((await claim(stranger, lineAt(1))).body).toMatchObject({ code: '23503', message: expect.stringContaining('bill_line_unknown') });
    expect((await claim(ana, lineAt(1), 13)).body).toMatchObject({ code: '22023' });
    const written = await asGuest(stack, '/bill_claims', { method: 'POST', guest: ana.id, party: party.code, body: { id: crypto.randomUUID() } });
    expect(written.status).toBeGreaterThanOrEqual(400);
    expect((await asGuest(stack, '/bill_spread_parts', { guest: ana.id, party: party.code })).status).toBeGreaterThanOrEqual(400);
    const unknown = { id: crypto.randomUUID(), fullName: 'Nadie', orderIds: [], party: party.code };
    expect((await claim(unknown, lineAt(1))).body).toMatchObject({ code: '23503', message: expect.stringContaining('bill_claims_user_id_fkey') });
  });

  it('spreads what is left over the guests with orders, and the tabs add up to the bill', async () => {
    const before = (await asHost(party, { action: 'bill' })).body as Comparison;
    const spread = await asHost(party, { action: 'settle_bill', by: 'guests' });
    expect(spread.status).toBe(200);
    const after = spread.body as Comparison;
    expect(after).toMatchObject({ without_owner: 0, settlement: { by: 'guests', amount: before.to_spread } });
    const summary = await totalsOf(party);
    expect(summary.total).toBe(after.billed);
    const rules = partyTabs(await ownAndParts(party));
    for (const guest of summary.guests) expect(guest.total, guest.full_name).toBe(rules.get(guest.id)?.total);
    // A claim after the spread is refused: nothing is left to claim.
    expect((await claim(beto, lineAt(1))).body).toMatchObject({ code: '23514', message: expect.stringContaining('bill_settled') });
    for (const guest of [ana, beto, carla]) {
      const status = await tabStatus(guest);
      expect(status.bill.total).toBe(summary.guests.find((row) => row.id === guest.id)?.total);
      expect(status.bill.lines.some((line) => line.kind === 'spread' && line.product_name === 'Parte de lo sin dueño')).toBe(true);
      expect(status.bill.unclaimed).toEqual([]);
    }
  });

  it('shares the guest of honour’s total among the others, following it as it grows', async () => {
    expect((await asHost(party, { action: 'honour', guestId: ana.id, honoured: true })).status).toBe(200);
    const billed = ((await asHost(party, { action: 'bill' })).body as Comparison).billed;
    let summary = await totalsOf(party);
    expect(summary.total).toBe(billed);
    expect(summary.guests.find((row) => row.id === ana.id)?.total).toBe(0);
    expect((await tabStatus(beto)).bill.lines.some((line) => line.kind === 'invitation' && line.product_name === 'Invitación a Ana Pérez')).toBe(true);
    expect((await tabStatus(ana)).bill).toMatchObject({ total: 0 });

    // An order after 'Repartir lo sin dueño' lowers every part by what it declares (issue 42): the tabs still add up to the bill.
    await addOrders(stack, ana, [product('Guinness 500cc')]);
    summary = await totalsOf(party);
    expect(summary.total).toBe(billed);
    expect(summary.guests.find((row) => row.id === ana.id)?.total).toBe(0);
    const rules = partyTabs({ ...(await ownAndParts(party)), honoured: ana.id });
    for (const guest of summary.guests) expect(guest.total, guest.full_name).toBe(rules.get(guest.id)?.total);

    // The CSV's lines and each guest's detail sum to the same totals.
    const csv = (await asHost(party, { action: 'orders' })).body as { user_id: string; product_price: number }[];
    for (const guest of summary.guests) {
      expect(sum(csv.filter((row) => row.user_id === guest.id).map((row) => row.product_price))).toBe(guest.total);
      const detail = (await asHost(party, { action: 'guest', guestId: guest.id })).body as { orders: { product_price: number }[] };
      expect(sum(detail.orders.map((row) => row.product_price))).toBe(guest.total);
    }
    await setOrderActive(stack, ana, ana.orderIds.at(-1) ?? '', false);
    expect((await asHost(party, { action: 'honour', guestId: ana.id, honoured: false })).body).toEqual({ guest_of_honour: null });
  });

  it('marks a guest paid by the tab’s total, the server’s lines included', async () => {
    const marked = await asHost(party, { action: 'paid', guestId: carla.id, paid: true });
    const summary = await totalsOf(party);
    const row = summary.guests.find((guest) => guest.id === carla.id);
    expect((marked.body as { paid_amount: number }).paid_amount).toBe(row?.tipped);
    const detail = (await asHost(party, { action: 'guest', guestId: carla.id })).body as { orders: { paid: boolean }[] };
    expect(detail.orders.every((line) => line.paid)).toBe(true);
    // Issue 30's bound counts the server's lines: one peso past the tab is refused, by the host function and by the table.
    const over = (row?.tipped ?? 0) + 1;
    expect(await asHost(party, { action: 'paid', guestId: carla.id, paid: true, amount: over })).toMatchObject({
      status: 409,
      body: { error: HOST_ERRORS.paidOverOrders },
    });
    await expect(stack.query('update host_paid_marks set paid_amount = $2 where user_id = $1', [carla.id, over])).rejects.toThrow(/paid_within_orders/);
  });

  it('refuses a new bill that drops claimed units; a save that keeps them replaces the bill', async () => {
    const dropped = await asHost(party, { action: 'save_bill', lines: billLines('Summer Ale 500cc;4;4400\nPiña colada;2;6990') });
    expect(dropped).toMatchObject({ status: 409, body: { error: BILL_ERRORS.claimed } });
    // Carla paid: a save that undoes the spread moves her tab, so the host is asked first, and nothing changed meanwhile.
    const before = (await asHost(party, { action: 'bill' })).body as Comparison;
    const asked = await asHost(party, { action: 'save_bill', lines: billLines(`${BILL}Maní;1;1500`) });
    expect(asked).toMatchObject({ status: 409, body: { code: 'moves_paid', error: 'Esto cambia la cuenta de 1 invitado que ya pagó.' } });
    expect((await asHost(party, { action: 'bill' })).body).toEqual(before);
    const kept = await asHost(party, { action: 'save_bill', lines: billLines(`${BILL}Maní;1;1500`), confirm: true });
    expect(kept.status).toBe(200);
    expect((kept.body as Comparison).settlement).toBeNull();
    expect((kept.body as Comparison).lines.slice(0, 3).map((line) => line.id)).toEqual(lines.map((line) => line.id));
  });

  /** Each guest's own lines (active orders, claims) and part, as the database holds them. */
  async function ownAndParts(made: MadeParty) {
    const rows = await stack.query<{ user_id: string; own: string; part: string }>(
      `select users.id as user_id,
              coalesce((select sum(product_price) from orders where orders.user_id = users.id and active), 0)
              + coalesce((select sum(amount) from bill_claims where bill_claims.user_id = users.id), 0) as own,
              coalesce((select amount from bill_spread_parts where bill_spread_parts.user_id = users.id), 0) as part
       from users join parties on parties.id = users.party_id where parties.code = $1`,
      [made.code],
    );
    return {
      own: new Map(rows.filter((row) => Number(row.own) > 0).map((row) => [row.user_id, Number(row.own)])),
      spreadParts: new Map(rows.filter((row) => Number(row.part) > 0).map((row) => [row.user_id, Number(row.part)])),
    };
  }
});

describe('the host’s refusals', () => {
  it('says in Spanish why: no bill yet, nobody to spread over, an unknown guest', async () => {
    const party = await openParty('Fiesta sin cuenta');
    expect(await asHost(party, { action: 'bill' })).toMatchObject({ status: 404, body: { error: BILL_ERRORS.noBill } });
    expect(await asHost(party, { action: 'settle_bill', by: 'guests' })).toMatchObject({ status: 404, body: { error: BILL_ERRORS.noBill } });
    await asHost(party, { action: 'save_bill', total: 20000 });
    expect(await asHost(party, { action: 'settle_bill', by: 'guests' })).toMatchObject({ status: 409, body: { error: BILL_ERRORS.noGuests } });
    expect(await asHost(party, { action: 'settle_bill', by: 'host' })).toMatchObject({
      status: 200,
      body: { without_owner: 0, settlement: { by: 'host', amount: 20000 } },
    });
    expect(await asHost(party, { action: 'honour', guestId: crypto.randomUUID(), honoured: true })).toMatchObject({ status: 404 });
    const other = await openParty('Otra fiesta');
    expect((await askHost(handler, { key: other.host_key, action: 'save_bill', total: 100, party: party.code }, freshAddress())).status).toBe(403);
  });
});

describe('the database’s rules', () => {
  it('keys names as nameKey does, for every product of the list and hostile text', async () => {
    const names = [...PRODUCTS.map((item) => item.name), 'PIÑA COLADA', 'ÀÉÎÕÜ çÇ ñÑ', 'Ǆ ﬁ Ωmega Ärger', 'e\u0301', '🍺 Schop', 'İstanbul', ''];
    const rows = await stack.query<{ name: string; key: string }>('select name, bill_name_key(name) as key from unnest($1::text[]) as name', [names]);
    expect(rows.map((row) => row.key)).toEqual(names.map(nameKey));
  });
});

describe('claims under a crowd', () => {
  it('50 phones claiming the same 10 units: exactly 10 taken, none twice', async () => {
    const party = await openParty('Fiesta concurrida');
    const saved = await asHost(party, { action: 'save_bill', lines: billLines('Guinness 500cc;10;5990') });
    const lineId = firstLineOf(saved.body);
    const guests = await Promise.all(Array.from({ length: 50 }, (_, index) => guestWithOrders(stack, `Invitado Número ${index}`, [], party.code)));
    const answers = await Promise.all(guests.map((guest) => claim(guest, lineId)));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(10);
    expect(answers.filter((answer) => answer.status !== 200).every((answer) => JSON.stringify(answer.body).includes('bill_line_taken'))).toBe(true);
    const units = await stack.query<{ unit_no: number }>('select unit_no from bill_claims where line_id = $1 order by unit_no', [lineId]);
    expect(units.map((row) => row.unit_no)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('a spread racing ten claims still leaves the tabs adding up to the bill', async () => {
    const party = await openParty('Fiesta apurada');
    const guests = await Promise.all(
      Array.from({ length: 5 }, (_, index) => guestWithOrders(stack, `Apurado Número ${index}`, [product('Guinness 500cc')], party.code)),
    );
    const lineId = firstLineOf((await asHost(party, { action: 'save_bill', lines: billLines('Guinness 500cc;20;5990') })).body);
    const claims = guests.flatMap((guest) => [claim(guest, lineId), claim(guest, lineId)]);
    const [settled] = await Promise.all([asHost(party, { action: 'settle_bill', by: 'guests' }), ...claims]);
    expect(settled.status).toBe(200);
    expect((await totalsOf(party)).total).toBe(20 * 5990);
  });

  it('takes claims after the party’s close, and no new picks', async () => {
    const party = await openParty('Fiesta que cierra');
    const guest = await guestWithOrders(stack, 'Dani Rojas', [product('Guinness 500cc')], party.code);
    const lineId = firstLineOf((await asHost(party, { action: 'save_bill', lines: billLines('Guinness 500cc;3;5990') })).body);
    expect((await asHost(party, { action: 'close_party' })).status).toBe(200);
    expect((await claim(guest, lineId)).status).toBe(200);
    const pick = { id: crypto.randomUUID(), user_id: guest.id, product_name: 'Guinness 500cc', product_price: 5990, created_at: new Date().toISOString() };
    const refused = await asGuest(stack, '/orders', { method: 'POST', guest: guest.id, party: party.code, body: [pick] });
    expect(refused.body).toMatchObject({ code: '23514', message: expect.stringContaining('party_closed') });
  });
});
