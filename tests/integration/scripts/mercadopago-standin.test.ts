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
