/**
 * What `npm start` and the browser tests see of Mercado Pago's stand-in over
 * HTTP: a payment and each delivery of its notification, with the status the
 * webhook answered (0 when nothing answered), retried with backoff until 2xx;
 * and the switches (`/__standin/misbehave`, `/reset`) reaching those deliveries.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMercadoPagoStandIn, type Delivery, type MercadoPagoStandIn, type StandInPayment } from '../../../scripts/lib/mercadopago-standin.ts';

let standIn: MercadoPagoStandIn;
let webhook: Server;
/** The webhook's next answers, then 200. */
const answers: number[] = [];

beforeAll(async () => {
  webhook = createServer((_req, res) => {
    res.writeHead(answers.shift() ?? 200).end();
  });
  await new Promise<void>((resolve) => webhook.listen(0, '127.0.0.1', resolve));
  standIn = await startMercadoPagoStandIn({ retryBaseMs: 20, retryMaxMs: 200 });
});

afterAll(async () => {
  await standIn.close();
  await new Promise<void>((resolve) => webhook.close(() => resolve()));
});

async function paid(): Promise<StandInPayment> {
  const notificationUrl = `http://127.0.0.1:${(webhook.address() as AddressInfo).port}/webhook`;
  const created = await fetch(`${standIn.url}/checkout/preferences`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${standIn.accessToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      items: [{ title: 'Cuenta', quantity: 1, unit_price: 4840, currency_id: 'CLP' }],
      external_reference: crypto.randomUUID(),
      notification_url: notificationUrl,
      back_urls: { success: 'http://127.0.0.1:9/f/abc' },
    }),
  });
  const { id } = (await created.json()) as { id: string };
  return standIn.pay(id, 'approved');
}

const watched = async (id: number) => {
  const answer = await fetch(`${standIn.url}/__standin/payments/${id}`);
  return { status: answer.status, body: (await answer.json()) as { payment?: StandInPayment; deliveries?: Delivery[] } };
};

describe('GET /__standin/payments/<id>', () => {
  it('shows the payment and every delivery of its notification with the answer it got, retried until 2xx', async () => {
    answers.push(502, 500);
    const payment = await paid();
    await standIn.settled();
    const { status, body } = await watched(payment.id);
    expect(status).toBe(200);
    expect(body.payment).toMatchObject({ id: payment.id, status: 'approved', transaction_amount: 4840 });
    expect(body.deliveries?.map((delivery) => delivery.status)).toEqual([502, 500, 200]);
    expect(new Set(body.deliveries?.map((delivery) => delivery.requestId)).size).toBe(3);
  });

  it('shows each copy the switches asked for, and a refund’s notification after them', async () => {
    const on = await fetch(`${standIn.url}/__standin/misbehave`, { method: 'POST', body: JSON.stringify({ concurrent: 3, duplicates: 1 }) });
    expect(on.status).toBe(200);
    const payment = await paid();
    await standIn.settled();
    expect((await fetch(`${standIn.url}/__standin/reset`, { method: 'POST' })).status).toBe(200);
    expect((await watched(payment.id)).body.deliveries).toHaveLength(4);
    expect((await fetch(`${standIn.url}/__standin/payments/${payment.id}/refund`, { method: 'POST', body: '{"amount":840}' })).status).toBe(200);
    await standIn.settled();
    const { body } = await watched(payment.id);
    expect(body.payment).toMatchObject({ status: 'approved', transaction_amount_refunded: 840 });
    expect(body.deliveries?.map((delivery) => delivery.status)).toEqual([200, 200, 200, 200, 200]);
  });

  it('answers 404 for a payment it does not have', async () => {
    expect((await watched(1)).status).toBe(404);
  });
});

/** Mercado Pago's API as the payments function calls it, with the stand-in's token. */
const api = (path: string, init: RequestInit = {}) =>
  fetch(`${standIn.url}${path}`, {
    ...init,
    headers: { Authorization: `Bearer ${standIn.accessToken}`, 'Content-Type': 'application/json', ...(init.headers as Record<string, string>) },
  });

async function preference(body: Record<string, unknown>): Promise<{ id: string; init_point: string }> {
  const created = await api('/checkout/preferences', {
    method: 'POST',
    body: JSON.stringify({
      items: [{ title: 'Cuenta', quantity: 1, unit_price: 4840, currency_id: 'CLP' }],
      external_reference: crypto.randomUUID(),
      notification_url: `http://127.0.0.1:${(webhook.address() as AddressInfo).port}/webhook`,
      back_urls: { success: 'http://127.0.0.1:9/f/abc' },
      ...body,
    }),
  });
  expect(created.status).toBe(201);
  return (await created.json()) as { id: string; init_point: string };
}

