/**
 * The `payments` function in Deno, as npm start and Supabase run it, against
 * the real PostgreSQL and PostgREST and the Mercado Pago stand-in: checkouts,
 * signed notifications (well-behaved, duplicated, concurrent, forged, stale,
 * while the function is down), what Mercado Pago's read says counting and
 * nothing else, and 'Pagado' by one rule in the guest's status, the host's
 * summary and the database alike. Neither the token nor the secret is ever
 * in a log line or an answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MercadoPagoStandIn, StandInPayment } from '../../../scripts/lib/mercadopago-standin.ts';
import type { RunningGateway } from '../../../scripts/lib/gateway.ts';
import { asGuest } from '../../support/as-guest.ts';
import type { TestStack } from '../../support/stack.ts';
import { guestWithOrders, product, type SeededGuest } from '../host/support.ts';
import { startPaymentsWorld, type PaymentsWorld } from './support.ts';

let world: PaymentsWorld;
let stack: TestStack;
let standIn: MercadoPagoStandIn;
let gateway: RunningGateway;
let logs: string[];

beforeAll(async () => {
  world = await startPaymentsWorld();
  ({ stack, standIn, gateway, logs } = world);
});

afterAll(async () => {
  await world.stop();
});

interface Answer {
  readonly status: number;
  readonly body: Record<string, unknown>;
}

async function ask(guest: SeededGuest | null, body: unknown): Promise<Answer> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (guest) headers['x-guest-id'] = guest.id;
  if (guest?.party) headers['x-party-code'] = guest.party;
  const response = await fetch(`${gateway.url}/functions/v1/payments`, { method: 'POST', headers, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** A checkout of `amount`, answered with the stand-in's preference. */
async function checkout(guest: SeededGuest, amount: number) {
  const answer = await ask(guest, { action: 'checkout', amount });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const initPoint = String(answer.body.init_point);
  const preference = standIn.preferences.find((candidate) => initPoint.endsWith(encodeURIComponent(candidate.id)));
  if (!preference) throw new Error(`no preference for ${initPoint}`);
  return preference;
}

/** Pays (or refuses) a checkout of `amount` and waits until Mercado Pago's notifications are answered. */
async function pay(guest: SeededGuest, amount: number, outcome: 'approved' | 'rejected' = 'approved'): Promise<StandInPayment> {
  const payment = standIn.pay((await checkout(guest, amount)).id, outcome);
  await standIn.settled();
  return payment;
}

/** What the guest's phone reads (my_tab_status through PostgREST, as the app asks it). */
async function phone(guest: SeededGuest) {
  const answer = await asGuest(stack, '/rpc/my_tab_status', { method: 'POST', guest: guest.id, body: {}, ...(guest.party ? { party: guest.party } : {}) });
  return answer.body as { paid_mark: { paid_amount: number } | null; owed: number; payments: { amount: number; method: string }[] };
}

/** The host's summary row of the guest, as the host function reads it. */
async function hostRow(guest: SeededGuest) {
  const [row] = await stack.query<{ summary: { guests: { id: string; paid_amount: number | null; tipped: number }[]; owed: number } }>(
    `select public.host_party(users.party_id) as summary from users where id = $1`,
    [guest.id],
  );
  const summary = row?.summary;
  return { guest: summary?.guests.find((candidate) => candidate.id === guest.id), owed: summary?.owed };
}

async function storedPayments(guest: SeededGuest) {
  return stack.query<{ payment_id: string; status: string; amount: string; refunded_amount: string; currency: string }>(
    'select payment_id, status, amount::text, refunded_amount::text, currency from provider_payments where user_id = $1 order by payment_id',
    [guest.id],
  );
}

/** The phone, the host's summary and Postgres agree: paid and owed, to the peso. */
async function expectPaid(guest: SeededGuest, paid: number, tipped: number) {
  const read = await phone(guest);
  expect(read.paid_mark?.paid_amount ?? 0).toBe(paid);
  expect(read.owed).toBe(Math.max(tipped - paid, 0));
  const host = await hostRow(guest);
  expect(host.guest?.paid_amount ?? 0).toBe(paid);
  expect(host.guest?.tipped).toBe(tipped);
}

let guestNumber = 0;
const newGuest = () => {
  guestNumber += 1;
  // Summer Ale 500cc: $4.400, $4.840 with tip.
  return guestWithOrders(
    stack,
    `Invitada Pago ${'abcdefghijklmnopqrstuvwxyz'[guestNumber % 26]}${'abcdefghijklmnopqrstuvwxyz'[Math.floor(guestNumber / 26)]}`,
    [product('Summer Ale 500cc')],
  );
};

