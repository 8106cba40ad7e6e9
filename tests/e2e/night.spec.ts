/**
 * A guest's whole night (issue 11): a mistaken tap fixed with Quitar and
 * Deshacer, "otra" in one tap, what a guest says found in the search, the
 * total always at hand, installing, and the comment kept through a reload.
 */
import type { Page } from '@playwright/test';
import pg from 'pg';
import { addProduct, consumed, enterName, expect, guestIdOf, SCREENSHOTS_DIR, syncLine, test } from './fixtures.ts';

async function serverOrders(guestId: string): Promise<{ id: string; product_name: string; active: boolean }[]> {
  const client = new pg.Client({ connectionString: process.env.BAR_TAB_DB_URL });
  await client.connect();
  try {
    const sql = 'select id, product_name, active from orders where user_id = $1 order by created_at';
    return (await client.query<{ id: string; product_name: string; active: boolean }>(sql, [guestId])).rows;
  } finally {
    await client.end();
  }
}

const rows = (page: Page) => consumed(page).getByRole('listitem');
const tipped = (page: Page) => consumed(page).locator('.total-tipped dd');
const search = (page: Page) => page.getByPlaceholder('Pisco Mistral');

test('Quitar takes one pick off at once, Deshacer brings the same order back, on the server and in the other tab', async ({ page, context }) => {
  await page.goto('/');
  await enterName(page, 'Dedo Torpe');
  await addProduct(page, 'aperol', 'Aperol Spritz');
  await addProduct(page, 'tabla irish', 'Tabla Irish');
  const second = await context.newPage();
  await second.goto('/');
  await expect(rows(second)).toHaveCount(2);
  const id = await guestIdOf(page);
  // The line follows the queue a moment behind: the server is the judge.
  await expect.poll(async () => (await serverOrders(id)).length, { timeout: 10_000 }).toBe(2);
  await expect(syncLine(page)).toHaveText('Todo sincronizado con el bar.', { timeout: 10_000 });
  const tabla = (await serverOrders(id)).find((row) => row.product_name === 'Tabla Irish');

  await page.getByRole('button', { name: 'Quitar Tabla Irish' }).click();
  await expect(rows(page)).toHaveText(['Aperol Spritz$6.500']);
  await expect(tipped(page)).toHaveText('$7.150');
  await expect(page.getByText('Quitaste Tabla Irish.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Deshacer' })).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS_DIR}/11-removal-undo.png` });
  await expect(rows(second)).toHaveText(['Aperol Spritz$6.500']);
  await expect
    .poll(async () => (await serverOrders(id)).map((row) => [row.product_name, row.active]), { timeout: 10_000 })
    .toEqual([
      ['Aperol Spritz', true],
      ['Tabla Irish', false],
    ]);

  await page.getByRole('button', { name: 'Deshacer' }).click();
  await expect(rows(page)).toHaveText(['Tabla Irish$16.990', 'Aperol Spritz$6.500']);
  await expect(page.getByText('Quitaste Tabla Irish.')).toHaveCount(0);
  await expect(rows(second)).toHaveText(['Tabla Irish$16.990', 'Aperol Spritz$6.500']);
  await expect
    .poll(async () => (await serverOrders(id)).map((row) => [row.id, row.active]), { timeout: 10_000 })
    .toEqual([
      [expect.any(String), true],
      [tabla?.id, true],
    ]);
  expect(await serverOrders(id)).toHaveLength(2);
});

test('the Deshacer offer goes after a few seconds, and the removal stays', async ({ page }) => {
  await page.goto('/');
  await enterName(page, 'Sin Vuelta');
  await addProduct(page, 'chelada', 'Extra por chelada');
  await page.getByRole('button', { name: 'Quitar Extra por chelada' }).click();
  const undo = page.getByRole('button', { name: 'Deshacer' });
  await expect(undo).toBeVisible();
  await expect(undo).toBeHidden({ timeout: 9_000 });
  await page.reload();
  await expect(consumed(page).getByText('No has agregado productos.')).toBeVisible();
});

test('Otra adds the same product in one tap, each tap once, the total following every tap', async ({ page }) => {
  await page.goto('/');
  await enterName(page, 'Otra Ronda');
  await addProduct(page, 'summer ale 5', 'Summer Ale 500cc');
  const again = page.getByRole('button', { name: 'Otra Summer Ale 500cc' }).first();
  for (const total of ['$9.680', '$14.520', '$19.360']) {
    await again.click();
    await expect(tipped(page)).toHaveText(total);
  }
  await expect(rows(page)).toHaveText(Array<string>(4).fill('Summer Ale 500cc$4.400'));
  await page.screenshot({ path: `${SCREENSHOTS_DIR}/11-otra-three.png`, fullPage: true });
  const id = await guestIdOf(page);
  await expect.poll(async () => (await serverOrders(id)).length, { timeout: 10_000 }).toBe(4);
  await expect(syncLine(page)).toHaveText('Todo sincronizado con el bar.', { timeout: 10_000 });
  const onServer = await serverOrders(id);
  expect(onServer.map((row) => row.product_name)).toEqual(Array<string>(4).fill('Summer Ale 500cc'));
  expect(new Set(onServer.map((row) => row.id)).size).toBe(4);
});

test('the search finds what a guest says, forgives a typo, and says when there is nothing', async ({ page }) => {
  await page.goto('/');
  await enterName(page, 'Buscona');
  const found = page.getByRole('list', { name: 'Productos encontrados' });

  await search(page).fill('cerveza');
  await expect(found.getByRole('button', { name: 'Agregar Summer Ale 500cc' })).toBeVisible();
  await expect(found.getByRole('button', { name: /^Agregar / })).toHaveCount(24);
  await page.screenshot({ path: `${SCREENSHOTS_DIR}/11-search-cerveza.png` });

  for (const word of ['chela', 'schop', 'pinta', 'una chela']) {
    await search(page).fill(word);
    await expect(found.getByRole('button', { name: 'Agregar Guinness 500cc' }), word).toBeVisible();
  }
  await search(page).fill('burger');
  await expect(found.getByRole('button', { name: 'Agregar Hamburguesa Clásica' })).toBeVisible();

  await search(page).fill('pisko');
  await expect(found.getByRole('button', { name: 'Agregar Pisco Mistral 35°' })).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS_DIR}/11-search-pisko.png` });
  await search(page).fill('sumer ale');
  await expect(found.getByRole('button', { name: /^Agregar / })).toHaveText(['Agregar', 'Agregar']);

  await search(page).fill('unicornio');
  await expect(page.getByText('No encontramos «unicornio» en la carta.')).toBeVisible();
  await expect(found).toBeHidden();
  await page.screenshot({ path: `${SCREENSHOTS_DIR}/11-no-results.png` });

  await search(page).fill('tabla irish x');
  await search(page).press('Enter');
  await expect(rows(page)).toHaveText(['Tabla Irish XL$29.990']);
  await expect(search(page)).toHaveValue('');
  await expect(search(page)).toBeFocused();
});

