/**
 * What the host and a guest need at hand on the night, with the built-in list
 * of 206 products in 22 categories: the party's key copied in one tap, 'Carta'
 * within two screens (its forms folded), the party's name on the guest's tab,
 * and 'Ver la carta' jumping to a category in one tap.
 */
import { addProduct, consumed, enterName, expect, SCREENSHOTS_DIR, test } from './fixtures.ts';
import { signIn } from './host-support.ts';

const SCREEN = { width: 390, height: 844 };

test('the host copies the party’s key, and its Carta of 206 products fits two screens', async ({ page, context, baseURL }) => {
  const origin = baseURL ?? '';
  const name = `Cumpleaños de Tere ${Date.now() % 100_000}`;
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
  await page.setViewportSize(SCREEN);
  await page.goto('/anfitrion');
  await signIn(page);
  await page.getByRole('button', { name: 'Nueva fiesta' }).click();
  await page.getByPlaceholder('Nombre de la fiesta').fill(name);
  await page.getByRole('button', { name: 'Crear fiesta' }).click();

  // Shown this once: 'Copiar' puts it on the clipboard, and it opens the party.
  const keyCard = page.getByRole('region', { name: 'Clave de esta fiesta' });
  const key = ((await keyCard.locator('.host-key-text').textContent()) ?? '').trim();
  expect(key.length).toBeGreaterThan(20);
  await keyCard.getByRole('button', { name: 'Copiar la clave de esta fiesta' }).click();
  await expect(keyCard.getByRole('status')).toHaveText('Clave copiada.');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);

  await page.getByRole('tab', { name: 'Carta' }).click();
  const carta = page.getByRole('region', { name: 'Carta' });
  await expect(carta.getByRole('button', { name: /^Pizzas/ })).toBeVisible();
  await expect(carta.getByRole('button', { name: 'Agregar un producto' })).toHaveAttribute('aria-expanded', 'false');
  await expect(carta.getByRole('button', { name: 'Importar una carta' })).toHaveAttribute('aria-expanded', 'false');
  expect(await carta.locator('.host-menu-toggle').count()).toBe(24);
  const height = (await carta.boundingBox())?.height ?? Infinity;
  expect(height, 'Carta with its 22 categories and two folded forms').toBeLessThanOrEqual(2 * SCREEN.height);
  await page.screenshot({ path: `${SCREENSHOTS_DIR}/44-carta-folded.png`, fullPage: true });
  await carta.getByRole('button', { name: 'Agregar un producto' }).click();
  await expect(carta.getByLabel('Nombre del producto')).toBeVisible();

  // The copied key opens this party alone.
  await page.getByRole('tab', { name: 'Invitados' }).click();
  await page.getByRole('button', { name: 'Salir' }).click();
  await signIn(page, key);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Fiestas' })).toHaveCount(0);
});

test('a guest sees the party’s name on the tab, and Ver la carta jumps to Pizzas in one tap', async ({ page, baseURL }) => {
  const origin = baseURL ?? '';
  const name = `Despedida de Rafa ${Date.now() % 100_000}`;
  await page.goto('/anfitrion');
  await signIn(page);
  await page.getByRole('button', { name: 'Nueva fiesta' }).click();
  await page.getByPlaceholder('Nombre de la fiesta').fill(name);
  await page.getByRole('button', { name: 'Crear fiesta' }).click();
  const link = (await page.locator('.host-link a').textContent()) ?? '';
  expect(link.startsWith(`${origin}/f/`)).toBe(true);

  const guest = await page.context().browser()?.newPage({ viewport: SCREEN, locale: 'es-CL' });
  if (!guest) throw new Error('no second page');
  await guest.goto(link);
  await enterName(guest, 'Rafa Invitade');
  await addProduct(guest, 'tabla', 'Tabla Irish');
  await expect(consumed(guest).getByText('Tabla Irish')).toBeVisible();
  await expect(guest.getByText(name, { exact: true })).toBeVisible();

  await guest.getByRole('button', { name: 'Ver la carta' }).click();
  const list = guest.getByRole('region', { name: 'La carta' });
  const pizzas = list.getByRole('heading', { name: 'Pizzas' });
  await expect(pizzas).not.toBeInViewport();
  await list.getByRole('navigation', { name: 'Categorías de la carta' }).getByRole('button', { name: 'Pizzas' }).click();
  await expect(pizzas).toBeInViewport();
  await expect(pizzas).toBeFocused();
  // The list scrolled to it: the category's heading at the top of the list, its first pizza under it.
  const [listBox, headingBox] = [await list.boundingBox(), await pizzas.boundingBox()];
  expect(Math.abs((headingBox?.y ?? 0) - (listBox?.y ?? 0))).toBeLessThanOrEqual(2);
  await guest.screenshot({ path: `${SCREENSHOTS_DIR}/44-ver-la-carta-pizzas.png` });
  await guest.close();
});