describe('a checkout', () => {
  it('creates the preference Mercado Pago documents: one item in whole pesos, an opaque reference, the webhook and the way back', async () => {
    const guest = await newGuest();
    const preference = await checkout(guest, 4840);
    const body = preference.body as {
      items: { title: string; quantity: number; unit_price: number; currency_id: string }[];
      external_reference: string;
      notification_url: string;
      back_urls: { success: string };
      auto_return: string;
    };
    expect(body.items).toEqual([
      expect.objectContaining({ title: `Cuenta de ${guest.fullName} en Fiesta de prueba`, quantity: 1, unit_price: 4840, currency_id: 'CLP' }),
    ]);
    expect(body.external_reference).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.external_reference).not.toBe(guest.id);
    expect(body.notification_url).toBe(`${gateway.url}/functions/v1/payments/webhook`);
    expect(body.back_urls.success).toBe(`${gateway.url}/`);
    expect(body.auto_return).toBe('approved');
    const [attempt] = await stack.query<{ amount: string }>('select amount::text from payment_attempts where id = $1', [body.external_reference]);
    expect(attempt?.amount).toBe('4840');
  });

  it('refuses, in Spanish, an amount that is not whole pesos above 0, past what is owed, or without a guest', async () => {
    const guest = await newGuest();
    for (const amount of [0, -5, 1.5, '100', null]) {
      const answer = await ask(guest, { action: 'checkout', amount });
      expect(answer, String(amount)).toMatchObject({ status: 400, body: { error: 'El monto debe ser un número entero de pesos mayor que 0.' } });
    }
    expect(await ask(guest, { action: 'checkout', amount: 4841 })).toMatchObject({ status: 409, body: { error: 'El monto supera lo que debes ($4.840).' } });
    expect(await ask(null, { action: 'checkout', amount: 100 })).toMatchObject({ status: 400 });
    const stranger = { id: crypto.randomUUID(), fullName: 'Nadie', orderIds: [] };
    expect(await ask(stranger, { action: 'checkout', amount: 100 })).toMatchObject({
      status: 404,
      body: { error: 'No encontramos tu cuenta en esta fiesta.' },
    });
    expect(await storedPayments(guest)).toEqual([]);
  });
});

describe('paying', () => {
  it('pays the whole tab: Pagado $4.840, nothing owed, in the phone, the host’s summary and Postgres', async () => {
    const guest = await newGuest();
    await expectPaid(guest, 0, 4840);
    const payment = await pay(guest, 4840);
    expect(await storedPayments(guest)).toEqual([
      { payment_id: String(payment.id), status: 'approved', amount: '4840', refunded_amount: '0', currency: 'CLP' },
    ]);
    await expectPaid(guest, 4840, 4840);
    expect((await phone(guest)).payments).toEqual([expect.objectContaining({ amount: 4840, method: 'mercadopago' })]);
    expect(await ask(guest, { action: 'checkout', amount: 1 })).toMatchObject({ status: 409, body: { error: 'Tu cuenta ya está pagada.' } });
  });

  it('pays part, then the rest', async () => {
    const guest = await newGuest();
    await pay(guest, 2000);
    await expectPaid(guest, 2000, 4840);
    expect(await ask(guest, { action: 'checkout', amount: 3000 })).toMatchObject({ status: 409, body: { error: 'El monto supera lo que debes ($2.840).' } });
    await pay(guest, 2840);
    await expectPaid(guest, 4840, 4840);
    const status = await ask(guest, { action: 'status' });
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({ balance: { tipped: 4840, paid: 4840, owed: 0 }, ways: { mercadopago: true, transfer: null } });
  });

  it('counts nothing of a rejected payment', async () => {
    const guest = await newGuest();
    await pay(guest, 4840, 'rejected');
    expect((await storedPayments(guest)).map((row) => row.status)).toEqual(['rejected']);
    await expectPaid(guest, 0, 4840);
  });

  it('takes back a refunded, a cancelled or a charged back payment; a partial refund takes back its part', async () => {
    const guest = await newGuest();
    const first = await pay(guest, 2000);
    const second = await pay(guest, 2840);
    await expectPaid(guest, 4840, 4840);
    standIn.refund(first.id);
    await standIn.settled();
    await expectPaid(guest, 2840, 4840);
    standIn.refund(second.id, 840);
    await standIn.settled();
    await expectPaid(guest, 2000, 4840);
    standIn.setStatus(second.id, 'charged_back');
    await standIn.settled();
    await expectPaid(guest, 0, 4840);
  });

  it('counts what Mercado Pago received, never what was asked, and nothing in another currency', async () => {
    const guest = await newGuest();
    standIn.misbehave({ wrongAmount: -1000 });
    try {
      await pay(guest, 4840);
    } finally {
      standIn.reset();
    }
    await expectPaid(guest, 3840, 4840);
    standIn.misbehave({ wrongCurrency: 'USD' });
    try {
      await pay(guest, 1000);
    } finally {
      standIn.reset();
    }
    await expectPaid(guest, 3840, 4840);
  });
});