test('a long tab keeps the total at hand at the bottom; a tap goes to the totals and the payment buttons', async ({ page }) => {
  await page.goto('/');
  await enterName(page, 'Cuenta Larga');
  await addProduct(page, 'aperol', 'Aperol Spritz');
  const again = page.getByRole('button', { name: 'Otra Aperol Spritz' }).first();
  for (let tap = 0; tap < 11; tap += 1) await again.click();
  await expect(rows(page)).toHaveCount(12);
  await page.evaluate(() => window.scrollTo(0, 0));
  const bar = page.getByRole('button', { name: /^Total con propina/ });
  await expect(bar).toBeVisible();
  await expect(bar).toContainText('$85.800');
  await expect(bar).toContainText(/Sincronizado|Enviando…/);
  // A link to the party's page or Mercado Pago's button, as the party takes payment.
  const pay = page.getByRole('link', { name: 'Ir a pagar', exact: true }).or(page.getByRole('button', { name: 'Ir a pagar', exact: true }));
  await expect(pay).not.toBeInViewport();
  await page.screenshot({ path: `${SCREENSHOTS_DIR}/11-sticky-total.png` });

  await bar.click();
  await expect(pay).toBeInViewport();
  await expect(consumed(page).getByText('Total con propina')).toBeInViewport();
  await expect(bar).toBeHidden();
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(bar).toBeVisible();
});

test('where the browser offers installing, Instalar La Cuenta opens its prompt', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Instalar La Cuenta' })).toHaveCount(0);
  // Headless Chromium does not offer installing by itself: the browser's event, as it would come.
  await page.evaluate(() => {
    const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: () => {
        (window as unknown as { prompted: number }).prompted = 1;
        return Promise.resolve();
      },
      userChoice: Promise.resolve({ outcome: 'accepted' }),
    });
    window.dispatchEvent(offer);
  });
  const install = page.getByRole('button', { name: 'Instalar La Cuenta' });
  await expect(install).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS_DIR}/11-install-button.png` });
  await install.click();
  expect(await page.evaluate(() => (window as unknown as { prompted?: number }).prompted)).toBe(1);
  await expect(install).toHaveCount(0);
});

test('the comment on screen survives a reload; a reset in one tab clears it in the other', async ({ page, context }) => {
  const COMMENT = '¡Salud, po! Esa elección está la raja.';
  await page.goto('/');
  await enterName(page, 'Memoriosa');
  await addProduct(page, 'aperol', 'Aperol Spritz');
  const comment = page.locator('.order-comment');
  await expect(comment).toHaveText(COMMENT);
  await page.reload();
  await expect(comment).toHaveText(COMMENT);

  const second = await context.newPage();
  await second.goto('/');
  await expect(second.locator('.order-comment')).toHaveText(COMMENT);
  await second.getByRole('button', { name: 'Mostrar botón resetear' }).click();
  await second.getByRole('button', { name: 'Estaba jugando, resetear lo consumido' }).click();
  await expect(comment).toHaveText('');
  await page.reload();
  await expect(comment).toHaveText('');
  await expect(consumed(page).getByText('No has agregado productos.')).toBeVisible();
});
