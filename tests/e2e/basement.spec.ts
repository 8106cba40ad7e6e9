/**
 * No signal is not server trouble (issue 40): the phone keeps its network
 * interface, so `navigator.onLine` stays true and no `online` event ever
 * comes; the link is cut below the browser, by a proxy in front of the whole
 * origin, both ways a basement cuts it: requests failing at once, and
 * requests left hanging with no answer. After an offline reopen the status
 * line tells the truth, and once the link is back the phone finds it on its
 * own and sends at once.
 */
import pg from 'pg';
import type { Page } from '@playwright/test';
import { startThrottleProxy, type Cut } from '../../scripts/lib/throttle-proxy.ts';
import { addProduct, enterName, expect, guestIdOf, syncLine, test } from './fixtures.ts';

async function ordersOnServer(guestId: string): Promise<number> {
  const client = new pg.Client({ connectionString: process.env.BAR_TAB_DB_URL });
  await client.connect();
  try {
    return (await client.query<{ n: number }>('select count(*)::int as n from orders where user_id = $1', [guestId])).rows[0]?.n ?? 0;
  } finally {
    await client.end();
  }
}

/** The app is kept (a worker in charge, activated), and what the page loads once idle (the queue's requests) is kept too. */
async function keptWhole(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', null, { timeout: 30_000, polling: 100 });
  await page.waitForFunction(
    async () => {
      const names = await caches.keys();
      for (const name of names) {
        const keys = await (await caches.open(name)).keys();
        if (keys.some((request) => /\/assets\/transport-[\w-]+\.js$/.test(request.url))) return true;
      }
      return false;
    },
    null,
    { timeout: 30_000, polling: 200 },
  );
}

const CUTS: readonly { cut: Cut; how: string }[] = [
  { cut: 'drop', how: 'requests failing at once' },
  { cut: 'stall', how: 'requests left hanging with no answer' },
];

for (const { cut, how } of CUTS) {
  test(`a basement with ${how}: the line says 'Sin señal' while navigator.onLine is true, and the orders reach Postgres within 2 s of the signal`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const app = new URL(baseURL ?? '');
    // A fast link: what is timed here is the phone finding the signal, not the bytes.
    const link = await startThrottleProxy({ kbps: 50_000, rttMs: 20, target: { host: '127.0.0.1', port: Number(app.port) } });
    try {
      await page.goto(link.url);
      await expect(page.getByPlaceholder('Tu nombre real')).toBeVisible();
      await keptWhole(page);

      link.setSignal(false, cut);
      await page.reload();
      await enterName(page, `Sótano ${cut === 'drop' ? 'Cortado' : 'Colgado'}`);
      await addProduct(page, 'summer ale 5', 'Summer Ale 500cc');
      await addProduct(page, 'aperol', 'Aperol Spritz');
      await addProduct(page, 'tabla irish', 'Tabla Irish');
      await expect(syncLine(page)).toHaveText('Sin señal: 3 cambios pendientes, guardados en este teléfono.', { timeout: 10_000 });
      // The browser never says so: the interface is up, the link below it is not.
      expect(await page.evaluate(() => navigator.onLine)).toBe(true);
      const guestId = await guestIdOf(page);
      expect(await ordersOnServer(guestId)).toBe(0);

      link.setSignal(true);
      await expect.poll(() => ordersOnServer(guestId), { timeout: 2_000, intervals: [50] }).toBe(3);
      await expect(syncLine(page)).toHaveText('Todo sincronizado con el bar.');
    } finally {
      await link.close();
    }
  });
}
