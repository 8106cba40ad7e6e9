/**
 * The guests' side of the bar's bill, against `npm start`'s product: the host
 * saves a bill of three products through the host function (HTTP) in a party
 * where two guests declared part of it; one guest claims a unit ('Es mío'),
 * the other shares one ('Lo compartimos'); two phones race for the last unit
 * and one is told 'Otra persona ya lo reclamó.'; a claim made with no signal
 * is taken when it returns; every tab's totals agree with Postgres to the peso.
 */
import type { Page } from '@playwright/test';
import { formatPesos as pesos } from '../../supabase/functions/_shared/rules.ts';
import { agrees, asHost, claims, NOTHING_PENDING, phoneAt, serverTotal, SYNCED, tabTotalOf as totalOf } from './bar-bill-support.ts';
import { consumed, expect, guestIdOf, syncLine, test } from './fixtures.ts';
import { HOST_KEY, order, query } from './host-support.ts';

test.skip(HOST_KEY === '', 'npm start gives no host key: the host function is not wired into startProduct');

test('two guests claim what nobody declared, race for the last unit, one claims offline; the tabs agree with Postgres', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  if (!baseURL) throw new Error('no baseURL');
  const suffix = Date.now().toString(36);
  const party = (await asHost(baseURL, {
    action: 'create_party',
    name: `Cuenta ${suffix}`,
    date: '2026-11-28',
    paymentUrl: 'https://pago.example/cuenta',
  })) as {
    code: string;
  };
  // Its guests pay at the party's page, whose address carries the amount 'agrees' reads; the checkout is pay-mercadopago.spec.ts's.
  await asHost(baseURL, { action: 'set_mercadopago', party: party.code, on: false });
  const link = `/f/${party.code}`;

  // Two guests declare part of the bill: Ana one Summer Ale, Beto a Guinness.
  const ana = await phoneAt(browser, baseURL, link, 'Ana Claims');
  const beto = await phoneAt(browser, baseURL, link, 'Beto Claims');
  await order(ana, 'summer', 'Summer Ale 500cc');
  await order(beto, 'guinness 5', 'Guinness 500cc');
  // Declared means on the server: the sync line may still read 'Todo sincronizado' in the moment before the pick is queued.
  await agrees(ana, 4400);
  await agrees(beto, 5990);

  // The bar's bill: 3 Summer Ale (one declared), 2 Guinness (one declared), a Kilkenny nobody had.
  await asHost(baseURL, {
    action: 'save_bill',
    party: party.code,
    lines: [
      { product: 'Summer Ale 500cc', quantity: 3, unitPrice: 4400 },
      { product: 'guinness 500cc', quantity: 2, unitPrice: 5990 },
      { product: 'Kilkenny 500cc', quantity: 1, unitPrice: 5790 },
    ],
  });
  await ana.reload();
  await beto.reload();
  await expect(claims(ana).getByRole('listitem')).toHaveCount(3);
  await expect(claims(ana).getByRole('listitem').filter({ hasText: 'Summer Ale 500cc' })).toContainText('Quedan 2');

  // Ana: 'Es mío' on the Guinness: on her tab at the bill's price, from the bar's bill.
  await claims(ana).getByRole('button', { name: 'Es mío: Guinness 500cc' }).click();
  const anaClaim = consumed(ana).getByRole('listitem').filter({ hasText: 'De la cuenta del bar' });
  await expect(anaClaim).toContainText('Guinness 500cc');
  await expect(anaClaim).toContainText('$5.990');
  await agrees(ana, 4400 + 5990);

  // Beto: 'Lo compartimos' a Summer Ale between 3: a third of $4.400, to the peso.
  await claims(beto).getByRole('button', { name: 'Lo compartimos' }).first().click();
  await claims(beto).getByLabel('Entre cuántas personas: Summer Ale 500cc').selectOption('3');
  await claims(beto).getByRole('button', { name: 'Compartir Summer Ale 500cc entre 3' }).click();
  await agrees(beto, 5990 + 1467);
  // What is left of that unit stays listed, to the others: Beto holds a share of it.
  await beto.reload();
  await ana.reload();
  await expect(claims(ana).getByRole('listitem').filter({ hasText: 'Summer Ale 500cc' })).toContainText('Queda 1 · otra compartida entre 3 · faltan 2 partes');

  // The last whole Summer Ale: both phones tap at once; the server keeps one.
  await expect(claims(ana).getByRole('listitem').filter({ hasText: 'Summer Ale 500cc' })).toContainText('Queda 1');
  await expect(claims(beto).getByRole('listitem').filter({ hasText: 'Summer Ale 500cc' })).toContainText('Queda 1');
  await Promise.all([
    claims(ana).getByRole('button', { name: 'Es mío: Summer Ale 500cc' }).click(),
    claims(beto).getByRole('button', { name: 'Es mío: Summer Ale 500cc' }).click(),
  ]);
  const taken = (phone: Page) => consumed(phone).getByText('Otra persona ya lo reclamó.', { exact: false });
  await expect.poll(async () => (await taken(ana).count()) + (await taken(beto).count()), { timeout: 20_000 }).toBe(1);
  const loser = (await taken(ana).count()) === 1 ? ana : beto;
  // The refused claim is struck through, with 'Quitar', and leaves the total.
  const refused = consumed(loser).getByRole('listitem').filter({ hasText: 'Otra persona ya lo reclamó.' });
  await expect(refused.getByRole('button', { name: 'Quitar Summer Ale 500cc' })).toBeVisible();
  await expect(refused).toHaveAttribute('data-refused', 'true');
  const [race] = await query<{ n: string }>(
    "select count(*) as n from bill_claims where party_id = (select id from parties where code = $1) and product_name = 'Summer Ale 500cc' and shares = 1",
    [party.code],
  );
  expect(Number(race?.n)).toBe(1);

  // With no signal, Ana claims the Kilkenny: on her tab at once, taken when the signal returns.
  await expect(syncLine(ana)).toHaveText(NOTHING_PENDING);
  await ana.context().setOffline(true);
  await claims(ana).getByRole('button', { name: 'Es mío: Kilkenny 500cc' }).click();
  await expect(consumed(ana).getByRole('listitem').filter({ hasText: 'Kilkenny 500cc' })).toContainText('$5.790');
  await expect(syncLine(ana)).toHaveText(/Sin señal: 1 cambio pendiente/);
  await ana.context().setOffline(false);
  await expect(syncLine(ana)).toHaveText(NOTHING_PENDING, { timeout: 20_000 });
  const anaId = await guestIdOf(ana);
  const [offline] = await query<{ kilkenny: string }>("select count(*) as kilkenny from bill_claims where user_id = $1 and product_name = 'Kilkenny 500cc'", [
    anaId,
  ]);
  expect(Number(offline?.kilkenny)).toBe(1);

  // Beto is the guest of honour: his tab says so and owes $0; Ana's carries his invitation.
  await asHost(baseURL, { action: 'honour', party: party.code, guestId: await guestIdOf(beto), honoured: true });
  await beto.reload();
  await expect(consumed(beto).getByRole('listitem').filter({ hasText: 'Tu cuenta la paga la fiesta.' })).toBeVisible();
  await expect(totalOf(beto, 'Total sin propina')).toHaveText('$0');
  await ana.reload();
  await expect(consumed(ana).getByRole('listitem').filter({ hasText: 'Invitación a Beto Claims' })).toBeVisible();

  // Every tab, reopened, is Postgres's to the peso; the server's lines are kept for the basement.
  for (const phone of [ana, beto]) {
    await phone.reload();
    await agrees(phone, await serverTotal(await guestIdOf(phone)));
    await phone.context().setOffline(true);
    await phone.reload();
    const total = await serverTotal(await guestIdOf(phone));
    await expect(totalOf(phone, 'Total sin propina')).toHaveText(pesos(total));
    await phone.context().setOffline(false);
  }
  await ana.context().close();
  await beto.context().close();
});

