/**
 * What the database keeps of payments besides Mercado Pago's notifications:
 * the host's ways of being paid and 'Datos para transferir' (the RUT's check
 * digit verified by the database too), 'Ya transferí' from the guest's queue
 * (idempotent by its id), the guests kept out of every payments table, and
 * 'Pagado' by one rule in the host's mark, the orders' coverage and the phone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HostHandler } from '../../../supabase/functions/host/handler.ts';
import { asGuest } from '../../support/as-guest.ts';
import { startTestStack, type TestStack } from '../../support/stack.ts';
import { askHost, freshAddress, guestWithOrders, HOST_KEY, hostHandler, product, type SeededGuest } from '../host/support.ts';

let stack: TestStack;
let handler: HostHandler;
let withoutMercadoPago: HostHandler;
let ana: SeededGuest;

const DETAILS = {
  holder_name: 'Camila Rojas',
  rut: '12.345.678-5',
  bank: 'Banco Estado',
  account_type: 'Cuenta RUT',
  account_number: '12345678',
  email: 'camila@example.cl',
};

beforeAll(async () => {
  stack = await startTestStack();
  handler = hostHandler(stack, {
    env: { HOST_KEY, SUPABASE_SERVICE_ROLE_KEY: stack.stack.serviceRoleKey, MERCADOPAGO_ACCESS_TOKEN: 'APP_USR-test', MERCADOPAGO_WEBHOOK_SECRET: 'secreto' },
  });
  withoutMercadoPago = hostHandler(stack);
  ana = await guestWithOrders(stack, 'Ana Transferencia', [product('Summer Ale 500cc')]);
});

afterAll(async () => {
  await stack.stop();
});

const host = (body: Record<string, unknown>, using = handler) => askHost(using, { key: HOST_KEY, ...body }, freshAddress());

const deploymentSaid = async () =>
  (await stack.query<{ on: boolean; at: string }>('select mercadopago as on, said_at::text as at from deployment_payment_ways'))[0] ?? null;

describe('the ways a party takes', () => {
  it('takes Mercado Pago only as the deployment last said, as each function starts', async () => {
    const guestSees = async () => ((await asGuest(stack, '/rpc/my_tab_status', { method: 'POST', guest: ana.id, body: {} })).body as { ways: unknown }).ways;
    // A function starting says it; a say newer than the last one seen is this function's.
    const saidBy = async (start: () => unknown) => {
      const before = (await deploymentSaid())?.at ?? '';
      start();
      await expect.poll(async () => ((await deploymentSaid())?.at ?? '') > before).toBe(true);
      return (await deploymentSaid())?.on;
    };
    expect(await saidBy(() => hostHandler(stack))).toBe(false);
    expect(await guestSees()).toMatchObject({ mercadopago: false });
    expect(
      await saidBy(() =>
        hostHandler(stack, {
          env: {
            HOST_KEY,
            SUPABASE_SERVICE_ROLE_KEY: stack.stack.serviceRoleKey,
            MERCADOPAGO_ACCESS_TOKEN: 'APP_USR-test',
            MERCADOPAGO_WEBHOOK_SECRET: 'secreto',
          },
        }),
      ),
    ).toBe(true);
    expect(await guestSees()).toMatchObject({ mercadopago: true });
  });

  it('takes Mercado Pago where the deployment has it, unless the host turns it off', async () => {
    expect(await host({ action: 'payment_ways' })).toMatchObject({ status: 200, body: { mercadopago: true, mercadopago_available: true, transfer: null } });
    expect(await host({ action: 'payment_ways' }, withoutMercadoPago)).toMatchObject({ body: { mercadopago: false, mercadopago_available: false } });
    expect(await host({ action: 'set_mercadopago', on: false })).toMatchObject({ status: 200, body: { mercadopago: false } });
    const status = await asGuest(stack, '/rpc/my_tab_status', { method: 'POST', guest: ana.id, body: {} });
    expect(status.body).toMatchObject({ ways: { mercadopago: false } });
    expect(await host({ action: 'set_mercadopago', on: true })).toMatchObject({ status: 200, body: { mercadopago: true } });
  });

  it('keeps the transfer details, the RUT written one way, and shows them to the guest', async () => {
    const saved = await host({ action: 'transfer_details', details: DETAILS });
    expect(saved).toMatchObject({ status: 200, body: { transfer: { ...DETAILS, rut: '12345678-5' } } });
    const status = await asGuest(stack, '/rpc/my_tab_status', { method: 'POST', guest: ana.id, body: {} });
    expect(status.body).toMatchObject({ ways: { transfer: { rut: '12345678-5', bank: 'Banco Estado' } }, owed: 4840 });
  });

  it('refuses a RUT with a wrong check digit, in the function and in the database', async () => {
    expect(await host({ action: 'transfer_details', details: { ...DETAILS, rut: '12.345.678-6' } })).toMatchObject({
      status: 400,
      body: { error: 'Pedido inválido: El RUT no es válido: revisa el dígito verificador.' },
    });
    await expect(stack.query(`update party_transfer_details set rut = '12345678-6'`)).rejects.toThrow(/party_transfer_details_rut_check/);
    const [valid] = await stack.query<{ ok: boolean; k: boolean; zero: boolean; bad: boolean }>(
      `select rut_is_valid('12345678-5') as ok, rut_is_valid('10000013-K') as k, rut_is_valid('10000004-0') as zero, rut_is_valid('10000013-k') as bad`,
    );
    expect(valid).toEqual({ ok: true, k: true, zero: true, bad: false });
  });

  it('refuses other bad details in Spanish, and takes them away with null', async () => {
    for (const [field, value] of [
      ['account_type', 'Cuenta bitcoin'],
      ['email', 'no-es-correo'],
      ['account_number', 'abc'],
      ['holder_name', 'A'],
    ] as const) {
      const answer = await host({ action: 'transfer_details', details: { ...DETAILS, [field]: value } });
      expect(answer.status, field).toBe(400);
      expect((answer.body as { error: string }).error, field).toMatch(/^Pedido inválido: /);
    }
    expect(await host({ action: 'transfer_details', details: null })).toMatchObject({ status: 200, body: { transfer: null } });
    expect(await host({ action: 'transfer_details', details: DETAILS })).toMatchObject({ status: 200 });
  });
});

describe("'Ya transferí'", () => {
  it('reaches the host’s row once, however often the queue sends it', async () => {
    const id = crypto.randomUUID();
    const body = { p_id: id, p_amount: 4840, p_created_at: new Date(Date.now() - 60_000).toISOString() };
    const first = await asGuest(stack, '/rpc/notify_transfer', { method: 'POST', guest: ana.id, body });
    const again = await asGuest(stack, '/rpc/notify_transfer', { method: 'POST', guest: ana.id, body });
    expect(first).toMatchObject({ status: 200, body: { id, amount: 4840 } });
    expect(again.body).toEqual(first.body);
    const [count] = await stack.query<{ n: string }>('select count(*)::text as n from transfer_notices where id = $1', [id]);
    expect(count?.n).toBe('1');
    const party = await host({ action: 'party' });
    const row = (party.body as { guests: { id: string; transfer_notice: unknown; paid_amount: unknown }[] }).guests.find((guest) => guest.id === ana.id);
    // A notice, not a payment: nothing is paid until the host marks it.
    expect(row).toMatchObject({ transfer_notice: { amount: 4840 }, paid_amount: null });
  });

  it('is refused for a guest not in the party and for another guest’s id', async () => {
    const stranger = crypto.randomUUID();
    const refused = await asGuest(stack, '/rpc/notify_transfer', { method: 'POST', guest: stranger, body: { p_id: crypto.randomUUID(), p_amount: 100 } });
    expect(refused.status).toBe(409);
    const bea = await guestWithOrders(stack, 'Bea Transferencia', [product('Summer Ale 500cc')]);
    const id = crypto.randomUUID();
    await asGuest(stack, '/rpc/notify_transfer', { method: 'POST', guest: ana.id, body: { p_id: id, p_amount: 100 } });
    const taken = await asGuest(stack, '/rpc/notify_transfer', { method: 'POST', guest: bea.id, body: { p_id: id, p_amount: 100 } });
    expect(taken.status).toBe(409);
    const zero = await asGuest(stack, '/rpc/notify_transfer', { method: 'POST', guest: bea.id, body: { p_id: crypto.randomUUID(), p_amount: 0 } });
    expect(zero.status).toBe(400);
  });
});

describe('guests and the payments tables', () => {
  it('reach none of them, to read or to write', async () => {
    for (const table of ['payment_attempts', 'provider_payments', 'party_transfer_details', 'transfer_notices', 'party_payment_ways']) {
      const read = await asGuest(stack, `/${table}?select=*`, { guest: ana.id });
      expect(read.status, table).toBe(401);
      const write = await asGuest(stack, `/${table}`, { method: 'POST', guest: ana.id, body: {} });
      expect(write.status, table).toBe(401);
    }
    for (const fn of ['payment_record', 'payment_start', 'party_paid', 'host_set_transfer_details']) {
      const call = await asGuest(stack, `/rpc/${fn}`, { method: 'POST', guest: ana.id, body: {} });
      expect([401, 404], fn).toContain(call.status);
    }
  });
});

describe("'Pagado', one rule", () => {
  it('adds Mercado Pago’s payments to the host’s mark, in the summary, the orders (CSV) and the phone; the default mark is what is left', async () => {
    const cata = await guestWithOrders(stack, 'Cata Reglas', [product('Summer Ale 500cc'), product('Summer Ale 500cc')]);
    const [attempt] = await stack.query<{ id: string }>(
      `insert into payment_attempts (party_id, user_id, amount) select party_id, id, 4840 from users where id = $1 returning id`,
      [cata.id],
    );
    await stack.query(`select payment_record('9000001', $1, 'approved', 4840, 0, 'CLP', now(), now())`, [attempt?.id]);
    const orders = async () =>
      ((await host({ action: 'orders' })).body as { user_id: string; paid: boolean }[]).filter((line) => line.user_id === cata.id).map((line) => line.paid);
    // $4.840 covers the first Summer Ale with tip, not the second.
    expect(await orders()).toEqual([true, false]);
    const marked = await host({ action: 'paid', guestId: cata.id, paid: true });
    expect(marked).toMatchObject({ status: 200, body: { paid_amount: 4840 } });
    const party = (await host({ action: 'party' })).body as { guests: { id: string; paid_amount: number; mark_amount: number; provider_amount: number }[] };
    expect(party.guests.find((guest) => guest.id === cata.id)).toMatchObject({ paid_amount: 9680, mark_amount: 4840, provider_amount: 4840 });
    expect(await orders()).toEqual([true, true]);
    const phone = await asGuest(stack, '/rpc/my_tab_status', { method: 'POST', guest: cata.id, body: {} });
    expect(phone.body).toMatchObject({ paid_mark: { paid_amount: 9680 }, owed: 0 });
    expect((phone.body as { payments: { method: string }[] }).payments.map((payment) => payment.method).sort()).toEqual(['host', 'mercadopago']);
  });

  it('never lets an older read of a payment replace a newer one', async () => {
    const dani = await guestWithOrders(stack, 'Dani Orden', [product('Summer Ale 500cc')]);
    const [attempt] = await stack.query<{ id: string }>(
      `insert into payment_attempts (party_id, user_id, amount) select party_id, id, 4840 from users where id = $1 returning id`,
      [dani.id],
    );
    await stack.query(`select payment_record('9000002', $1, 'refunded', 4840, 4840, 'CLP', now(), now() - interval '1 minute')`, [attempt?.id]);
    await stack.query(`select payment_record('9000002', $1, 'approved', 4840, 0, 'CLP', now() - interval '1 minute', now() - interval '1 minute')`, [
      attempt?.id,
    ]);
    const [row] = await stack.query<{ status: string }>(`select status from provider_payments where payment_id = '9000002'`);
    expect(row?.status).toBe('refunded');
    const [unknown] = await stack.query<{ answer: { recorded: boolean } }>(
      `select payment_record('9000003', $1, 'approved', 4840, 0, 'CLP', now(), now()) as answer`,
      [crypto.randomUUID()],
    );
    expect(unknown?.answer.recorded).toBe(false);
  });
});
