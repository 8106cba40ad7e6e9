/**
 * Claims a person can't get wrong, against the real stack (issue 43): a guest
 * joins the share that is there, a claim for a split that changed meanwhile is
 * answered with the share as it now is (never 'Otra persona ya lo reclamó.'),
 * every refusal says its reason in Spanish, a claim is taken back by its guest
 * (idempotent, within the party's life) or by the host (also after the close)
 * with the others' shares recomputed by shareAmount to the peso, un-claims and
 * claims racing lose and double nothing, tap times are bounded like orders',
 * and the guest's status sends the lines to claim only when they changed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLAIM_REFUSALS, refusalMessage, shareAmounts } from '../../../supabase/functions/_shared/bar-bill.ts';
import type { HostHandler } from '../../../supabase/functions/host/handler.ts';
import { startTestStack, type TestStack } from '../../support/stack.ts';
import { askHost, asGuest, freshAddress, guestWithOrders, HOST_KEY, hostHandler, product, type SeededGuest } from './support.ts';

let stack: TestStack;
let handler: HostHandler;

interface MadeParty {
  readonly code: string;
  readonly host_key: string;
}

interface Answer {
  readonly status: number;
  readonly body: unknown;
}

interface Claimed {
  readonly id: string;
  readonly amount: number;
  readonly shares: number;
  readonly share_no: number;
}

interface Unclaimed {
  readonly line_id: string;
  readonly units_left: number;
  readonly open_shares: { shares: number; left: number }[];
}

interface Bill {
  readonly total: number;
  readonly lines: { id: string | null; kind: string; amount: number; line_id: string | null; shares: number | null }[];
  readonly unclaimed: Unclaimed[] | null;
  readonly unclaimed_version: string;
}

async function openParty(name: string): Promise<MadeParty> {
  const made = await askHost(handler, { key: HOST_KEY, action: 'create_party', name, date: '2026-11-29' }, freshAddress());
  expect(made.status).toBe(200);
  return made.body as MadeParty;
}

const asHost = (party: MadeParty, body: Record<string, unknown>) => askHost(handler, { key: party.host_key, ...body }, freshAddress());

/** Guests in the party, one per name, with no orders. */
async function guestsIn<const Names extends readonly string[]>(party: MadeParty, names: Names): Promise<{ [Key in keyof Names]: SeededGuest }> {
  return (await Promise.all(names.map((name) => guestWithOrders(stack, name, [], party.code)))) as { [Key in keyof Names]: SeededGuest };
}

/** The party's bill of these lines; the ids of its lines, in order. */
async function billOf(party: MadeParty, lines: { product: string; quantity: number; unitPrice: number }[]): Promise<string[]> {
  const saved = await asHost(party, { action: 'save_bill', lines });
  expect(saved.status).toBe(200);
  return (saved.body as { lines: { id: string }[] }).lines.map((line) => line.id);
}

interface ClaimOptions {
  readonly join?: boolean;
  readonly sawShare?: boolean;
  readonly at?: string;
  readonly id?: string;
}

/** A claim as the phone's outbox sends it. */
function claim(guest: SeededGuest, line: string, shares = 1, options: ClaimOptions = {}): Promise<Answer> {
  const body = {
    p_id: options.id ?? crypto.randomUUID(),
    p_line: line,
    p_shares: shares,
    p_created_at: options.at ?? new Date().toISOString(),
    ...(options.join ? { p_join: true } : {}),
    ...(options.sawShare ? { p_saw_share: true } : {}),
  };
  return asGuest(stack, '/rpc/claim_bill_line', { method: 'POST', guest: guest.id, party: guest.party ?? '', body });
}

/** 'Quitar' on a claim, as the phone's outbox sends it. */
function unclaim(guest: SeededGuest, id: string, at = new Date().toISOString()): Promise<Answer> {
  return asGuest(stack, '/rpc/unclaim_bill_line', { method: 'POST', guest: guest.id, party: guest.party ?? '', body: { p_id: id, p_at: at } });
}

async function billFor(guest: SeededGuest, seen?: string): Promise<{ bill: Bill; bytes: number }> {
  const headers = seen ? { 'x-bill-seen': seen } : undefined;
  const answer = await asGuest(stack, '/rpc/my_tab_status', {
    method: 'POST',
    guest: guest.id,
    party: guest.party ?? '',
    body: {},
    ...(headers ? { headers } : {}),
  });
  expect(answer.status).toBe(200);
  return { bill: (answer.body as { bill: Bill }).bill, bytes: Buffer.byteLength(JSON.stringify(answer.body)) };
}

