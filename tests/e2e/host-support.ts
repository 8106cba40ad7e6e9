/** The host's page in the browser tests: the key npm start made, the database, guests' phones, axe. */
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import type * as Axe from 'axe-core';
import pg from 'pg';
import { tippedTotal } from '../../supabase/functions/_shared/rules.ts';
import { addProduct, enterName, expect } from './fixtures.ts';

export const HOST_KEY = process.env.BAR_TAB_HOST_KEY ?? '';
const AXE_SCRIPT = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

export async function query<Row extends pg.QueryResultRow>(sql: string, values: unknown[] = []): Promise<Row[]> {
  const client = new pg.Client({ connectionString: process.env.BAR_TAB_DB_URL });
  await client.connect();
  try {
    return (await client.query<Row>(sql, values)).rows;
  } finally {
    await client.end();
  }
}

/**
 * The default party's sums as the database has them (what `/` guests join and the owner's key opens
 * with no code): every guest's active orders, tip by the integer rule per guest. Other parties' guests
 * (host-parties.spec.ts) are not in it, as they are not on its page.
 */
export async function partySums(): Promise<{ total: number; tipped: number }> {
  const rows = await query<{ total: string }>(
    'select sum(product_price) as total from orders where active and party_id = (select id from parties where is_default) group by user_id',
  );
  const totals = rows.map((row) => Number(row.total));
  return { total: totals.reduce((a, b) => a + b, 0), tipped: totals.map(tippedTotal).reduce((a, b) => a + b, 0) };
}

/**
 * Whether a party takes Mercado Pago, as the host's switch sets it (null: as the deployment has it, the default),
 * for the specs of a party's own payment page: the product runs with Mercado Pago's stand-in, so every party takes it.
 */
export async function partyTakesMercadoPago(partyWhere: string, on: boolean | null, values: unknown[] = []): Promise<void> {
  const party = `(select id from parties where ${partyWhere})`;
  if (on === null) await query(`delete from party_payment_ways where party_id = ${party}`, values);
  else
    await query(
      `insert into party_payment_ways (party_id, mercadopago) select ${party}, ${on} on conflict (party_id) do update set mercadopago = excluded.mercadopago`,
      values,
    );
}

/**
 * The party's own payment page (null: none), as the owner's 'Nueva fiesta' sets it: the build names none (no
 * placeholder), so a spec about paying at a page gives the party one.
 */
export async function partyPaysAt(partyWhere: string, page: string | null, values: unknown[] = []): Promise<void> {
  await query(`update parties set payment_url = $${values.length + 1} where ${partyWhere}`, [...values, page]);
}

/** An earlier run's guests of these names leave, so a repeated run finds one row per name. */
export async function forgetGuests(...names: string[]): Promise<void> {
  const ids = 'select id from users where full_name = any($1)';
  // Their payments and notices too (issue 33): each holds its guest, so a repeated run of a paying spec can forget them.
  for (const table of ['payment_refunds', 'payment_reads', 'provider_payments', 'payment_attempts', 'transfer_notices', 'host_paid_marks'])
    await query(`delete from ${table} where user_id in (${ids})`, [names]);
  await query(`delete from orders where user_id in (${ids})`, [names]);
  await query('delete from users where full_name = any($1)', [names]);
}

/** A guest on their own phone, with their orders on the server. */
export async function guestPhone(browser: Browser, baseURL: string, name: string): Promise<Page> {
  const phone = await (await browser.newContext({ baseURL, locale: 'es-CL', timezoneId: 'America/Santiago', viewport: { width: 390, height: 844 } })).newPage();
  await phone.goto('/');
  await enterName(phone, name);
  return phone;
}

export async function order(phone: Page, query: string, productName: string): Promise<void> {
  await addProduct(phone, query, productName);
}

export const totalOf = (page: Page, label: string) => page.getByRole('region', { name: 'Totales' }).locator('.total-row', { hasText: label }).locator('dd');
export const rowOf = (page: Page, name: string): Locator => page.getByRole('listitem').filter({ has: page.getByRole('button', { name, exact: true }) });