describe('refunds, as POST /v1/payments/{id}/refunds answers them (issue 42)', () => {
  it('refunds part, lists it on the payment, and answers the same refund to the same X-Idempotency-Key', async () => {
    const payment = await paid();
    await standIn.settled();
    const ask = (key: string, amount: number) =>
      api(`/v1/payments/${payment.id}/refunds`, { method: 'POST', headers: { 'X-Idempotency-Key': key }, body: JSON.stringify({ amount }) });
    const first = await ask('clave-1', 1000);
    expect(first.status).toBe(201);
    const refund = (await first.json()) as { id: number; payment_id: number; amount: number; status: string };
    expect(refund).toMatchObject({ payment_id: payment.id, amount: 1000, status: 'approved' });
    const again = await ask('clave-1', 1000);
    expect(await again.json()).toEqual(refund);
    const read = (await (await api(`/v1/payments/${payment.id}`)).json()) as StandInPayment;
    expect(read).toMatchObject({ status: 'approved', transaction_amount_refunded: 1000, refunds: [{ id: refund.id, amount: 1000 }] });
    // The rest: the payment is refunded whole.
    expect((await ask('clave-2', 3840)).status).toBe(201);
    expect(standIn.payment(payment.id)).toMatchObject({ status: 'refunded', transaction_amount_refunded: 4840 });
    expect(standIn.refunds.filter((made) => made.payment_id === payment.id).map((made) => made.amount)).toEqual([1000, 3840]);
  });

  it('refuses without an X-Idempotency-Key, past what is left, and when told to, refunding nothing', async () => {
    const payment = await paid();
    await standIn.settled();
    const ask = (headers: Record<string, string>, amount: number) =>
      api(`/v1/payments/${payment.id}/refunds`, { method: 'POST', headers, body: JSON.stringify({ amount }) });
    expect((await ask({}, 100)).status).toBe(400);
    expect((await ask({ 'X-Idempotency-Key': 'de-mas' }, 5000)).status).toBe(400);
    standIn.misbehave({ refuseRefunds: 1 });
    const refused = await ask({ 'X-Idempotency-Key': 'rechazada' }, 100);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ cause: [{ code: 2063 }] });
    expect(standIn.payment(payment.id)?.transaction_amount_refunded).toBe(0);
    expect((await ask({ 'X-Idempotency-Key': 'despues' }, 100)).status).toBe(201);
  });
});

describe('searching payments by external_reference, and preferences that expire (issue 42)', () => {
  it('finds a checkout’s payments newest first, as GET /v1/payments/search answers', async () => {
    const reference = crypto.randomUUID();
    const made = await preference({ external_reference: reference });
    const first = standIn.pay(made.id, 'rejected');
    const second = standIn.pay(made.id, 'approved');
    await standIn.settled();
    const found = (await (await api(`/v1/payments/search?external_reference=${reference}&sort=date_created&criteria=desc`)).json()) as {
      paging: { total: number };
      results: StandInPayment[];
    };
    expect(found.paging.total).toBe(2);
    expect(found.results.map((payment) => payment.id)).toEqual([second.id, first.id]);
  });

  it('refuses to pay a preference past its expiration_date_to, set at creation or by PUT, on its page too', async () => {
    const soon = await preference({ expires: true, expiration_date_to: new Date(Date.now() + 60_000).toISOString() });
    expect(standIn.payable(soon.id)).toBe(true);
    const put = await api(`/checkout/preferences/${soon.id}`, {
      method: 'PUT',
      // A second ago: a preference is payable until its expiration's very millisecond, and this PUT can land within it.
      body: JSON.stringify({ expires: true, expiration_date_to: new Date(Date.now() - 1000).toISOString() }),
    });
    expect(put.status).toBe(200);
    expect(standIn.payable(soon.id)).toBe(false);
    expect(() => standIn.pay(soon.id, 'approved')).toThrow(/expired/);
    const page = await fetch(soon.init_point);
    expect(page.status).toBe(410);
    expect(await page.text()).toContain('Este pago venció');
    const gone = await preference({ expires: true, expiration_date_to: new Date(Date.now() - 1000).toISOString() });
    expect(standIn.payable(gone.id)).toBe(false);
  });

  it('drops every notification when told to, and sends the guest nowhere after paying when the return is lost', async () => {
    standIn.misbehave({ dropNotifications: true, loseReturn: true });
    try {
      const made = await preference({});
      const deliveries = standIn.deliveries.length;
      const answer = await fetch(`${standIn.url}/checkout/v1/pay`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ pref_id: made.id, outcome: 'approved' }).toString(),
        redirect: 'manual',
      });
      expect(answer.status).toBe(200);
      expect(await answer.text()).toContain('Ya puedes cerrar esta pestaña.');
      await standIn.settled();
      expect(standIn.deliveries.length).toBe(deliveries);
    } finally {
      standIn.reset();
    }
  });
});
