/**
 * A notification that arrives while the payments function is down (issue 33),
 * against the whole product and the stand-in: the function is taken down for
 * real (its Deno process stopped; the gateway answers 502), Mercado Pago's
 * stand-in delivers again with backoff, and once the function is back on its
 * address the next delivery counts. Before, nothing counts; after, the
 * guest's tab, the host's figures and the CSV are what Postgres has.
 */
import { switchFunction } from '../support/function-switch.ts';
import { expect, test } from './fixtures.ts';
import { answered, delivered, everyoneAgrees, hostPage, newParty, payer, payThroughCheckout, recorded, STAND_IN } from './pay-mercadopago-support.ts';

test.skip(!STAND_IN, 'the product runs with a real Mercado Pago token: no stand-in to pay through');

test.afterEach(async () => {
  // Whatever happened, the next spec finds the function running.
  await switchFunction('payments', 'start');
});

test('a notification that came while the payments function was down counts once the function is back and it comes again', async ({ browser, baseURL }) => {
  test.setTimeout(150_000);
  const party = await newParty(baseURL ?? '', 'Función caída');
  const guest = await payer(browser, baseURL ?? '', party, 'Carla Caída');
  const host = await hostPage(browser, baseURL ?? '', party);

  // The checkout is asked of the function; it goes down before the guest taps 'Pagar'.
  const payment = await payThroughCheckout(guest.phone, { beforePaying: () => switchFunction('payments', 'stop') });
  // Nothing answered but the gateway (502), and Mercado Pago tries again.
  await expect.poll(async () => (await answered(payment)).slice(0, 2), { timeout: 20_000 }).toEqual([502, 502]);
  expect(await recorded(guest.guestId)).toEqual([]);
  await everyoneAgrees(guest, host, party, 0, ['no', 'no']);
  expect(new Set(await answered(payment))).toEqual(new Set([502]));

  // Back on its address: the next delivery, on the stand-in's own schedule, is answered 200 and counts, once.
  await switchFunction('payments', 'start');
  await expect.poll(async () => (await answered(payment)).at(-1), { timeout: 60_000 }).toBe(200);
  const { deliveries } = await delivered(payment);
  expect(deliveries.slice(0, -1).every((delivery) => delivery.status === 502)).toBe(true);
  // With backoff: each wait longer than the one before.
  const waits = deliveries.slice(1).map((delivery, index) => delivery.at - (deliveries[index]?.at ?? 0));
  expect(waits.every((wait, index) => index === 0 || wait > (waits[index - 1] ?? 0))).toBe(true);
  expect(await recorded(guest.guestId)).toEqual([{ payment_id: payment, status: 'approved', amount: '8129', refunded_amount: '0' }]);
  await everyoneAgrees(guest, host, party, 8129, ['sí', 'sí']);
  await guest.phone.context().close();
  await host.context().close();
});
