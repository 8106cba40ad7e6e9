/**
 * The host's 'Carta' against the whole product, on a 390 px phone: the owner
 * opens a party, changes Aperol Spritz to $7.000, marks Tabla Irish sold out,
 * adds Pichanga de la casa at $12.990, and tries an import with one bad line
 * (nothing saved, the line named) before saving a good one. The database holds
 * each change. axe on the list, the form and the preview;
 * the toggles' 44 px targets. An import of 1,000 lines whose answer is lost
 * is said as the list read again holds it.
 */
import { expect, SCREENSHOTS_DIR, test } from './fixtures.ts';
import { axeViolations, HOST_KEY, newPartyOnPage, query, signIn } from './host-support.ts';

test.skip(HOST_KEY === '', 'npm start gives no host key: the host function is not wired into startProduct');
// axe goes in as an inline script, which the app's policy rightly refuses; csp.spec.ts tests the policy.
test.use({ bypassCSP: true });

interface Listed {
  readonly name: string;
  readonly price: number;
  readonly sold_out: boolean;
}

async function listOf(code: string): Promise<Listed[]> {
  return query<Listed>(
    'select party_products.name, party_products.price, party_products.sold_out from party_products join parties on parties.id = party_products.party_id where parties.code = $1',
    [code],
  );
}

test('the host edits the party’s list: a price, sold out, a new dish, an import all or nothing', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const origin = baseURL ?? '';
  const name = `Carta de Ana ${Date.now() % 100_000}`;
  await page.goto('/anfitrion');
  await signIn(page);
  // The owner lands on 'Fiestas'.
  await page.getByRole('button', { name: 'Nueva fiesta' }).click();
  await expect(page.getByRole('combobox', { name: 'Carta' })).toHaveValue('');
  await page.getByPlaceholder('Nombre de la fiesta').fill(name);
  await page.getByRole('button', { name: 'Crear fiesta' }).click();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  const code = ((await page.locator('.host-link a').textContent()) ?? '').slice(`${origin}/f/`.length);
  // The new party opens on 'Compartir'; its list is a tap away, each category closed until tapped or searched.
  await page.getByRole('tab', { name: 'Carta' }).click();
  const carta = page.getByRole('region', { name: 'Carta' });
  await carta.getByRole('button', { name: /^Cócteles/ }).click();
  await expect(carta.getByRole('textbox', { name: 'Precio de Aperol Spritz', exact: true })).toHaveValue('6500');

  // A price.
  await carta.getByLabel('Buscar en la carta').fill('aperol');
  await carta.getByRole('textbox', { name: 'Precio de Aperol Spritz', exact: true }).fill('7.000');
  await carta.getByRole('listitem').filter({ hasText: 'Aperol Spritz' }).getByRole('button', { name: 'Guardar' }).click();
  await expect(carta.getByRole('listitem').filter({ hasText: 'Aperol Spritz' })).toContainText('$7.000');
  expect((await listOf(code)).find((item) => item.name === 'Aperol Spritz')?.price).toBe(7000);

  // Sold out: a real checkbox with a 44 px target at least.
  await carta.getByLabel('Buscar en la carta').fill('tabla irish');
  const soldOut = carta.getByRole('checkbox', { name: 'Agotado: Tabla Irish', exact: true });
  const target = await carta.locator('label.host-sold-out').first().boundingBox();
  expect(Math.min(target?.width ?? 0, target?.height ?? 0)).toBeGreaterThanOrEqual(44);
  await soldOut.check();
  await expect(soldOut).toBeChecked();
  await expect.poll(async () => (await listOf(code)).find((item) => item.name === 'Tabla Irish')?.sold_out).toBe(true);
  await page.screenshot({ path: `${SCREENSHOTS_DIR}/21-host-menu-1-sold-out.png`, fullPage: true });

  // A new dish, behind 'Agregar un producto' (folded, so the categories come first).
  await carta.getByRole('button', { name: 'Agregar un producto' }).click();
  await carta.getByLabel('Nombre del producto').fill('Pichanga de la casa');
  await carta.getByLabel('Precio', { exact: true }).fill('$12.990');
  await carta.getByLabel('Categoría').fill('Fondos');
  await carta.getByRole('button', { name: 'Agregar a la carta' }).click();
  await expect(carta.getByText('Pichanga de la casa quedó en la carta a $12.990.')).toBeVisible();
  expect((await listOf(code)).find((item) => item.name === 'Pichanga de la casa')).toEqual({ name: 'Pichanga de la casa', price: 12990, sold_out: false });

  // An import with one bad line: the line is named and the button saves nothing.
  const before = await listOf(code);
  await carta.getByRole('button', { name: 'Importar una carta' }).click();
  await carta.getByLabel('Líneas de la carta').fill('Sopaipillas;2.500;Entradas\nChorrillana;50;Entradas');
  const preview = carta.getByRole('region', { name: /^Vista previa/ });
  await expect(preview).toContainText('Línea 2: El precio debe ser un entero de pesos entre $100 y $1.000.000.');
  await expect(carta.getByRole('button', { name: 'Guardar la carta importada' })).toBeDisabled();
  await page.screenshot({ path: `${SCREENSHOTS_DIR}/21-host-menu-2-import-problem.png`, fullPage: true });
  expect(await axeViolations(page)).toEqual([]);
  expect(await listOf(code)).toEqual(before);

  await carta.getByLabel('Líneas de la carta').fill('Sopaipillas;2.500;Entradas\nChorrillana;14990;Entradas');
  await carta.getByRole('button', { name: 'Guardar la carta importada' }).click();
  await expect(carta.getByText('Carta guardada: 2 productos nuevos, 0 cambiados.')).toBeVisible();
  expect(
    (await listOf(code))
      .filter((item) => ['Sopaipillas', 'Chorrillana'].includes(item.name))
      .map((item) => item.price)
      .sort((a, b) => a - b),
  ).toEqual([2500, 14990]);
  await carta.getByLabel('Buscar en la carta').fill('');
  await page.screenshot({ path: `${SCREENSHOTS_DIR}/21-host-menu-3-list.png`, fullPage: true });
  expect(await axeViolations(page)).toEqual([]);
});