export async function signIn(page: Page, key = HOST_KEY): Promise<void> {
  await page.getByPlaceholder('Clave para organizar').fill(key);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

/** The owner makes a new party on the host's page and lands on it: its code, read from the link the page shows. */
export async function newPartyOnPage(page: Page, origin: string, name: string): Promise<string> {
  await page.goto('/anfitrion');
  await signIn(page);
  await page.getByRole('button', { name: 'Nueva fiesta' }).click();
  await page.getByPlaceholder('Nombre de la fiesta').fill(name);
  await page.getByRole('button', { name: 'Crear fiesta' }).click();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  return ((await page.locator('.host-link a').textContent()) ?? '').slice(`${origin}/f/`.length);
}

export async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE_SCRIPT });
  return page.evaluate(async () => {
    const { axe } = window as unknown as { axe: typeof Axe };
    const results = await axe.run(document, { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] });
    const over = (list: Axe.Result[]) =>
      list.flatMap((result) => result.nodes.map((node) => `${result.id} at ${node.target.join(' ')}: ${node.failureSummary ?? ''}`));
    // axe leaves text over the page's glow (a gradient) undecided: check it again on the glow's lightest colour.
    const before = document.body.style.background;
    document.body.style.background = /rgba?\([^)]*\)/.exec(getComputedStyle(document.body).backgroundImage)?.[0] ?? before;
    const contrast = await axe.run(document, { runOnly: ['color-contrast'] });
    document.body.style.background = before;
    return [...over(results.violations), ...over(contrast.violations), ...over(contrast.incomplete).filter((line) => line.includes('gradient'))];
  });
}

/**
 * Every guest row, once the party is read: the page shows the first who owe most, and 'Ver todos' the rest
 * (the default party gathers the guests of every browser test).
 */
export async function showAllGuests(page: Page): Promise<void> {
  await page.getByText(/^Actualizado hace/).waitFor();
  const more = page.getByRole('button', { name: /^Ver todos \(quedan \d+\)$/ });
  while (await more.isVisible()) await more.click();
}

/** The owner lands on 'Fiestas': the default party (what `/` guests join) is one tap away. */
export async function openDefaultParty(page: Page): Promise<void> {
  await page.locator('.host-party-item', { has: page.locator('.host-party-name', { hasText: /^Fiesta de prueba$/ }) }).click();
  await showAllGuests(page);
}

/** The owner's sign-in, then the default party's page with every guest, where the night's tests begin. */
export async function signInToDefaultParty(page: Page): Promise<void> {
  await signIn(page);
  await openDefaultParty(page);
}

/** Every file the app's worker keeps, by path. */
export const keptPaths = (page: Page): Promise<string[]> =>
  page.evaluate(async () => {
    const names = (await caches.keys()).filter((name) => name.startsWith('bar-tab-shell-'));
    const requests = (await Promise.all(names.map(async (name) => (await caches.open(name)).keys()))).flat();
    return requests.map((request) => new URL(request.url).pathname);
  });

export const HOST_STYLESHEET = /^\/assets\/HostApp-[\w-]+\.css$/;

/**
 * The app's worker keeps the host's page, its code and its stylesheet: on a first visit they load before the worker is
 * in charge, and the page tells the worker once it is idle (src/pwa/keep-loaded.ts). From then on it opens with no signal.
 */
export async function hostPageKept(page: Page): Promise<void> {
  await expect
    .poll(() => keptPaths(page), { timeout: 10_000 })
    .toEqual(expect.arrayContaining([expect.stringMatching(HOST_STYLESHEET), expect.stringMatching(/^\/assets\/HostApp-[\w-]+\.js$/)]));
}

/**
 * No signal. The function is also cut at the context: after a reload the page's requests go past its
 * service worker, and Chromium's offline emulation does not always reach those (seen: a mark arrived "offline").
 */
export async function goOffline(context: BrowserContext): Promise<void> {
  await context.route('**/functions/v1/host', (route) => route.abort('internetdisconnected'));
  await context.setOffline(true);
}

export async function goOnline(context: BrowserContext): Promise<void> {
  await context.unroute('**/functions/v1/host');
  await context.setOffline(false);
}
