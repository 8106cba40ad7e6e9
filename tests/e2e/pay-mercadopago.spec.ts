/**
 * A guest pays their tab with Mercado Pago against the whole product and the
 * local stand-in (issue 33): 'Ir a pagar' opens the stand-in's checkout in a
 * new tab, its 'Pagar' sends the signed notification to the payments function
 * and the guest back to the party's link, and the tab says what Postgres
 * recorded; 'Rechazar' leaves the tab owing.
 */
import type { Page } from '@playwright/test';
import { formatPesos as pesos } from '../../supabase/functions/_shared/rules.ts';
import { consumed, expect, guestIdOf, test } from './fixtures.ts';
import { forgetGuests, guestPhone, order, query } from './host-support.ts';

test.skip(!process.env.BAR_TAB_MERCADOPAGO_URL, 'the product runs with a real Mercado Pago token: no stand-in to pay through');

interface Recorded {
  readonly status: string;
  readonly amount: string;
  readonly approved_at: Date | null;
}

/** What the payments function recorded for the guest, as Mercado Pago's API said it. */
const recorded = (guestId: string) =>
  query<Recorded>('select status, amount::text, approved_at from provider_payments where user_id = $1 order by created_at', [guestId]);

/**
 * 'Ir a pagar' once the party's status says it takes Mercado Pago, then the checkout's button in the tab it opened.
 * The status the new guest's tab asked at its start came before their row reached the server (it names no ways of
 * paying then): the tab asks again when the page shows again, as it would every 30 s.
 */
async function payThroughCheckout(phone: Page, button: 'Pagar' | 'Rechazar'): Promise<void> {
  await backOnTheTab(phone);
  const pay = consumed(phone).getByRole('button', { name: 'Ir a pagar', exact: true });
  await expect(pay).toBeVisible();
  const opening = phone.waitForEvent('popup');
  await pay.click();
  const checkout = await opening;
  await checkout.getByRole('button', { name: button, exact: true }).click();
  // Mercado Pago sends the guest back to the party's link.
  await checkout.waitForURL((url) => url.origin === new URL(phone.url()).origin);
  await checkout.close();
}

/** Back on the app's tab: the page shows again, and the tab asks the server (what the address says counts for nothing). */
async function backOnTheTab(phone: Page): Promise<void> {
  const asked = phone.waitForResponse((response) => response.url().endsWith('/rest/v1/rpc/my_tab_status'));
  await phone.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await asked;
}

test('a guest pays the whole tab through the checkout, and the tab says Pagado · Mercado Pago as Postgres has it', async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const name = 'Mónica Pagadora';
  await forgetGuests(name);
  const phone = await guestPhone(browser, baseURL ?? '', name);
  await order(phone, 'summer ale 5', 'Summer Ale 500cc');
  const guestId = await guestIdOf(phone);
  await expect.poll(async () => (await query('select 1 from orders where user_id = $1 and active', [guestId])).length, { timeout: 10_000 }).toBe(1);

  await payThroughCheckout(phone, 'Pagar');
  await expect.poll(async () => (await recorded(guestId)).map((row) => `${row.status} ${row.amount}`), { timeout: 20_000 }).toEqual(['approved 4840']);
  await backOnTheTab(phone);

  const [payment] = await recorded(guestId);
  const at = payment?.approved_at?.toISOString() ?? '';
  // The time as the phone's clock reads it, in its own zone.
  const time = await phone.evaluate((iso) => new Date(iso).toLocaleTimeString('es-CL', { hour: '2-digit', minute: '2-digit', hour12: false }), at);
  await expect(phone.getByText(/^Pagado/)).toHaveText(`Pagado ${pesos(4840)} · ${time} · Mercado Pago`);
  const [paid] = await query<{ paid_amount: string }>('select paid_amount::text from party_paid((select party_id from users where id = $1), $1)', [guestId]);
  expect(paid?.paid_amount).toBe('4840');
});

test('a checkout refused by Mercado Pago leaves the tab owing, with nothing paid', async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const name = 'Rodrigo Rechazado';
  await forgetGuests(name);
  const phone = await guestPhone(browser, baseURL ?? '', name);
  await order(phone, 'summer ale 5', 'Summer Ale 500cc');
  const guestId = await guestIdOf(phone);
  await expect.poll(async () => (await query('select 1 from orders where user_id = $1 and active', [guestId])).length, { timeout: 10_000 }).toBe(1);

  await payThroughCheckout(phone, 'Rechazar');
  // The refusal's notification is read back and recorded as Mercado Pago says it: rejected, counting nothing.
  await expect.poll(async () => (await recorded(guestId)).map((row) => row.status), { timeout: 20_000 }).toEqual(['rejected']);
  await backOnTheTab(phone);

  await expect(consumed(phone).getByRole('button', { name: 'Ir a pagar', exact: true })).toBeVisible();
  await expect(phone.getByText(/^Pagado/)).toHaveCount(0);
  const paid = await query('select paid_amount from party_paid((select party_id from users where id = $1), $1)', [guestId]);
  expect(paid).toEqual([]);
});