const claimed = (answer: Answer): Claimed => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as Claimed;
};

/** Each claim of a line as the database holds it, in claim order: who, its share and amount. */
async function claimsOf(line: string) {
  return stack.query<{ user_id: string; unit_no: number; shares: number; share_no: number; amount: number }>(
    'select user_id, unit_no, shares, share_no, amount from bill_claims where line_id = $1 order by unit_no, share_no',
    [line],
  );
}

/** A refusal as PostgREST answers it: 400 with the database's code and its reason in Spanish. */
const refused = (answer: Answer, name: keyof typeof CLAIM_REFUSALS) => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(name === 'bill_line_unknown' ? 409 : 400);
  expect((answer.body as { message: string }).message).toBe(refusalMessage(name));
};

beforeAll(async () => {
  stack = await startTestStack();
  handler = hostHandler(stack);
});

afterAll(async () => {
  await stack.stop();
});

describe('joining the share that is there', () => {
  let party: MadeParty;
  let ana: SeededGuest;
  let beto: SeededGuest;
  let cata: SeededGuest;
  let tabla: string;

  beforeAll(async () => {
    party = await openParty('Tabla para tres');
    [ana, beto, cata] = await guestsIn(party, ['Ana Tres', 'Beto Tres', 'Cata Tres']);
    tabla = (await billOf(party, [{ product: 'Tabla Irish', quantity: 1, unitPrice: 16990 }]))[0] ?? '';
  });

  it('Ana shares it between 3, Beto and Cata join it: a third each, summing to the line', async () => {
    const line = tabla;
    const first = claimed(await claim(ana, line, 3));
    // Beto's list names the open share; Ana's does not (she holds one).
    expect((await billFor(beto)).bill.unclaimed).toEqual([expect.objectContaining({ line_id: line, units_left: 0, open_shares: [{ shares: 3, left: 2 }] })]);
    expect((await billFor(ana)).bill.unclaimed).toEqual([]);
    const second = claimed(await claim(beto, line, 3, { join: true }));
    const third = claimed(await claim(cata, line, 3, { join: true }));
    expect([first, second, third].map((share) => share.amount)).toEqual(shareAmounts(16990, 3));
    expect(first.amount + second.amount + third.amount).toBe(16990);
  });

  it('answers a phone still showing another split with the share as it now is, never a refusal', async () => {
    const other = await openParty('Tabla que cambió');
    const [line = ''] = await billOf(other, [{ product: 'Tabla Irish', quantity: 1, unitPrice: 16990 }]);
    const [dani, eli] = await guestsIn(other, ['Dani Cambio', 'Eli Cambio']);
    claimed(await claim(dani, line, 3));
    // Eli's phone heard the line unshared and asks for it 'entre 2': the server offers the split of 3, storing nothing.
    const id = crypto.randomUUID();
    const offer = await claim(eli, line, 2, { id });
    expect(offer).toMatchObject({ status: 200, body: { id, line_id: line, offer: { shares: 3, amount: shareAmounts(16990, 3)[1] } } });
    expect(await claimsOf(line)).toHaveLength(1);
    // 'Sí, me uno': the same id joins it.
    expect(claimed(await claim(eli, line, 3, { id, join: true }))).toMatchObject({ id, shares: 3, share_no: 1, amount: 5663 });
  });

  it('grows a split that filled up meanwhile by the one who says yes: the shares recomputed to the peso, in claim order', async () => {
    const other = await openParty('Tabla para dos que fueron tres');
    const [line = ''] = await billOf(other, [{ product: 'Tabla Irish', quantity: 1, unitPrice: 16990 }]);
    const [fede, gabi, hugo] = await guestsIn(other, ['Fede Dos', 'Gabi Dos', 'Hugo Dos']);
    claimed(await claim(fede, line, 2));
    claimed(await claim(gabi, line, 2, { join: true }));
    // Hugo's phone still showed 'entre 2 · falta 1 parte': 'Unirme: somos 2' hears 'Ahora son 3 partes'.
    const asked = await claim(hugo, line, 2, { join: true });
    expect(asked.body).toMatchObject({ offer: { shares: 3, amount: 5663 } });
    expect(asked.body).not.toHaveProperty('code');
    claimed(await claim(hugo, line, 3, { join: true }));
    expect(await claimsOf(line)).toEqual(
      [fede, gabi, hugo].map((guest, share) => ({ user_id: guest.id, unit_no: 0, shares: 3, share_no: share, amount: shareAmounts(16990, 3)[share] })),
    );
  });
});