describe('notifications', () => {
  it('records a payment once under duplicate and concurrent deliveries', async () => {
    const guest = await newGuest();
    const before = standIn.deliveries.length;
    standIn.misbehave({ duplicates: 3, concurrent: 6 });
    try {
      await pay(guest, 4840);
    } finally {
      standIn.reset();
    }
    const delivered = standIn.deliveries.slice(before);
    expect(delivered.length).toBe(9);
    expect(delivered.every((delivery) => delivery.status === 200)).toBe(true);
    expect(await storedPayments(guest)).toHaveLength(1);
    await expectPaid(guest, 4840, 4840);
  });

  it('keeps the newest state when reads arrive out of order', async () => {
    const guest = await newGuest();
    const payment = await pay(guest, 4840);
    // Two deliveries at once, one of which reads the approved state after the refund.
    standIn.misbehave({ concurrent: 2, staleReads: 1 });
    try {
      standIn.refund(payment.id);
      await standIn.settled();
    } finally {
      standIn.reset();
    }
    expect((await storedPayments(guest)).map((row) => row.status)).toEqual(['refunded']);
    await expectPaid(guest, 0, 4840);
  });

  for (const [name, switches] of [['forged', { forgeSignature: true }]] as const) {
    it(`answers a ${name} signature 401 and changes nothing, with one line in the log; the true one then counts`, async () => {
      const guest = await newGuest();
      const before = standIn.deliveries.length;
      const preference = await checkout(guest, 4840);
      const logged = logs.length;
      standIn.misbehave(switches);
      let payment: StandInPayment;
      try {
        payment = standIn.pay(preference.id, 'approved');
        // Refused every time: the stand-in keeps trying; a few tries are enough to see.
        await expect.poll(() => standIn.deliveries.slice(before).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
      } finally {
        standIn.reset();
      }
      expect(standIn.deliveries.slice(before, before + 3).map((delivery) => delivery.status)).toEqual([401, 401, 401]);
      expect(await storedPayments(guest)).toEqual([]);
      // What npm start shows the operator: a line that says error, one per refusal, naming the payment and no secret.
      const refused = logs.slice(logged).filter((line) => line.includes('payments: error: notification refused'));
      expect(refused.length).toBeGreaterThanOrEqual(3);
      expect(refused[0]).toContain(`data.id ${payment.id}`);
      await standIn.settled();
      expect(standIn.payment(payment.id)?.status).toBe('approved');
      await expectPaid(guest, 4840, 4840);
    });
  }

  it('takes a true signature of any age (issue 42): a notification only names a payment to read, and reading it again changes nothing', async () => {
    const guest = await newGuest();
    const before = standIn.deliveries.length;
    const preference = await checkout(guest, 4840);
    standIn.misbehave({ staleSignature: true, duplicates: 2 });
    try {
      standIn.pay(preference.id, 'approved');
      await standIn.settled();
    } finally {
      standIn.reset();
    }
    expect(standIn.deliveries.slice(before).map((delivery) => delivery.status)).toEqual([200, 200, 200]);
    expect(await storedPayments(guest)).toHaveLength(1);
    await expectPaid(guest, 4840, 4840);
  });

  it('answers 401 to a notification without a signature or with another id than the one signed', async () => {
    const guest = await newGuest();
    const payment = standIn.pay((await checkout(guest, 4840)).id, 'approved');
    await standIn.settled();
    const url = `${gateway.url}/functions/v1/payments/webhook?data.id=${payment.id}&type=payment`;
    expect((await fetch(url, { method: 'POST', body: '{}' })).status).toBe(401);
    const signed = standIn.deliveries.at(-1);
    expect(signed).toBeDefined();
    const other = await fetch(`${gateway.url}/functions/v1/payments/webhook?data.id=${payment.id + 1}&type=payment`, {
      method: 'POST',
      headers: { 'x-request-id': signed?.requestId ?? '', 'x-signature': 'ts=1,v1=' + '0'.repeat(64) },
      body: '{}',
    });
    expect(other.status).toBe(401);
  });

  it('answers 500 while Mercado Pago’s read fails, so the notification comes again and counts', async () => {
    const guest = await newGuest();
    const before = standIn.deliveries.length;
    standIn.misbehave({ failReads: 2 });
    await pay(guest, 4840);
    expect(standIn.deliveries.slice(before).map((delivery) => delivery.status)).toEqual([500, 500, 200]);
    await expectPaid(guest, 4840, 4840);
  });

  it('records a notification that arrived while the function was down, when it comes again', async () => {
    const guest = await newGuest();
    const preference = await checkout(guest, 4840);
    await world.stopPayments();
    const before = standIn.deliveries.length;
    const payment = standIn.pay(preference.id, 'approved');
    await expect.poll(() => standIn.deliveries.slice(before).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    expect(standIn.deliveries.slice(before).every((delivery) => delivery.status !== 200)).toBe(true);
    expect(await storedPayments(guest)).toEqual([]);
    await world.startPayments();
    await standIn.settled();
    expect(standIn.deliveries.at(-1)).toMatchObject({ paymentId: payment.id, status: 200 });
    await expectPaid(guest, 4840, 4840);
  });
});

describe('secrets', () => {
  it('never puts the token or the webhook secret in a log line or an answer', async () => {
    const guest = await newGuest();
    const answers = [await ask(guest, { action: 'status' }), await ask(guest, { action: 'checkout', amount: 100 })];
    expect(logs.length).toBeGreaterThan(0);
    for (const text of [...logs, ...answers.map((answer) => JSON.stringify(answer.body))]) {
      expect(text).not.toContain(standIn.accessToken);
      expect(text).not.toContain(standIn.webhookSecret);
    }
  });
});
