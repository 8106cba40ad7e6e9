import pg from 'pg';
import { addProduct, consumed, enterName, expect, guestIdOf, SCREENSHOTS_DIR, syncLine, test } from './fixtures.ts';
import { partyPaysAt, partyTakesMercadoPago } from './host-support.ts';

const PAYMENT_PAGE = 'https://pago.example/bar-tab';

// These guests pay at the party's page; Mercado Pago's checkout is pay-mercadopago.spec.ts's.
test.beforeAll(async () => {
  await partyTakesMercadoPago('is_default', false);
  await partyPaysAt('is_default', PAYMENT_PAGE);
});
test.afterAll(async () => {
  await partyTakesMercadoPago('is_default', null);
  await partyPaysAt('is_default', null);
});

test.beforeEach(async ({ context }) => {
  // The payment page is outside this machine; answer for it so the new tab loads.
  await context.route(`${PAYMENT_PAGE}**`, (route) => route.fulfill({ contentType: 'text/html', body: '<title>Pago</title><p>Pago</p>' }));
});

test('a guest keeps a tab from name to reset', async ({ page, context }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es-CL');
  await expect(page.getByText('Ingresa tu nombre para continuar')).toBeVisible();
  await expect(page.getByText('Tu nombre real, porfa :)')).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS_DIR}/1-name-entry.png` });

  await enterName(page, 'Jo');
  await expect(page.getByRole('button', { name: 'Continuar' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);

  await enterName(page, '  Ana María  ');
  await expect(page.getByText('Escribe lo que pediste, Ana María')).toBeVisible();
  await expect(consumed(page).getByText('No has agregado productos.')).toBeVisible();

  const search = page.getByPlaceholder('Pisco Mistral');
  await search.fill('p');
  await expect(page.getByRole('button', { name: /^Agregar/ })).toHaveCount(0);
  await search.fill('PISCO mistral');
  await expect(page.getByText('$5.490')).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS_DIR}/2-add-product.png` });
  await page.getByRole('button', { name: 'Agregar Pisco Mistral 35°' }).click();
  await expect(search).toHaveValue('');

  await addProduct(page, 'summer ale 5', 'Summer Ale 500cc');
  await addProduct(page, 'tabla irish', 'Tabla Irish');

  const rows = consumed(page).getByRole('listitem');
  await expect(rows).toHaveText(['Tabla Irish$16.990', 'Summer Ale 500cc$4.400', 'Pisco Mistral 35°$5.490']);
  await expect(consumed(page).getByText('$26.880')).toBeVisible();
  await expect(consumed(page).getByText('$29.568')).toBeVisible();
  await expect(page.getByText('Solo paga al final, cuando ya te hayas ido del bar.')).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS_DIR}/3-consumed-products.png`, fullPage: true });

  await page.reload();
  await expect(rows).toHaveCount(3);
  await expect(page.getByText('Escribe lo que pediste, Ana María')).toBeVisible();

  const [payment] = await Promise.all([context.waitForEvent('page'), page.getByRole('link', { name: 'Ir a pagar', exact: true }).click()]);
  await payment.waitForLoadState();
  expect(payment.url()).toBe(`${PAYMENT_PAGE}/29568`);
  await payment.close();
  const [otherAmount] = await Promise.all([context.waitForEvent('page'), page.getByRole('link', { name: 'Ir a pagar otro monto' }).click()]);
  await otherAmount.waitForLoadState();
  expect(otherAmount.url()).toBe(PAYMENT_PAGE);
  await otherAmount.close();

  await page.getByRole('button', { name: 'Mostrar botón resetear' }).click();
  await page.screenshot({ path: `${SCREENSHOTS_DIR}/4-reset-shown.png`, fullPage: true });
  await page.getByRole('button', { name: 'Estaba jugando, resetear lo consumido' }).click();
  await expect(consumed(page).getByText('No has agregado productos.')).toBeVisible();
  await expect(consumed(page).getByText('$0')).toHaveCount(2);
  await page.reload();
  await expect(consumed(page).getByText('No has agregado productos.')).toBeVisible();
});

/** The guest's orders as Postgres holds them, by product name: active or not. */
async function serverTab(guestId: string): Promise<Record<string, boolean>> {
  const client = new pg.Client({ connectionString: process.env.BAR_TAB_DB_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ product_name: string; active: boolean }>('select product_name, active from orders where user_id = $1', [guestId]);
    return Object.fromEntries(rows.map((row) => [row.product_name, row.active]));
  } finally {
    await client.end();
  }
}

test('a reset can be undone: Deshacer puts the tab back, on the screen and on the server', async ({ page }) => {
  await page.goto('/');
  await enterName(page, 'Arrepentida');
  const guestId = await guestIdOf(page);
  await addProduct(page, 'aperol', 'Aperol Spritz');
  await addProduct(page, 'tabla irish', 'Tabla Irish');
  await addProduct(page, 'summer ale 5', 'Summer Ale 500cc');
  // One taken off before the reset stays off after its undo.
  await page.getByRole('button', { name: 'Quitar Summer Ale 500cc' }).click();
  const rows = consumed(page).getByRole('listitem');
  await expect(rows).toHaveText(['Tabla Irish$16.990', 'Aperol Spritz$6.500']);
  await expect(syncLine(page)).toHaveText('Todo sincronizado con el bar.');
  await expect.poll(() => serverTab(guestId)).toEqual({ 'Aperol Spritz': true, 'Tabla Irish': true, 'Summer Ale 500cc': false });

  await page.getByRole('button', { name: 'Mostrar botón resetear' }).click();
  await page.getByRole('button', { name: 'Estaba jugando, resetear lo consumido' }).click();
  await expect(consumed(page).getByText('No has agregado productos.')).toBeVisible();
  await expect(page.getByText('Reseteaste lo consumido: 2 productos.')).toBeVisible();
  const undo = page.getByRole('button', { name: 'Deshacer' });
  const box = await undo.boundingBox();
  expect(box?.height).toBeGreaterThanOrEqual(44);
  expect(box?.width).toBeGreaterThanOrEqual(44);
  // The reset reaches the server while 'Deshacer' is still offered (the pointer on the toast holds it).
  await undo.hover();
  await expect.poll(() => serverTab(guestId)).toEqual({ 'Aperol Spritz': false, 'Tabla Irish': false, 'Summer Ale 500cc': false });
  await page.screenshot({ path: `${SCREENSHOTS_DIR}/5-reset-undo-offered.png`, fullPage: true });

  await undo.click();
  await expect(rows).toHaveText(['Tabla Irish$16.990', 'Aperol Spritz$6.500']);
  await expect(consumed(page).getByText('$23.490')).toBeVisible();
  await expect(undo).toBeHidden();
  await expect.poll(() => serverTab(guestId)).toEqual({ 'Aperol Spritz': true, 'Tabla Irish': true, 'Summer Ale 500cc': false });
  await expect(syncLine(page)).toHaveText('Todo sincronizado con el bar.');
  await page.reload();
  await expect(rows).toHaveText(['Tabla Irish$16.990', 'Aperol Spritz$6.500']);
});

test('a keyboard user adds with Tab and Enter', async ({ page }) => {
  await page.goto('/');
  await enterName(page, 'Teclado');
  const search = page.getByPlaceholder('Pisco Mistral');
  await search.click();
  await page.keyboard.type('aperol');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Agregar Aperol Spritz' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(consumed(page).getByText('Aperol Spritz')).toBeVisible();
  await expect(search).toBeFocused();
});

test('two tabs of one guest show the same tab live', async ({ page, context }) => {
  await page.goto('/');
  await enterName(page, 'Dos Pestañas');
  const second = await context.newPage();
  await second.goto('/');
  await expect(second.getByText('Escribe lo que pediste, Dos Pestañas')).toBeVisible();
  await addProduct(page, 'aperol', 'Aperol Spritz');
  await expect(consumed(second).getByText('Aperol Spritz')).toBeVisible();
  await addProduct(second, 'chelada', 'Extra por chelada');
  await expect(consumed(page).getByRole('listitem')).toHaveText(['Extra por chelada$1.000', 'Aperol Spritz$6.500']);
});

test('the search field does not move the page while typing', async ({ page }) => {
  await page.goto('/');
  await enterName(page, 'Sin Saltos');
  await addProduct(page, 'aperol', 'Aperol Spritz');
  // Let the pick's comment arrive first: this checks what typing moves.
  await expect(page.locator('.comment-text')).toHaveText(/la raja/);
  const title = consumed(page).getByRole('heading', { name: 'Productos consumidos' });
  const before = await title.boundingBox();
  await page.getByPlaceholder('Pisco Mistral').pressSequentially('cerveza');
  await page.getByPlaceholder('Pisco Mistral').fill('ap');
  expect(await title.boundingBox()).toEqual(before);
});

test('touch targets are at least 44 px', async ({ page }) => {
  await page.goto('/');
  await enterName(page, 'Dedos Grandes');
  await addProduct(page, 'aperol', 'Aperol Spritz');
  await page.getByRole('button', { name: 'Mostrar botón resetear' }).click();
  await page.getByPlaceholder('Pisco Mistral').fill('pisco');
  const controls = page.locator('button:visible, a:visible, input:visible');
  const sizes = await controls.evaluateAll((elements) =>
    elements.map((element) => {
      const box = element.getBoundingClientRect();
      return { name: element.textContent || element.getAttribute('placeholder'), width: box.width, height: box.height };
    }),
  );
  expect(sizes.length).toBeGreaterThan(8);
  for (const size of sizes) {
    expect(size.height, String(size.name)).toBeGreaterThanOrEqual(44);
    expect(size.width, String(size.name)).toBeGreaterThanOrEqual(44);
  }
});

test('the search field shows its placeholder whole beside Ver la carta, from 320 px wide up', async ({ page }) => {
  await page.goto('/');
  await enterName(page, 'Pantalla Chica');
  const field = page.getByPlaceholder('Pisco Mistral');
  const browse = page.getByRole('button', { name: 'Ver la carta' });
  for (const width of [320, 360, 390, 430, 600]) {
    await page.setViewportSize({ width, height: 800 });
    // The placeholder's width in the field's own font, against the room inside the field.
    const room = await field.evaluate((input: HTMLInputElement) => {
      const style = getComputedStyle(input);
      const context = document.createElement('canvas').getContext('2d');
      if (!context) throw new Error('no canvas');
      context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const inside = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return { text: Math.ceil(context.measureText(input.placeholder).width), inside };
    });
    expect(room.text, `${width} px: 'Pisco Mistral' needs ${room.text} px, the field has ${room.inside}`).toBeLessThanOrEqual(room.inside);
    // The same text typed in does not scroll the field either.
    await field.fill('Pisco Mistral');
    expect(await field.evaluate((input: HTMLInputElement) => input.scrollWidth <= input.clientWidth), `${width} px: typed`).toBe(true);
    await field.fill('');
    // 'Ver la carta' stays whole and tappable, beside or under the field, never over it.
    const [fieldBox, browseBox] = [await field.boundingBox(), await browse.boundingBox()];
    if (!fieldBox || !browseBox) throw new Error('both are on screen');
    expect(browseBox.height).toBeGreaterThanOrEqual(44);
    expect(browseBox.x + browseBox.width).toBeLessThanOrEqual(width);
    const apart = browseBox.x >= fieldBox.x + fieldBox.width || browseBox.y >= fieldBox.y + fieldBox.height;
    expect(apart, `${width} px: Ver la carta overlaps the field`).toBe(true);
    expect(await browse.evaluate((button) => button.scrollWidth <= button.clientWidth)).toBe(true);
    if (width === 320 || width === 390) await page.screenshot({ path: `${SCREENSHOTS_DIR}/23-search-${width}.png` });
  }
});