describe('taking a claim back', () => {
  it('frees a unit for everyone, answers a second time the same, and leaves the others’ tabs alone', async () => {
    const party = await openParty('Es mío, no era mío');
    const [line = ''] = await billOf(party, [{ product: 'Kilkenny 500cc', quantity: 1, unitPrice: 5790 }]);
    const [ana, beto] = await guestsIn(party, ['Ana Quita', 'Beto Mira']);
    const mine = claimed(await claim(ana, line));
    expect((await billFor(beto)).bill.unclaimed).toEqual([]);
    expect((await asHost(party, { action: 'bill' })).body).toMatchObject({ without_owner: 0 });
    const back = await unclaim(ana, mine.id);
    expect(back).toEqual({ status: 200, body: { id: mine.id, unclaimed: true } });
    expect(await unclaim(ana, mine.id)).toEqual(back);
    expect((await billFor(beto)).bill.unclaimed).toEqual([expect.objectContaining({ line_id: line, units_left: 1 })]);
    expect((await billFor(ana)).bill).toMatchObject({ total: 0, lines: [] });
    expect((await asHost(party, { action: 'bill' })).body).toMatchObject({ without_owner: 5790 });
    // Another guest cannot take Ana's claim back, and hears the same answer: nothing of theirs by that id.
    const again = claimed(await claim(ana, line));
    expect(await unclaim(beto, again.id)).toEqual({ status: 200, body: { id: again.id, unclaimed: true } });
    expect(await claimsOf(line)).toHaveLength(1);
  });

  it('one of three leaves a shared line: the other two pay halves, to the peso', async () => {
    const party = await openParty('Tabla de tres a dos');
    const [line = ''] = await billOf(party, [{ product: 'Tabla Irish', quantity: 1, unitPrice: 16991 }]);
    const [ana, beto, cata] = await guestsIn(party, ['Ana Mitad', 'Beto Mitad', 'Cata Mitad']);
    claimed(await claim(ana, line, 3));
    const betos = claimed(await claim(beto, line, 3, { join: true }));
    claimed(await claim(cata, line, 3, { join: true }));
    await unclaim(beto, betos.id);
    const halves = shareAmounts(16991, 2);
    expect(await claimsOf(line)).toEqual([
      { user_id: ana.id, unit_no: 0, shares: 2, share_no: 0, amount: halves[0] },
      { user_id: cata.id, unit_no: 0, shares: 2, share_no: 1, amount: halves[1] },
    ]);
    expect((await billFor(ana)).bill.total + (await billFor(cata)).bill.total).toBe(16991);
    expect((await billFor(cata)).bill.lines).toEqual([expect.objectContaining({ kind: 'claim', amount: halves[1], line_id: line, shares: 2 })]);
  });

  it('after the close only the host takes a claim back; an un-claim tapped before the close still arrives', async () => {
    const party = await openParty('Se cerró');
    const [line = ''] = await billOf(party, [{ product: 'Guinness 500cc', quantity: 3, unitPrice: 5990 }]);
    const ana = await guestWithOrders(stack, 'Ana Cierre', [], party.code);
    const [first, second, third] = [claimed(await claim(ana, line)), claimed(await claim(ana, line)), claimed(await claim(ana, line))];
    const beforeClose = new Date().toISOString();
    expect((await asHost(party, { action: 'close_party' })).status).toBe(200);
    // Tapped before the close, sent after it: taken, as a late order is.
    expect(await unclaim(ana, first.id, beforeClose)).toMatchObject({ status: 200 });
    const late = await unclaim(ana, second.id);
    expect(late.status).toBe(400);
    expect((late.body as { message: string }).message).toBe('party_closed: la fiesta ya terminó: solo el anfitrión puede quitarlo');
    const byHost = await asHost(party, { action: 'unclaim', guestId: ana.id, claimId: second.id });
    expect(byHost.status).toBe(200);
    expect((byHost.body as { orders: { id: string }[] }).orders.map((order) => order.id)).toEqual([third.id]);
    // Idempotent for the host too; a claim of another guest of the party is not this guest's to take back.
    expect((await asHost(party, { action: 'unclaim', guestId: ana.id, claimId: second.id })).status).toBe(200);
    expect(await asHost(party, { action: 'unclaim', guestId: crypto.randomUUID(), claimId: third.id })).toMatchObject({ status: 404 });
    expect(await claimsOf(line)).toHaveLength(1);
  });
});

