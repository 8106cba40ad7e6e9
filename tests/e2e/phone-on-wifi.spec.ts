/**
 * A phone that scanned the QR `HOST=0.0.0.0 npm start` prints opens the party
 * at the machine's address on the bar's wifi, over plain http: no secure
 * context, so no crypto.randomUUID and no service worker. The guest still
 * enters a name and orders, and the order reaches the bar. Chromium is told
 * that a name of the wifi is this machine, as the phone's network would.
 */
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../playwright.config.ts';
import { addProduct, consumed, enterName, expect, guestIdOf, syncLine, test } from './fixtures.ts';
import { query } from './host-support.ts';

const WIFI_NAME = 'la-cuenta.wifi.test';

test('a phone on the bar’s wifi, over plain http, enters its name and its order reaches the bar', async ({ baseURL }) => {
  const port = new URL(baseURL ?? '').port;
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, `--host-resolver-rules=MAP ${WIFI_NAME} 127.0.0.1`] });
  try {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, locale: 'es-CL' });
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto(`http://${WIFI_NAME}:${port}/`);
    expect(await page.evaluate(() => window.isSecureContext)).toBe(false);
    await enterName(page, 'Wilma Wifi');
    await addProduct(page, 'tabla', 'Tabla Irish');
    await expect(consumed(page).getByText('Tabla Irish')).toBeVisible();
    const guest = await guestIdOf(page);
    expect(guest).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const ordersOnServer = async () =>
      (await query<{ product_name: string }>('select product_name from orders where user_id = $1', [guest])).map((order) => order.product_name);
    await expect.poll(ordersOnServer).toEqual(['Tabla Irish']);
    await expect(syncLine(page)).toHaveText('Todo sincronizado con el bar.');
    expect(problems).toEqual([]);
  } finally {
    await browser.close();
  }
});
