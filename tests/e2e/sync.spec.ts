import pg from 'pg';
import { addProduct, consumed, enterName, expect, test } from './fixtures.ts';
import type { Page } from '@playwright/test';

async function serverOrders(guestId: string): Promise<{ id: string; active: boolean }[]> {
  const client = new pg.Client({ connectionString: process.env.BAR_TAB_DB_URL });
  await client.connect();
  try {
    return (await client.query<{ id: string; active: boolean }>('select id, active from orders where user_id = $1', [guestId])).rows;
  } finally {
    await client.end();
  }
}

const guestId = (page: Page) => page.evaluate(() => (JSON.parse(localStorage.getItem('user') ?? '{}') as { id: string }).id);
const statusLine = (page: Page) => page.getByRole('status').filter({ hasText: /sincronizado|pendiente|Sin señal|aceptado|configurado/ });

test('orders made with no signal reach Postgres once it returns, and the status line says so', async ({ page, context }) => {
  await page.goto('/');
  await enterName(page, 'Sótano Sin Señal');
  await expect(statusLine(page)).toHaveText('Todo sincronizado con el bar.');
  const id = await guestId(page);

  await context.setOffline(true);
  await addProduct(page, 'summer ale 5', 'Summer Ale 500cc');
  await addProduct(page, 'aperol', 'Aperol Spritz');
  await addProduct(page, 'tabla irish', 'Tabla Irish');
  await expect(statusLine(page)).toHaveText('Sin señal: 3 cambios pendientes, guardados en este teléfono.');
  expect(await serverOrders(id)).toEqual([]);

  // Hold the first upload a moment, so the line can be seen sending.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/rest/v1/orders*', async (route) => {
    await held;
    await route.continue();
  });
  await context.setOffline(false);
  await expect(statusLine(page)).toContainText('Enviando 3 cambios pendientes');
  release();
  await expect(statusLine(page)).toHaveText('Todo sincronizado con el bar.', { timeout: 10_000 });
  const local = await page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('bar-tab');
        open.onerror = () => reject(new Error('no database'));
        open.onsuccess = () => {
          const all = open.result.transaction('orders').objectStore('orders').getAllKeys();
          all.onsuccess = () => resolve((all.result as string[]).sort());
        };
      }),
  );
  expect((await serverOrders(id)).map((row) => row.id).sort()).toEqual(local);
  expect(local).toHaveLength(3);
});

test('a reset reaches Postgres too', async ({ page }) => {
  await page.goto('/');
  await enterName(page, 'Reseteador');
  await addProduct(page, 'aperol', 'Aperol Spritz');
  await addProduct(page, 'chelada', 'Extra por chelada');
  await expect(statusLine(page)).toHaveText('Todo sincronizado con el bar.', { timeout: 10_000 });
  await page.getByRole('button', { name: 'Mostrar botón resetear' }).click();
  await page.getByRole('button', { name: 'Estaba jugando, resetear lo consumido' }).click();
  await expect(consumed(page).getByText('No has agregado productos.')).toBeVisible();
  const id = await guestId(page);
  await expect.poll(async () => (await serverOrders(id)).map((row) => row.active), { timeout: 10_000 }).toEqual([false, false]);
});

test('two tabs of one guest adding at once make no duplicates', async ({ page, context }) => {
  await page.goto('/');
  await enterName(page, 'Dos Pestañas Rápidas');
  const second = await context.newPage();
  await second.goto('/');
  await expect(second.getByText('Escribe lo que pediste, Dos Pestañas Rápidas')).toBeVisible();
  const picks: [string, string][] = [
    ['aperol', 'Aperol Spritz'],
    ['chelada', 'Extra por chelada'],
    ['tabla irish', 'Tabla Irish'],
    ['summer ale 5', 'Summer Ale 500cc'],
  ];
  for (const [query, name] of picks) await Promise.all([addProduct(page, query, name), addProduct(second, query, name)]);
  await expect(consumed(page).getByRole('listitem')).toHaveCount(8);
  await expect(consumed(second).getByRole('listitem')).toHaveCount(8);
  // The line follows the queue a moment behind (it is read again once the queue is still): the server is the judge.
  const id = await guestId(page);
  await expect.poll(async () => (await serverOrders(id)).length, { timeout: 10_000 }).toBe(8);
  await expect(statusLine(page)).toHaveText('Todo sincronizado con el bar.', { timeout: 10_000 });
  await expect(statusLine(second)).toHaveText('Todo sincronizado con el bar.', { timeout: 10_000 });
  const rows = await serverOrders(id);
  expect(rows).toHaveLength(8);
  expect(new Set(rows.map((row) => row.id)).size).toBe(8);
});

test('the queue’s service worker delivers the queue through Background Sync with the app closed', async ({ page, context }) => {
  await page.goto('/');
  await enterName(page, 'Se Fue Sin Señal');
  await expect(statusLine(page)).toHaveText('Todo sincronizado con el bar.');
  const id = await guestId(page);
  const origin = new URL(page.url()).origin;
  // The page registers the queue's worker once a flush went through (src/sync/background-sync.ts). Its id is read
  // while the page is open: with none open, Chromium may not list a worker that controls no page.
  const queueScope = `${origin}/sync-worker/`;
  const watch = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    watch.on(
      'ServiceWorker.workerRegistrationUpdated',
      ({ registrations }: { registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] }) => {
        const queue = registrations.find((registration) => registration.scopeURL === queueScope && !registration.isDeleted);
        if (queue) resolve(queue.registrationId);
      },
    );
  });
  await watch.send('ServiceWorker.enable');
  const queueWorker = await registrationId;
  // Registered is not yet installed: its script must have come while there is signal.
  await page.waitForFunction(async (scope) => (await navigator.serviceWorker.getRegistration(scope))?.active?.state === 'activated', queueScope, {
    polling: 100,
  });

  await context.setOffline(true);
  await addProduct(page, 'aperol', 'Aperol Spritz');
  await expect(statusLine(page)).toContainText('Sin señal: 1 cambio pendiente');
  await page.close();
  await context.setOffline(false);
  expect(await serverOrders(id)).toEqual([]);

  // No page of the app is open now: only the queue's worker can deliver the order.
  const blank = await context.newPage();
  const cdp = await context.newCDPSession(blank);
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.dispatchSyncEvent', { origin, registrationId: queueWorker, tag: 'bar-tab-outbox', lastChance: false });
  await expect.poll(async () => (await serverOrders(id)).length, { timeout: 10_000 }).toBe(1);
});