describe('refusals that say why', () => {
  it('names the real reason, in Spanish', async () => {
    const party = await openParty('Razones');
    const [guinness = '', tabla = '', kilkenny = ''] = await billOf(party, [
      { product: 'Guinness 500cc', quantity: 1, unitPrice: 5990 },
      { product: 'Tabla Irish', quantity: 1, unitPrice: 16990 },
      { product: 'Kilkenny 500cc', quantity: 1, unitPrice: 5790 },
    ]);
    const [ana, beto] = await Promise.all([
      guestWithOrders(stack, 'Ana Razón', [product('Guinness 500cc')], party.code),
      guestWithOrders(stack, 'Beto Razón', [], party.code),
    ]);
    // The only Guinness is on Ana's tab as a pick.
    refused(await claim(beto, guinness), 'bill_line_declared');
    // Ana holds the only Kilkenny: hers, not another person's.
    claimed(await claim(ana, kilkenny));
    refused(await claim(ana, kilkenny), 'bill_line_yours');
    refused(await claim(beto, kilkenny), 'bill_line_taken');
    // Beto joins a split that was taken back whole meanwhile, while the unit is free: that share is gone.
    const shared = claimed(await claim(ana, tabla, 2));
    await unclaim(ana, shared.id);
    refused(await claim(beto, tabla, 2, { join: true }), 'bill_share_gone');
    refused(await claim(beto, tabla, 13), 'bill_shares_range');
    // Beto's phone showed Ana's open share and he chose 'Es mío': the last unit went to another person, no offer.
    claimed(await claim(ana, tabla, 2));
    refused(await claim(beto, tabla, 1, { sawShare: true }), 'bill_line_taken');
    expect(await claim(beto, tabla, 1)).toMatchObject({ status: 200, body: { offer: { shares: 2, amount: 8495 } } });
    expect((await asHost(party, { action: 'settle_bill', by: 'host' })).status).toBe(200);
    refused(await claim(beto, tabla), 'bill_settled_by_host');
  });

  it('refuses claims, un-claims and transfer notices tapped in 1900 with 400 and the reason in Spanish', async () => {
    const party = await openParty('Reloj roto');
    const [line = ''] = await billOf(party, [{ product: 'Guinness 500cc', quantity: 2, unitPrice: 5990 }]);
    const ana = await guestWithOrders(stack, 'Ana Reloj', [], party.code);
    const old = '1900-01-01T00:00:00.000Z';
    refused(await claim(ana, line, 1, { at: old }), 'tap_time_outside_party');
    const held = claimed(await claim(ana, line));
    refused(await unclaim(ana, held.id, old), 'tap_time_outside_party');
    const notice = await asGuest(stack, '/rpc/notify_transfer', {
      method: 'POST',
      guest: ana.id,
      party: party.code,
      body: { p_id: crypto.randomUUID(), p_amount: 5000, p_created_at: old },
    });
    refused(notice, 'tap_time_outside_party');
    const far = new Date(Date.now() + 3 * 365 * 86_400_000).toISOString();
    refused(await claim(ana, line, 1, { at: far }), 'tap_time_outside_party');
    expect(await stack.query('select id from transfer_notices where user_id = $1', [ana.id])).toEqual([]);
    expect(await claimsOf(line)).toHaveLength(1);
  });
});

