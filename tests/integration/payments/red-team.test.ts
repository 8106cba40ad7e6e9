/**
 * Issue 42's red-team breaks, each played as the script that found it, against
 * the real database, the payments function in Deno and the Mercado Pago
 * stand-in. Each failed before the change (run against the base commit):
 *   N1  forty checkouts of the whole tab were all taken, two paid made 'Pagado' twice the tab, silently;
 *   N2  nothing bounded a guest's checkouts (300 preferences of $1 in 1.5 s);
 *   N3  an order after 'Repartir lo sin dueño' was charged twice: the tabs passed the bill;
 *   N5  nothing bounded 'Ya transferí' (500 notices on the guest's status);
 *   N6  a refused settlement still deleted the earlier spread.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILL_ERRORS } from '../../../supabase/functions/_shared/host-errors.ts';
import { PAYMENT_ERRORS } from '../../../supabase/functions/_shared/payment-errors.ts';
import { asGuest } from '../../support/as-guest.ts';
import { addOrders, askHost, freshAddress, HOST_KEY, product, type SeededGuest } from '../host/support.ts';
import { askPayments, checkout, expectMoney, hostRow, payingGuest, phone, startPaymentsWorld, type PaymentsWorld } from './support.ts';

let world: PaymentsWorld;

beforeAll(async () => {
  world = await startPaymentsWorld();
});

afterAll(async () => {
  await world.stop();
});

const newGuest = (party?: string) => payingGuest(world, 'Guion', party);

const statuses = (answers: readonly { status: number }[]) => answers.map((answer) => answer.status);

describe('N1: never more in flight than owed', () => {
  it('takes at most ten checkouts of the whole tab, only the last of them payable; paid, the tab is paid once', async () => {
    const guest = await newGuest();
    const before = world.standIn.preferences.length;
    const answers = [];
    for (let tap = 0; tap < 40; tap += 1) answers.push(await askPayments(world, guest, { action: 'checkout', amount: 8129 }));
    expect(statuses(answers)).toEqual([...Array.from({ length: 10 }, () => 200), ...Array.from({ length: 30 }, () => 429)]);
    const made = world.standIn.preferences.slice(before);
    expect(made).toHaveLength(10);
    // Each checkout replaced the one before: its preference expired at Mercado Pago.
    expect(made.map((preference) => world.standIn.payable(preference.id))).toEqual([...Array.from({ length: 9 }, () => false), true]);
    expect(() => world.standIn.pay(made[0]?.id ?? '', 'approved')).toThrow(/expired/);
    world.standIn.pay(made[9]?.id ?? '', 'approved');
    await world.standIn.settled();
    await expectMoney(world, guest, { paid: 8129, tipped: 8129 });
    expect(world.standIn.payable(made[9]?.id ?? '')).toBe(false);
  });

  it('says a preference paid twice before its expiry landed: the excess is saldo a favor on the phone, the row and the party, never silent', async () => {
    const guest = await newGuest();
    const preference = await checkout(world, guest, 8129);
    world.standIn.pay(preference.id, 'approved');
    world.standIn.pay(preference.id, 'approved');
    await world.standIn.settled();
    await expectMoney(world, guest, { paid: 16_258, tipped: 8129 });
    expect(await phone(world, guest)).toMatchObject({ owed: 0, credit: 8129 });
    const host = await hostRow(world, guest);
    expect(host.row).toMatchObject({ credit: 8129, refundable: 16_258 });
    expect(host.credit).toBeGreaterThanOrEqual(8129);
  });

  it('asks for what is owed less what Mercado Pago is still processing', async () => {
    const guest = await newGuest();
    const preference = await checkout(world, guest, 5000);
    world.standIn.pay(preference.id, 'in_process');
    await world.standIn.settled();
    expect(await askPayments(world, guest, { action: 'checkout', amount: 3130 })).toMatchObject({
      status: 409,
      body: { error: `${PAYMENT_ERRORS.overOwed} ($3.129).` },
    });
    expect((await askPayments(world, guest, { action: 'checkout', amount: 3129 })).status).toBe(200);
  });
});

describe('N2: a guest’s checkouts are bounded', () => {
  it('answers the 11th checkout of a burst 429 in Spanish with Retry-After, and makes no more than ten preferences', async () => {
    const guest = await newGuest();
    const before = world.standIn.preferences.length;
    const burst = await Promise.all(Array.from({ length: 11 }, () => askPayments(world, guest, { action: 'checkout', amount: 1 })));
    expect(statuses(burst).sort()).toEqual([...Array.from({ length: 10 }, () => 200), 429]);
    const refused = burst.find((answer) => answer.status === 429);
    expect(refused?.body).toEqual({ error: PAYMENT_ERRORS.tooManyCheckouts });
    expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThan(0);
    // A script goes on: 300 more of $1, every one refused, no preference made with the bar's token.
    const script = await Promise.all(Array.from({ length: 300 }, () => askPayments(world, guest, { action: 'checkout', amount: 1 })));
    expect(new Set(statuses(script))).toEqual(new Set([429]));
    expect(world.standIn.preferences.length - before).toBe(10);
    // Another guest at the same bar is not held by it.
    expect((await askPayments(world, await newGuest(), { action: 'checkout', amount: 1 })).status).toBe(200);
  });
});

describe('N5: a guest’s transfer notices are bounded', () => {
  const notice = (guest: SeededGuest, id: string = crypto.randomUUID()) =>
    asGuest(world.stack, '/rpc/notify_transfer', {
      method: 'POST',
      guest: guest.id,
      body: { p_id: id, p_amount: 8129, p_created_at: new Date().toISOString() },
    });

  it('answers the 21st notice of a burst 429 in Spanish, keeps 20, and still answers a replay of one of them', async () => {
    const guest = await newGuest();
    const ids = Array.from({ length: 21 }, () => crypto.randomUUID());
    const burst = await Promise.all(ids.map((id) => notice(guest, id)));
    expect(statuses(burst).sort()).toEqual([...Array.from({ length: 20 }, () => 200), 429]);
    expect(burst.find((answer) => answer.status === 429)?.body).toMatchObject({
      code: 'PT429',
      message: 'Ya avisaste 20 transferencias en esta fiesta: quien organiza las ve todas. Si falta una, avísale en persona.',
    });
    const script = await Promise.all(Array.from({ length: 100 }, () => notice(guest)));
    expect(new Set(statuses(script))).toEqual(new Set([429]));
    const [stored] = await world.stack.query<{ count: string }>('select count(*)::text from transfer_notices where user_id = $1', [guest.id]);
    expect(stored?.count).toBe('20');
    const kept = ids[burst.findIndex((answer) => answer.status === 200)] ?? '';
    expect((await notice(guest, kept)).status).toBe(200);
    expect((await phone(world, guest)).transfer_notices).toHaveLength(20);
  });
});

describe('the bar’s bill after a settlement', () => {
  interface MadeParty {
    readonly code: string;
    readonly host_key: string;
  }
  interface Comparison {
    readonly billed: number;
    readonly settlement: { by: string; amount: number } | null;
    readonly late?: { product_name: string }[];
  }

  async function openParty(name: string): Promise<MadeParty> {
    const made = await askHost(world.host, { key: HOST_KEY, action: 'create_party', name, date: '2026-12-03' }, freshAddress());
    expect(made.status).toBe(200);
    return made.body as MadeParty;
  }
  const asHost = async (party: MadeParty, body: Record<string, unknown>) => askHost(world.host, { key: party.host_key, ...body }, freshAddress());
  /** Every line of every tab, summed: what the guests pay without tip. */
  const tabsOf = async (party: MadeParty) => ((await asHost(party, { action: 'party' })).body as { total: number }).total;
  const billOf = async (party: MadeParty) => (await asHost(party, { action: 'bill' })).body as Comparison;
  const parts = (party: MadeParty) =>
    world.stack.query<{ user_id: string; amount: string }>(
      'select user_id, amount::text from bill_spread_parts join parties on parties.id = party_id where parties.code = $1 order by user_id',
      [party.code],
    );

  it('N3: an order that arrives after Repartir lo sin dueño lowers every part: every tab still adds up to the bill, nothing charged twice', async () => {
    const party = await openParty('Fiesta tardía');
    const ana = await newGuest(party.code);
    const beto = await newGuest(party.code);
    // The bill: what they declared ($14.780) and $10.000 nobody declared.
    expect((await asHost(party, { action: 'save_bill', total: 24_780 })).status).toBe(200);
    expect((await asHost(party, { action: 'settle_bill', by: 'guests' })).status).toBe(200);
    expect(await tabsOf(party)).toBe(24_780);
    // Ana taps a Guinness in the basement, the party closes, and her phone sends it then (the 24 h window takes it).
    const tapped = new Date().toISOString();
    expect((await asHost(party, { action: 'close_party' })).status).toBe(200);
    const late = await asGuest(world.stack, '/orders', {
      method: 'POST',
      guest: ana.id,
      party: party.code,
      body: [{ id: crypto.randomUUID(), user_id: ana.id, product_name: 'Guinness 500cc', product_price: 5990, created_at: tapped }],
    });
    expect(late.status).toBe(201);
    expect(await tabsOf(party)).toBe(24_780);
    const bill = await billOf(party);
    expect(bill.settlement).toMatchObject({ by: 'guests', amount: 10_000 - 5990 });
    expect(bill.late?.map((order) => order.product_name)).toEqual(['Guinness 500cc']);
    expect((await parts(party)).reduce((sum, part) => sum + Number(part.amount), 0)).toBe(4010);
    for (const guest of [ana, beto]) expect((await phone(world, guest)).owed).toBeGreaterThan(0);
  });

  it('N3: after Lo pago yo, a late order lowers what the host absorbs: the tabs and what the host pays add up to the bill', async () => {
    const party = await openParty('Fiesta pagada por el anfitrión');
    const ana = await newGuest(party.code);
    expect((await asHost(party, { action: 'save_bill', total: 17_390 })).status).toBe(200);
    expect((await asHost(party, { action: 'settle_bill', by: 'host' })).body).toMatchObject({ settlement: { by: 'host', amount: 10_000 } });
    await addOrders(world.stack, ana, [product('Guinness 500cc')]);
    const bill = await billOf(party);
    expect(bill.settlement).toMatchObject({ by: 'host', amount: 4010 });
    expect((await tabsOf(party)) + (bill.settlement?.amount ?? 0)).toBe(17_390);
  });

  it('N6: a refused settlement changes nothing: the earlier spread stays whole, to the peso', async () => {
    const party = await openParty('Fiesta que se arrepiente');
    const ana = await newGuest(party.code);
    const beto = await newGuest(party.code);
    expect((await asHost(party, { action: 'save_bill', total: 24_780 })).status).toBe(200);
    expect((await asHost(party, { action: 'settle_bill', by: 'guests' })).status).toBe(200);
    const spread = await parts(party);
    expect(spread.reduce((sum, part) => sum + Number(part.amount), 0)).toBe(10_000);
    // Both guests take everything off: nobody has orders to spread over any more.
    for (const guest of [ana, beto]) {
      const reset = await asGuest(world.stack, `/orders?user_id=eq.${guest.id}&active=eq.true`, {
        method: 'PATCH',
        guest: guest.id,
        party: party.code,
        body: { active: false },
      });
      expect(reset.status).toBe(204);
    }
    const tabs = await tabsOf(party);
    expect(await asHost(party, { action: 'settle_bill', by: 'guests' })).toMatchObject({ status: 409, body: { error: BILL_ERRORS.noGuests } });
    expect(await parts(party)).toEqual(spread);
    expect(await tabsOf(party)).toBe(tabs);
    expect(tabs).toBe(10_000);
  });
});
