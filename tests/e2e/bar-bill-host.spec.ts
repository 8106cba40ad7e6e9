/**
 * The host's 'Cuenta del bar' against the whole product (issue 32), on a 390 px
 * phone: the owner opens a party, two guests declare part of the bar's bill
 * from their phones, the host pastes a bill of three products (one not on the
 * list), sees the comparison the database has, spreads what nobody declared,
 * and the CSV agrees with Postgres to the peso: the tabs add up to the bill.
 * axe on the preview and the comparison; the section's targets 44 px.
 */
import type { Page } from '@playwright/test';
import { evenPart } from '../../supabase/functions/_shared/bar-bill.ts';
import { formatPesos as pesos } from '../../supabase/functions/_shared/rules.ts';
import { comparisonOf, csvAgrees, figure, sectionAgrees } from './bar-bill-support.ts';
import { enterName, expect, SCREENSHOTS_DIR, test } from './fixtures.ts';
import { axeViolations, HOST_KEY, newPartyOnPage, order, query } from './host-support.ts';

test.skip(HOST_KEY === '', 'npm start gives no host key: the host function is not wired into startProduct');
// axe goes in as an inline script, which the app's policy rightly refuses; csp.spec.ts tests the policy.
test.use({ bypassCSP: true });

test('the host pastes the bar’s bill, compares it, spreads what nobody declared, and the CSV agrees with Postgres', async ({ page, browser, baseURL }) => {
  test.setTimeout(180_000);
  const origin = baseURL ?? '';
  const name = `Cuenta de Ana ${Date.now() % 100_000}`;
  await page.setViewportSize({ width: 390, height: 844 });
  const code = await newPartyOnPage(page, origin, name);

  // Two guests declare part of the bill from their own phones.
  const phones: Page[] = [];
  for (const [guest, query_, product] of [
    ['Ana Cuentas', 'aperol', 'Aperol Spritz'],
    ['Beto Cuentas', 'mojito', 'Mojito'],
  ] as const) {
    const phone = await (await browser.newContext({ baseURL: origin, locale: 'es-CL', viewport: { width: 390, height: 844 } })).newPage();
    await phone.goto(`/f/${code}`);
    await enterName(phone, guest);
    await order(phone, query_, product);
    phones.push(phone);
  }
  await expect
    .poll(
      async () =>
        (await query<{ n: string }>('select count(*) as n from orders join parties on parties.id = orders.party_id where parties.code = $1', [code]))[0]?.n,
    )
    .toBe('2');

  // The bill: three products, one not on the list, prices as a host types them.
  await page.getByRole('tab', { name: 'Cuenta del bar' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Cuenta del bar' });
  await expect(panel.getByText(/Esta fiesta aún no tiene la cuenta del bar\./)).toBeVisible();
  await panel.getByLabel('Líneas de la cuenta del bar').fill('Producto;Cantidad;Precio\naperol spritz;2;6.500\nMOJITO;1;6490\nPichanga de la casa;1;$12.991');
  // Into the table of rows to correct (issue 41): each line's fields as typed, prices as pesos.
  await panel.getByRole('button', { name: 'Llevar a la tabla' }).click();
  for (const [line, product, quantity, price] of [
    [1, 'aperol spritz', '2', '$6.500'],
    [2, 'MOJITO', '1', '$6.490'],
    [3, 'Pichanga de la casa', '1', '$12.991'],
  ] as const) {
    await expect(panel.getByRole('textbox', { name: `Producto, línea ${line}`, exact: true })).toHaveValue(product);
    await expect(panel.getByRole('textbox', { name: `Cantidad, línea ${line}`, exact: true })).toHaveValue(quantity);
    await expect(panel.getByRole('textbox', { name: `Precio unitario, línea ${line}`, exact: true })).toHaveValue(price);
  }
  await expect(panel.getByText('La boleta no trae un total que leer.')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await panel.getByRole('button', { name: 'Guardar la cuenta del bar' }).click();
  await expect(panel.getByText('Cuenta del bar guardada: 3 líneas.')).toBeVisible();

  // The comparison the database has, to the peso.
  const saved = await comparisonOf(code);
  expect(saved).toMatchObject({ billed: 32_481, declared: 12_990, without_owner: 19_491, declared_over: 0 });
  await sectionAgrees(page, saved);
  expect(await axeViolations(page)).toEqual([]);
  for (const control of [
    panel.getByRole('button', { name: 'Repartir lo sin dueño' }),
    panel.getByRole('button', { name: 'Lo pago yo' }),
    page.getByRole('tab', { name: 'Cuenta del bar' }),
  ]) {
    const box = await control.boundingBox();
    expect(Math.min(box?.width ?? 0, box?.height ?? 0)).toBeGreaterThanOrEqual(44);
  }
  await page.screenshot({ path: `${SCREENSHOTS_DIR}/32-host-bill-comparison.png`, fullPage: true });

  // 'Repartir lo sin dueño', confirmed: $19.491 over two guests, the first by id one peso more.
  await panel.getByRole('button', { name: 'Repartir lo sin dueño' }).click();
  await expect(panel.getByText(/Se reparten \$19\.491 entre los 2 invitados con pedidos: \$9\.745 a cada uno/)).toContainText('paga $1 más');
  await panel.getByRole('button', { name: 'Sí, repartir' }).click();
  await expect(figure(page, 'Sin dueño')).toHaveText('$0');
  const parts = await query<{ amount: string }>(
    'select bill_spread_parts.amount from bill_spread_parts join parties on parties.id = bill_spread_parts.party_id where parties.code = $1 order by bill_spread_parts.user_id',
    [code],
  );
  expect(parts.map((part) => Number(part.amount))).toEqual([1, 2].map((rank) => evenPart(19_491, 2, rank)));
  expect((await comparisonOf(code)).without_owner).toBe(0);

  // The CSV: every line of every tab, the parts by name, adding up to the bill; as host_orders has them.
  await page.getByRole('tab', { name: 'Invitados' }).click();
  await expect(page.getByRole('region', { name: 'Totales' }).locator('.total-row', { hasText: 'Total de la fiesta' }).locator('dd')).toHaveText(pesos(32_481));
  const { lines: fromCsv, sum } = await csvAgrees(page, code);
  expect(fromCsv.filter((line) => line.includes('|Parte de lo sin dueño|'))).toHaveLength(2);
  expect(sum).toBe(32_481);
  for (const phone of phones) await phone.context().close();
});