describe('claims and un-claims racing', () => {
  it('a unit taken back while another guest claims it: never twice, never lost', async () => {
    const party = await openParty('Carrera de vuelta');
    const [line = ''] = await billOf(party, [{ product: 'Kilkenny 500cc', quantity: 1, unitPrice: 5790 }]);
    const [ana, beto] = await guestsIn(party, ['Ana Carrera', 'Beto Carrera']);
    const outcomes = new Set<string>();
    for (let round = 0; round < 12; round += 1) {
      const held = claimed(await claim(ana, line));
      const [back, taken] = await Promise.all([unclaim(ana, held.id), claim(beto, line)]);
      expect(back.status).toBe(200);
      const rows = await claimsOf(line);
      expect(rows.length).toBeLessThanOrEqual(1);
      const status = await billFor(ana);
      if (taken.status === 200) {
        outcomes.add('Beto got it');
        expect(rows).toEqual([expect.objectContaining({ user_id: beto.id, shares: 1, amount: 5790 })]);
        expect(status.bill.unclaimed).toEqual([]);
        await unclaim(beto, (taken.body as Claimed).id);
      } else {
        outcomes.add('Beto came first');
        refused(taken, 'bill_line_taken');
        // Not lost: free, and listed to claim again.
        expect(rows).toEqual([]);
        expect(status.bill.unclaimed).toEqual([expect.objectContaining({ line_id: line, units_left: 1 })]);
      }
      expect(await stack.query('select unit_no from bill_units where line_id = $1', [line])).toEqual([]);
    }
    console.info(`claims and un-claims racing, 12 rounds: ${[...outcomes].join(', ')}`);
  });

  it('a share taken back while another guest joins it: every unit’s shares still sum to its price', async () => {
    const party = await openParty('Carrera compartida');
    const [line = ''] = await billOf(party, [{ product: 'Tabla Irish', quantity: 1, unitPrice: 16990 }]);
    const [ana, beto, cata] = await guestsIn(party, ['Ana Comparte', 'Beto Comparte', 'Cata Comparte']);
    const outcomes = new Set<string>();
    for (let round = 0; round < 8; round += 1) {
      const anas = claimed(await claim(ana, line, 3));
      const betos = claimed(await claim(beto, line, 3, { join: true }));
      const [, answer] = await Promise.all([unclaim(ana, anas.id), claim(cata, line, 3, { join: true })]);
      // Cata joined the split of 3 (Ana then left: halves); or Ana left first (Beto alone, a split of 2 with one share open) and Cata
      // is offered that split, and says yes.
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const offer = (answer.body as { offer?: { shares: number } }).offer;
      outcomes.add(offer ? 'offered the split of 2' : 'joined the split of 3');
      const joined = offer ? await claim(cata, line, offer.shares, { join: true }) : answer;
      const rows = await claimsOf(line);
      expect(rows.map((row) => row.user_id).sort()).toEqual([beto.id, cata.id].sort());
      const [unit] = await stack.query<{ shares: number; unit_price: number }>('select shares, unit_price from bill_units where line_id = $1', [line]);
      expect(unit?.shares).toBe(2);
      expect(rows.reduce((sum, row) => sum + row.amount, 0)).toBe(16990);
      expect(new Set(rows.map((row) => row.share_no)).size).toBe(rows.length);
      await unclaim(beto, betos.id);
      await unclaim(cata, claimed(joined).id);
      expect(await claimsOf(line)).toEqual([]);
    }
    console.info(`a share taken back while another joins, 8 rounds: ${[...outcomes].join(', ')}`);
  });
});

describe('the status a guest reads', () => {
  it('sends the lines to claim once: unchanged, a large bill costs a few hundred bytes', async () => {
    const party = await openParty('Cuenta larga');
    const lines = Array.from({ length: 1000 }, (_, index) => ({ product: `Plato raro número ${index + 1}`, quantity: 2, unitPrice: 1000 + index }));
    const ids = await billOf(party, lines);
    const [ana, beto] = await guestsIn(party, ['Ana Larga', 'Beto Larga']);
    const first = await billFor(ana);
    expect(first.bill.unclaimed).toHaveLength(1000);
    const again = await billFor(ana, first.bill.unclaimed_version);
    expect(again.bill).toMatchObject({ unclaimed: null, unclaimed_version: first.bill.unclaimed_version });
    expect(again.bytes).toBeLessThan(1024);
    console.info(`a 1,000-line bill's status: ${first.bytes} bytes the first time, ${again.bytes} bytes unchanged`);
    // Another guest's claim changes what is left: the whole list comes again, with its new version.
    claimed(await claim(beto, ids[0] ?? ''));
    const changed = await billFor(ana, first.bill.unclaimed_version);
    expect(changed.bill.unclaimed_version).not.toBe(first.bill.unclaimed_version);
    expect(changed.bill.unclaimed?.[0]).toMatchObject({ line_id: ids[0], units_left: 1 });
  });
});
