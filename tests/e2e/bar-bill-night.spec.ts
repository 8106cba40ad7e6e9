/**
 * Issue 32's night, whole, against the built product: the host opens a party,
 * two guests declare part of the bar's bill, the host pastes a bill of three
 * products; one guest claims a unit ('Es mío'), the other shares one ('Lo
 * compartimos'); both phones race for the last unit and one is told 'Otra
 * persona ya lo reclamó.'; the host taps 'Repartir lo sin dueño' and the tabs
 * add up to the bill exactly; then a guest of honour from the host's page, and
 * the tabs still add up. At every step the guests' tabs, the host's section and
 * the CSV are what Postgres has, to the peso.
 */
import type { Page } from '@playwright/test';
import { formatPesos as pesos } from '../../supabase/functions/_shared/rules.ts';
import {
  agrees,
  asHost,
  claims,
  comparisonOf,
  csvAgrees,
  figure,
  NOTHING_PENDING,
  phoneAt,
  sectionAgrees,
  serverTotal,
  SYNCED,
  tabTotalOf,
} from './bar-bill-support.ts';
import { consumed, expect, guestIdOf, syncLine, test } from './fixtures.ts';
import { HOST_KEY, newPartyOnPage, order, partyPaysAt } from './host-support.ts';

test.skip(HOST_KEY === '', 'npm start gives no host key: the host function is not wired into startProduct');

const SUMMER = 'Summer Ale 500cc';
const GUINNESS = 'Guinness 500cc';
const KILKENNY = 'Kilkenny 500cc';
/** 3 × $4.400 + 2 × $5.990 + 1 × $5.790. */
const BILLED = 30_970;

/** Every guest's 'Total sin propina' on their phone, reopened, once Postgres has the same. */
async function tabsOf(phones: readonly Page[]): Promise<number[]> {
  const totals: number[] = [];
  for (const phone of phones) {
    await phone.reload();
    totals.push(await agrees(phone, await serverTotal(await guestIdOf(phone))));
  }
  return totals;
}

const sum = (figures: readonly number[]) => figures.reduce((a, b) => a + b, 0);

