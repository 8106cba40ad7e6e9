/**
 * Paying with Mercado Pago in the browser tests (issue 33), against the whole
 * product and the stand-in it started: a party of the test's own, its guests'
 * phones paying through the checkout, the stand-in's switches and what it
 * delivered, and the check that the guest's tab, the host's figures (the host
 * function's `party`, the page's totals) and the CSV the host downloads are
 * what Postgres has (`provider_payments`, `party_paid`), to the peso.
 */
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from '@playwright/test';
import type { Delivery, Misbehaviour, StandInPayment } from '../../scripts/lib/mercadopago-standin.ts';
import { formatPesos as pesos } from '../../supabase/functions/_shared/rules.ts';
import { asHost, phoneAt, SYNCED } from './bar-bill-support.ts';
import { consumed, expect, guestIdOf, syncLine } from './fixtures.ts';
import { order, query, signIn, totalOf } from './host-support.ts';

export const STAND_IN = process.env.BAR_TAB_MERCADOPAGO_URL ?? '';

/** Summer Ale 500cc then Summer Ale 300cc: $7.390, $8.129 with tip; the first alone is $4.840 with tip. */
export const FIRST = { query: 'summer ale 5', name: 'Summer Ale 500cc', price: 4400 } as const;
export const SECOND = { query: 'summer ale 3', name: 'Summer Ale 300cc', price: 2990 } as const;

// ─── The stand-in, through its /__standin/ routes ───────────────────────────