test('an import whose answer is lost says what the server holds: nothing when it never got there, La carta quedó guardada. when it did', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const origin = baseURL ?? '';
  const name = `Carta perdida ${Date.now() % 100_000}`;
  const code = await newPartyOnPage(page, origin, name);
  // The new party opens on 'Compartir'; its list is a tap away, each category closed until tapped.
  await page.getByRole('tab', { name: 'Carta' }).click();
  const carta = page.getByRole('region', { name: 'Carta' });
  await carta.getByRole('button', { name: /^Cócteles/ }).click();
  await expect(carta.getByRole('textbox', { name: 'Precio de Aperol Spritz', exact: true })).toHaveValue('6500');
  const before = (await listOf(code)).length;
  const lines = Array.from({ length: 1000 }, (_, index) => `Plato de la casa ${index + 1};${1000 + index};Fondos`).join('\n');
  const imported = async () => (await listOf(code)).filter((item) => item.name.startsWith('Plato de la casa ')).length;
  const isImport = (body: string | null) => (JSON.parse(body ?? '{}') as { action?: string }).action === 'import_menu';

  // The connection drops before the function gets the import: the list read again does not have it.
  await context.route('**/functions/v1/host', (route) => (isImport(route.request().postData()) ? route.abort('connectionreset') : route.continue()));
  await carta.getByRole('button', { name: 'Importar una carta' }).click();
  await carta.getByLabel('Líneas de la carta').fill(lines);
  await expect(carta.getByRole('region', { name: /^Vista previa/ })).toHaveAccessibleName('Vista previa: 1000 productos listos');
  await carta.getByRole('button', { name: 'Guardar la carta importada' }).click();
  await expect(
    carta.getByText('No se guardó nada. El servidor no respondió y la carta sigue como estaba: el cambio no se guardó. Intenta de nuevo.'),
  ).toBeVisible({
    timeout: 20_000,
  });
  expect(await imported()).toBe(0);
  await context.unrouteAll({ behavior: 'wait' });

  // The function saves all 1,000 lines and its answer never comes back: the list read again has them.
  await context.route('**/functions/v1/host', async (route) => {
    if (!isImport(route.request().postData())) return route.continue();
    await route.fetch();
    return route.abort('connectionreset');
  });
  await carta.getByRole('button', { name: 'Guardar la carta importada' }).click();
  await expect(carta.getByText('La carta quedó guardada.', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(carta.getByText(/No se guardó/)).toHaveCount(0);
  expect(await imported()).toBe(1000);
  expect((await listOf(code)).length).toBe(before + 1000);
  await carta.getByRole('button', { name: /^Fondos/ }).click();
  await expect(carta.getByRole('textbox', { name: 'Precio de Plato de la casa 1000', exact: true })).toHaveValue('1999');
  await page.screenshot({ path: `${SCREENSHOTS_DIR}/21-host-menu-4-lost-answer.png` });
});
