/**
 * One bar of signal (400 kbit/s each way, 400 ms round trip, every byte
 * through one throttled link): after the first visit the app works with no
 * signal at all, and what the guest adds then reaches the server once the
 * signal is back. Nothing crosses the link twice on the way.
 */
import pg from 'pg';
import type { Page } from '@playwright/test';
import { startThrottleProxy } from '../../scripts/lib/throttle-proxy.ts';
import { addProduct, consumed, enterName, expect, test } from './fixtures.ts';

async function serverOrders(guestId: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: process.env.BAR_TAB_DB_URL });
  await client.connect();
  try {
    return (await client.query<{ product_name: string }>('select product_name from orders where user_id = $1', [guestId])).rows.map((row) => row.product_name);
  } finally {
    await client.end();
  }
}

/** The browser fetches its tab icon for itself, at times twice; the app's own files must come once. */
const FAVICON = '/icons/icon.svg';

/** A service worker controls the page and is activated: its files are all kept. */
const offlineReady = (page: Page) =>
  page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', null, { timeout: 30_000, polling: 100 });

test('a first visit on one bar of signal opens offline right after, and its offline order reaches the server', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const app = new URL(baseURL ?? '');
  const link = await startThrottleProxy({ kbps: 400, rttMs: 400, target: { host: '127.0.0.1', port: Number(app.port) } });
  try {
    await page.goto(link.url);
    await expect(page.getByPlaceholder('Tu nombre real')).toBeVisible({ timeout: 15_000 });
    await offlineReady(page);
    const fetched = link
      .requests()
      .filter((request) => request.method === 'GET' && request.path !== FAVICON)
      .map((request) => request.path);
    expect(
      fetched.filter((path, index) => fetched.indexOf(path) !== index),
      'fetched twice before offline-ready',
    ).toEqual([]);
    expect(fetched).toContain('/sw.js');

    link.setSignal(false);
    await page.reload();
    await enterName(page, 'Llegó Sin Señal');
    await addProduct(page, 'aperol', 'Aperol Spritz');
    await expect(consumed(page).getByRole('listitem')).toHaveText(['Aperol Spritz$6.500']);
    const guestId = await page.evaluate(() => (JSON.parse(localStorage.getItem('user') ?? '{}') as { id: string }).id);
    expect(await serverOrders(guestId)).toEqual([]);

    link.setSignal(true);
    await expect.poll(() => serverOrders(guestId), { timeout: 60_000 }).toEqual(['Aperol Spritz']);
  } finally {
    await link.close();
  }
});