// The cause of a once-seen 'Quedan 3': a phone reopened with its own Summer Ale still queued heard the bill before the order
// reached the server, and nothing asked again once it did; the count stayed one too high until the 30 s contact.
test("a guest's own order that reaches the server after the bill was heard is counted as soon as it arrives", async ({ browser, baseURL }) => {
  test.setTimeout(60_000);
  if (!baseURL) throw new Error('no baseURL');
  const suffix = Date.now().toString(36);
  const party = (await asHost(baseURL, { action: 'create_party', name: `Cuenta tarde ${suffix}`, date: '2026-11-28' })) as { code: string };
  const ana = await phoneAt(browser, baseURL, `/f/${party.code}`, 'Ana Tarde');
  await expect(syncLine(ana)).toHaveText(SYNCED);
  // The bar's signal holds Ana's orders back until the test lets them through.
  let letThrough = () => {};
  const through = new Promise<void>((resolve) => (letThrough = resolve));
  await ana.context().route(
    (url) => url.pathname === '/rest/v1/orders',
    async (route) => {
      if (route.request().method() === 'POST') await through;
      // The page that sent it may have reloaded since: its request is gone.
      await route.continue().catch(() => undefined);
    },
  );
  await order(ana, 'summer', 'Summer Ale 500cc');
  await expect(syncLine(ana)).toHaveText(/Enviando 1 cambio pendiente/);
  await asHost(baseURL, { action: 'save_bill', party: party.code, lines: [{ product: 'Summer Ale 500cc', quantity: 3, unitPrice: 4400 }] });

  // Reopened, the phone hears the bill while its order is still on the way: the server counts three left.
  const heard = ana.waitForResponse((answer) => answer.url().includes('/rpc/my_tab_status'));
  await ana.reload();
  await heard;
  letThrough();
  await expect(syncLine(ana)).toHaveText(SYNCED);
  // Well before the next 30 s contact.
  await expect(claims(ana).getByRole('listitem').filter({ hasText: 'Summer Ale 500cc' })).toContainText('Quedan 2', { timeout: 5_000 });
  await ana.context().close();
});