test('the night adds up: bill, claims, a race, the spread and a guest of honour; every screen and the CSV are Postgres’s', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  if (!baseURL) throw new Error('no baseURL');
  const suffix = Date.now().toString(36);

  // The host opens a party from their page.
  await page.setViewportSize({ width: 390, height: 844 });
  const code = await newPartyOnPage(page, baseURL, `Noche ${suffix}`);
  expect(code).not.toBe('');
  // Its guests pay at the party's page, whose address carries the amount 'agrees' reads; the checkout is pay-mercadopago.spec.ts's.
  await asHost(baseURL, { action: 'set_mercadopago', party: code, on: false });
  await partyPaysAt('code = $1', 'https://pago.example/noche', [code]);

  // Two guests declare part of the bill: Ana one Summer Ale, Beto a Guinness.
  const ana = await phoneAt(browser, baseURL, `/f/${code}`, 'Ana Noche');
  const beto = await phoneAt(browser, baseURL, `/f/${code}`, 'Beto Noche');
  await order(ana, 'summer', SUMMER);
  await order(beto, 'guinness 5', GUINNESS);
  await expect(syncLine(ana)).toHaveText(SYNCED);
  await expect(syncLine(beto)).toHaveText(SYNCED);

  // The host pastes the bar's bill: three products.
  await page.getByRole('tab', { name: 'Cuenta del bar' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Cuenta del bar' });
  await panel.getByLabel('Líneas de la cuenta del bar').fill(`Producto;Cantidad;Precio\n${SUMMER};3;4.400\n${GUINNESS};2;$5.990\n${KILKENNY};1;5790`);
  await panel.getByRole('button', { name: 'Llevar a la tabla' }).click();
  await panel.getByRole('button', { name: 'Guardar la cuenta del bar' }).click();
  await expect(panel.getByText('Cuenta del bar guardada: 3 líneas.')).toBeVisible();
  const saved = await comparisonOf(code);
  expect(saved).toMatchObject({ billed: BILLED, declared: 4400 + 5990, without_owner: BILLED - 4400 - 5990, declared_over: 0 });
  await sectionAgrees(page, saved);

  // Ana: 'Es mío' on the second Guinness, at the bill's price, from the bar's bill.
  await ana.reload();
  await beto.reload();
  await expect(claims(ana).getByRole('listitem')).toHaveCount(3);
  await claims(ana)
    .getByRole('button', { name: `Es mío: ${GUINNESS}` })
    .click();
  const anaClaim = consumed(ana).getByRole('listitem').filter({ hasText: 'De la cuenta del bar' });
  await expect(anaClaim).toContainText(GUINNESS);
  await expect(anaClaim).toContainText('$5.990');
  await agrees(ana, 4400 + 5990);

  // Beto: 'Lo compartimos' a Summer Ale between 3: a third of $4.400, to the peso.
  await claims(beto).getByRole('button', { name: 'Lo compartimos' }).first().click();
  await claims(beto).getByLabel(`Entre cuántas personas: ${SUMMER}`).selectOption('3');
  await claims(beto)
    .getByRole('button', { name: `Compartir ${SUMMER} entre 3` })
    .click();
  await agrees(beto, 5990 + 1467);

  // The last whole Summer Ale: both phones tap at once; the server keeps one.
  await ana.reload();
  await beto.reload();
  const summerLeft = (phone: Page) => claims(phone).getByRole('listitem').filter({ hasText: SUMMER });
  await expect(summerLeft(ana)).toContainText('Queda 1');
  await expect(summerLeft(beto)).toContainText('Queda 1');
  await Promise.all([
    claims(ana)
      .getByRole('button', { name: `Es mío: ${SUMMER}` })
      .click(),
    claims(beto)
      .getByRole('button', { name: `Es mío: ${SUMMER}` })
      .click(),
  ]);
  const taken = (phone: Page) => consumed(phone).getByText('Otra persona ya lo reclamó.', { exact: false });
  await expect.poll(async () => (await taken(ana).count()) + (await taken(beto).count()), { timeout: 20_000 }).toBe(1);
  await expect(syncLine(ana)).toHaveText(NOTHING_PENDING, { timeout: 20_000 });
  await expect(syncLine(beto)).toHaveText(NOTHING_PENDING, { timeout: 20_000 });
  const winner = (await taken(ana).count()) === 1 ? beto : ana;
  await agrees(winner, (winner === ana ? 4400 + 5990 : 5990 + 1467) + 4400);

  // The host's section, live: what was claimed is declared; the Kilkenny and two thirds of a Summer Ale have no owner.
  const declared = 4400 + 5990 + 5990 + 1467 + 4400;
  await expect.poll(async () => (await comparisonOf(code)).declared, { timeout: 20_000 }).toBe(declared);
  await expect(figure(page, 'Declarado por los invitados')).toHaveText(pesos(declared), { timeout: 20_000 });
  const claimed = await comparisonOf(code);
  expect(claimed).toMatchObject({ billed: BILLED, without_owner: BILLED - declared, declared_over: 0 });
  await sectionAgrees(page, claimed);

  // 'Repartir lo sin dueño', confirmed: 'Sin dueño' reads $0 and the tabs add up to the bill exactly.
  await panel.getByRole('button', { name: 'Repartir lo sin dueño' }).click();
  await panel.getByRole('button', { name: 'Sí, repartir' }).click();
  await expect(figure(page, 'Sin dueño')).toHaveText('$0', { timeout: 20_000 });
  const spread = await comparisonOf(code);
  expect(spread.without_owner).toBe(0);
  await sectionAgrees(page, spread);
  for (const phone of [ana, beto]) {
    await phone.reload();
    await expect(consumed(phone).getByRole('listitem').filter({ hasText: 'Parte de lo sin dueño' })).toBeVisible();
  }
  expect(sum(await tabsOf([ana, beto]))).toBe(BILLED);
  await page.getByRole('tab', { name: 'Invitados' }).click();
  const partyTotal = page.getByRole('region', { name: 'Totales' }).locator('.total-row', { hasText: 'Total de la fiesta' }).locator('dd');
  await expect(partyTotal).toHaveText(pesos(BILLED), { timeout: 20_000 });
  const beforeHonour = await csvAgrees(page, code);
  expect(beforeHonour.lines.filter((line) => line.includes('|Parte de lo sin dueño|'))).toHaveLength(2);
  expect(beforeHonour.sum).toBe(BILLED);

  // Beto is the guest of honour, from Beto's detail on the host's page.
  await page.getByRole('button', { name: /^Beto Noche/ }).click();
  const honour = page.getByRole('checkbox', { name: 'Invitado de honor: Beto Noche' });
  await honour.check();
  await expect(honour).toBeChecked();
  await expect(page.getByText('Invitado de honor: la fiesta paga su cuenta')).toBeVisible({ timeout: 20_000 });

  // His tab says so and owes $0; Ana's carries his invitation; the tabs still add up to the bill.
  await beto.reload();
  await expect(consumed(beto).getByRole('listitem').filter({ hasText: 'Tu cuenta la paga la fiesta.' })).toBeVisible();
  await expect(tabTotalOf(beto, 'Total sin propina')).toHaveText('$0');
  await ana.reload();
  await expect(consumed(ana).getByRole('listitem').filter({ hasText: 'Invitación a Beto Noche' })).toBeVisible();
  const honoured = await tabsOf([ana, beto]);
  expect(honoured[1]).toBe(0);
  expect(sum(honoured)).toBe(BILLED);

  // The host's screens and the CSV, once more, are Postgres's.
  await expect(partyTotal).toHaveText(pesos(BILLED), { timeout: 20_000 });
  const afterHonour = await csvAgrees(page, code);
  expect(afterHonour.lines.filter((line) => line.includes('|Invitación a Beto Noche|'))).toHaveLength(1);
  expect(afterHonour.sum).toBe(BILLED);
  await page.getByRole('tab', { name: 'Cuenta del bar' }).click();
  await sectionAgrees(page, await comparisonOf(code));
  await ana.context().close();
  await beto.context().close();
});