async function standIn(path: string, body?: unknown): Promise<Record<string, unknown>> {
  const answer = await fetch(`${STAND_IN}/__standin/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    ...(body === undefined ? {} : { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
  });
  const json = (await answer.json()) as Record<string, unknown>;
  expect(answer.status, `${path}: ${JSON.stringify(json)}`).toBe(200);
  return json;
}

export const misbehave = (switches: Partial<Misbehaviour>) => standIn('misbehave', switches);
export const behave = () => standIn('reset', {});
/** A refund of `amount` (all of what is left when not given), as the seller's panel does it: Mercado Pago notifies the change. */
/** Mercado Pago delivers the payment's notification again now (its panel's resend), with the switches as they are. */
export const notify = (paymentId: string) => standIn(`payments/${paymentId}/notify`, {});
export const refund = (paymentId: string, amount?: number) => standIn(`payments/${paymentId}/refund`, amount === undefined ? {} : { amount });

/** The payment as Mercado Pago has it, and each delivery of its notification with the status the product answered. */
export async function delivered(paymentId: string): Promise<{ payment: StandInPayment; deliveries: Delivery[] }> {
  return (await standIn(`payments/${paymentId}`)) as unknown as { payment: StandInPayment; deliveries: Delivery[] };
}

/** The statuses the product answered this payment's notifications with, oldest first. */
export const answered = async (paymentId: string) => (await delivered(paymentId)).deliveries.map((delivery) => delivery.status);

// ─── The party, the host and the guest ───────────────────────────────────────

export interface TestParty {
  readonly code: string;
  readonly hostKey: string;
}

/** A party of the test's own, so its totals are its guests' alone; it takes Mercado Pago, as the deployment has it. */
export async function newParty(baseURL: string, name: string): Promise<TestParty> {
  const made = (await asHost(baseURL, { action: 'create_party', name: `${name} ${Date.now().toString(36)}`, date: '2026-11-28' })) as {
    code: string;
    host_key: string;
  };
  return { code: made.code, hostKey: made.host_key };
}

/** The host on their own phone, on the party's page (its own key opens it). */
export async function hostPage(browser: Browser, baseURL: string, party: TestParty): Promise<Page> {
  const page = await (await browser.newContext({ baseURL, locale: 'es-CL', timezoneId: 'America/Santiago', viewport: { width: 390, height: 844 } })).newPage();
  await page.goto('/anfitrion');
  await signIn(page, party.hostKey);
  await expect(page.getByText(/^Actualizado hace/)).toBeVisible();
  return page;
}

export interface Payer {
  readonly phone: Page;
  readonly guestId: string;
  readonly name: string;
  /** The tab with tip: what the guest owes before paying. */
  readonly tipped: number;
}

/** A guest in the party with Summer Ale 500cc and 300cc on the server ($8.129 with tip). */
export async function payer(browser: Browser, baseURL: string, party: TestParty, name: string): Promise<Payer> {
  const phone = await phoneAt(browser, baseURL, `/f/${party.code}`, name);
  await order(phone, FIRST.query, FIRST.name);
  await order(phone, SECOND.query, SECOND.name);
  await expect(syncLine(phone)).toHaveText(SYNCED);
  const guestId = await guestIdOf(phone);
  await expect.poll(async () => (await query('select 1 from orders where user_id = $1 and active', [guestId])).length).toBe(2);
  return { phone, guestId, name, tipped: 8129 };
}

/** Back on the app's tab: the page shows again and the tab asks the server what is paid (the address it came back to counts for nothing). */
export async function backOnTheTab(phone: Page): Promise<void> {
  const asked = phone.waitForResponse((response) => response.url().endsWith('/rest/v1/rpc/my_tab_status'));
  await phone.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await asked;
}

/**
 * The guest pays through the checkout in the tab it opens: the whole of what is owed ('Ir a pagar'), or `amount`
 * ('Ir a pagar otro monto', 'Monto a pagar'); then the checkout's button. Returns Mercado Pago's payment id, from the
 * address it sends the guest back to.
 */
export async function payThroughCheckout(
  phone: Page,
  how: {
    readonly amount?: number;
    readonly button?: 'Pagar' | 'Rechazar';
    /** Done once the checkout shows, before its button: the checkout needed the payments function, the notification need not find it. */
    readonly beforePaying?: () => Promise<void>;
    /** The stand-in is told to lose the guest's return (`loseReturn`): the checkout ends on its receipt. */
    readonly lostReturn?: boolean;
  } = {},
): Promise<string> {
  await backOnTheTab(phone);
  const tab = consumed(phone);
  const whole = tab.getByRole('button', { name: 'Ir a pagar', exact: true });
  await expect(whole).toBeVisible();
  const opening = phone.waitForEvent('popup');
  if (how.amount === undefined) await whole.click();
  else {
    await tab.getByRole('button', { name: 'Ir a pagar otro monto', exact: true }).click();
    await tab.getByLabel('Monto a pagar').fill(String(how.amount));
    await tab.getByRole('button', { name: 'Pagar con Mercado Pago', exact: true }).click();
  }
  const checkout = await opening;
  if (how.amount !== undefined) await expect(checkout.getByLabel('Monto')).toHaveText(pesos(how.amount));
  const button = checkout.getByRole('button', { name: how.button ?? 'Pagar', exact: true });
  await expect(button).toBeVisible();
  await how.beforePaying?.();
  await button.click();
  let paymentId: string;
  if (how.lostReturn) {
    // The guest never goes back through the checkout's return: its receipt names the payment.
    paymentId = (await checkout.locator('.payment-id').textContent()) ?? '';
  } else {
    // The return's address as it arrived: the app takes Mercado Pago's parameters off it as soon as it runs.
    let back: URL | undefined;
    await checkout.waitForURL((url) => url.origin === new URL(phone.url()).origin && Boolean((back ??= url)));
    paymentId = back?.searchParams.get('payment_id') ?? '';
  }
  await checkout.close();
  expect(paymentId).toMatch(/^\d+$/);
  return paymentId;
}

// ─── What Postgres has, and every screen agreeing with it ────────────────────

export interface Row {
  readonly payment_id: string;
  readonly status: string;
  readonly amount: string;
  readonly refunded_amount: string;
}

/** The guest's payments as the payments function recorded them from Mercado Pago's reads. */
export const recorded = (guestId: string) =>
  query<Row>('select payment_id, status, amount::text, refunded_amount::text from provider_payments where user_id = $1 order by created_at, payment_id', [
    guestId,
  ]);

interface Paid {
  readonly paid_amount: string;
  readonly provider_amount: string | null;
  readonly paid_at: Date;
}

/** What counts as paid on the guest's tab by the one rule (marks plus approved CLP payments less refunds); nothing when nothing counts. */
async function partyPaid(guestId: string): Promise<Paid | undefined> {
  const [paid] = await query<Paid>('select paid_amount::text, provider_amount::text, paid_at from party_paid((select party_id from users where id = $1), $1)', [
    guestId,
  ]);
  return paid;
}

interface HostGuest {
  readonly id: string;
  readonly tipped: number;
  readonly paid_amount: number | null;
  readonly provider_amount: number | null;
}

/**
 * Postgres counts `paid` of the guest's `tipped` (from Mercado Pago alone), and the guest's tab, the host's function
 * and page, and the CSV say the same: 'Pagado $X · HH:MM · Mercado Pago' and 'Debe $Y más' (or no paid line and
 * 'Ir a pagar' when nothing counts), per guest `paid_amount` and `provider_amount`, the party's `paid` and `owed`,
 * 'Pagado' and 'Por cobrar', and each CSV line paid as far as the amount covers it with tip.
 */
export async function everyoneAgrees(guest: Payer, host: Page, party: TestParty, paid: number, csvPaid: readonly ('sí' | 'no')[]): Promise<void> {
  const owed = Math.max(guest.tipped - paid, 0);
  // Postgres, the last judge.
  await expect.poll(async () => Number((await partyPaid(guest.guestId))?.paid_amount ?? 0), { timeout: 20_000 }).toBe(paid);
  const counted = await partyPaid(guest.guestId);
  expect(counted?.provider_amount ?? null).toBe(paid === 0 ? null : String(paid));
  const approved = (await recorded(guest.guestId)).filter((row) => row.status === 'approved');
  expect(approved.reduce((sum, row) => sum + Number(row.amount) - Number(row.refunded_amount), 0)).toBe(paid);

  // The guest's tab, once it asks again.
  await backOnTheTab(guest.phone);
  const line = guest.phone.locator('.paid-mark');
  if (counted) {
    const time = await guest.phone.evaluate(
      (iso) => new Date(iso).toLocaleTimeString('es-CL', { hour: '2-digit', minute: '2-digit', hour12: false }),
      counted.paid_at.toISOString(),
    );
    await expect(line).toHaveText(`Pagado ${pesos(paid)} · ${time} · Mercado Pago${owed > 0 ? ` Debe ${pesos(owed)} más` : ''}`);
  } else {
    await expect(line).toHaveCount(0);
    await expect(consumed(guest.phone).getByRole('button', { name: 'Ir a pagar', exact: true })).toBeVisible();
  }

  // The host's function, as the page reads it, and the page's totals.
  const summary = (await asHost(host.url(), { action: 'party', party: party.code })) as { paid: number; owed: number; guests: HostGuest[] };
  const row = summary.guests.find((candidate) => candidate.id === guest.guestId);
  expect(row).toMatchObject({ tipped: guest.tipped, paid_amount: paid === 0 ? null : paid, provider_amount: paid === 0 ? null : paid });
  expect({ paid: summary.paid, owed: summary.owed }).toEqual({ paid, owed });
  await expect(totalOf(host, 'Pagado')).toHaveText(pesos(paid), { timeout: 10_000 });
  await expect(totalOf(host, 'Por cobrar')).toHaveText(pesos(owed), { timeout: 10_000 });

  // The CSV the host downloads: each line paid as host_orders has it, and as the amount covers it.
  const [download] = await Promise.all([host.waitForEvent('download'), host.getByRole('button', { name: 'Descargar CSV' }).click()]);
  const rows = (await readFile(await download.path(), 'utf8'))
    .slice(1)
    .trimEnd()
    .split('\r\n')
    .slice(1)
    .map((text) => text.split(';'));
  // The tabs' lines say whether they are paid; the money's lines follow: each payment (Pago) and refund (Devuelto).
  const fromCsv = rows
    .filter((row) => row[4] === 'sí' || row[4] === 'no')
    .map(([name, product, price, , paidMark]) => `${name ?? ''}|${product ?? ''}|${price ?? ''}|${paidMark ?? ''}`);
  const paidInCsv = rows.filter((row) => row[0] === guest.name).reduce((sum, row) => sum + Number(row[5] || 0) - Number(row[7] || 0), 0);
  expect(paidInCsv).toBe(paid);
  const [orders] = await query<{ lines: { full_name: string; product_name: string; product_price: number; paid: boolean }[] }>(
    'select public.host_orders(parties.id) as lines from parties where parties.code = $1',
    [party.code],
  );
  expect(fromCsv).toEqual((orders?.lines ?? []).map((order) => `${order.full_name}|${order.product_name}|${order.product_price}|${order.paid ? 'sí' : 'no'}`));
  expect(fromCsv.map((text) => text.split('|').slice(1).join('|'))).toEqual([
    `${FIRST.name}|${FIRST.price}|${csvPaid[0]}`,
    `${SECOND.name}|${SECOND.price}|${csvPaid[1]}`,
  ]);
}
