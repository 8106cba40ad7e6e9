/** The bar's bill in the browser tests (issue 32): the host function, guests' phones, the comparison and the tabs as Postgres has them. */
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from '@playwright/test';
import { lineLabel } from '../../src/host/party.ts';
import { formatPesos as pesos, tippedTotal } from '../../supabase/functions/_shared/rules.ts';
import { consumed, enterName, expect, guestIdOf, syncLine } from './fixtures.ts';
import { HOST_KEY, query } from './host-support.ts';

export const SYNCED = 'Todo sincronizado con el bar.';
/** Nothing waiting for the server (a refused claim may still be said on the line). */
export const NOTHING_PENDING = /sincronizado|no aceptado/;

/** The anon key the gateway takes, as every Supabase function call carries it. */
function anonKey(): string {
  const proxies = JSON.parse(process.env.BAR_TAB_PROXIES ?? '[]') as { prefix: string; apiKeys?: string[] }[];
  return proxies.find((proxy) => proxy.prefix === '/rest/v1')?.apiKeys?.[0] ?? '';
}

/** One request to the host function, as the host's page sends it. */
export async function asHost(baseURL: string, body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const key = anonKey();
  const answer = await fetch(new URL('/functions/v1/host', baseURL), {
    method: 'POST',
    headers: { 'content-type': 'application/json', apikey: key, authorization: `Bearer ${key}` },
    body: JSON.stringify({ key: HOST_KEY, ...body }),
  });
  const json = (await answer.json()) as Record<string, unknown>;
  expect(answer.status, JSON.stringify(json)).toBe(200);
  return json;
}

/** A guest on their own phone, in the party at `link`. */
export async function phoneAt(browser: Browser, baseURL: string, link: string, name: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: 'es-CL', timezoneId: 'America/Santiago', viewport: { width: 390, height: 844 } });
  const phone = await context.newPage();
  await phone.goto(link);
  await enterName(phone, name);
  return phone;
}

export const claims = (phone: Page) => phone.getByRole('region', { name: '¿Alguien pidió esto?' });

/** The tab's total without tip as Postgres has it: every line of the guest's tab (orders, claims, parts) by the one rule. */
export async function serverTotal(guestId: string): Promise<number> {
  const [row] = await query<{ total: string | null }>(
    'select sum(amount) as total from party_tab_lines((select party_id from users where id = $1), $1::uuid)',
    [guestId],
  );
  return Number(row?.total ?? 0);
}

/** A total on the guest's tab ('Total sin propina', 'Total con propina'). */
export const tabTotalOf = (phone: Page, label: string) => consumed(phone).locator('.total-row', { hasText: label }).locator('dd');

/** Once the phone's changes reach the server, its totals are Postgres's to the peso. */
export async function agrees(phone: Page, expected: number): Promise<number> {
  const guestId = await guestIdOf(phone);
  await expect.poll(() => serverTotal(guestId), { timeout: 20_000 }).toBe(expected);
  await expect(syncLine(phone)).toHaveText(NOTHING_PENDING);
  const total = await serverTotal(guestId);
  await expect(tabTotalOf(phone, 'Total sin propina')).toHaveText(pesos(total));
  await expect(tabTotalOf(phone, 'Total con propina')).toHaveText(pesos(tippedTotal(total)));
  // A tab that owes nothing (the guest of honour's) offers no 'Ir a pagar' (issue 42).
  const pay = consumed(phone).getByRole('link', { name: 'Ir a pagar', exact: true });
  if (total > 0) await expect(pay).toHaveAttribute('href', new RegExp(`/${tippedTotal(total)}$`));
  else await expect(pay).toHaveCount(0);
  return total;
}

/** A figure of the host's 'Cuenta del bar' section ('Cuenta del bar', 'Declarado por los invitados', 'Sin dueño', 'Declarado de más'). */
export const figure = (page: Page, label: string) =>
  page
    .getByRole('tabpanel', { name: 'Cuenta del bar' })
    .locator('.total-row', { has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .locator('dd');

export interface Comparison {
  readonly billed: number;
  readonly declared: number;
  readonly without_owner: number;
  readonly declared_over: number;
  readonly products: readonly { product: string; billed: number; declared: number; difference: number }[];
}

/** The comparison as host_bill has it. */
export async function comparisonOf(code: string): Promise<Comparison> {
  const [row] = await query<{ bill: Comparison }>('select public.host_bill(parties.id) as bill from parties where parties.code = $1', [code]);
  if (!row) throw new Error('no party');
  return row.bill;
}

/** The host's section shows the comparison the database has, to the peso, figure by figure and product by product. */
export async function sectionAgrees(page: Page, saved: Comparison): Promise<void> {
  await expect(figure(page, 'Cuenta del bar')).toHaveText(pesos(saved.billed));
  await expect(figure(page, 'Declarado por los invitados')).toHaveText(pesos(saved.declared));
  await expect(figure(page, 'Sin dueño')).toHaveText(pesos(saved.without_owner));
  await expect(figure(page, 'Declarado de más')).toHaveText(pesos(saved.declared_over));
  const table = page.getByRole('tabpanel', { name: 'Cuenta del bar' }).getByRole('table', { name: 'Por producto' });
  for (const product of saved.products)
    await expect(table.getByRole('row', { name: new RegExp(`^${product.product}`) })).toHaveText(
      `${product.product}${pesos(product.billed)}${pesos(product.declared)}${pesos(product.difference)}`,
    );
}

/**
 * 'Descargar CSV' on the party's 'Invitados' tab: every line of every tab, `guest|product|price`, checked against
 * host_orders line by line (a claim named as the host reads it, by lineLabel); returns them and what the CSV's
 * Precio column adds up to (the tabs' lines and what the host absorbed: the bill).
 */
export async function csvAgrees(page: Page, code: string): Promise<{ lines: string[]; sum: number }> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Descargar CSV' }).click()]);
  const rows = (await readFile(await download.path(), 'utf8'))
    .slice(1)
    .trimEnd()
    .split('\r\n')
    .slice(1)
    .map((line) => line.split(';'));
  // A tab's line says whether it is paid; the money's lines (payments, refunds, saldo a favor, what the host absorbed) do not.
  const lines = rows.filter((row) => row[4] === 'sí' || row[4] === 'no').map(([guest, product, price]) => `${guest ?? ''}|${product ?? ''}|${price ?? ''}`);
  const [orders] = await query<{ lines: (Parameters<typeof lineLabel>[0] & { full_name: string; product_price: number })[] }>(
    'select public.host_orders(parties.id) as lines from parties where parties.code = $1',
    [code],
  );
  expect(lines).toEqual((orders?.lines ?? []).map((line) => `${line.full_name}|${lineLabel(line)}|${line.product_price}`));
  return { lines, sum: rows.reduce((sum, row) => sum + Number(row[2] || 0), 0) };
}
