/**
 * A static host that edits the page on its way (analytics or snippet
 * injection, an edge's HTML rewriting) must not cost the guests the app with
 * no signal: through a proxy that adds one script to index.html, the worker
 * installs and the app reopens offline. And an install that fails anyway is
 * said on the screen, not left silent.
 */
import type { Page } from '@playwright/test';
import { startPageRewriteProxy, type PageRewriteProxy } from '../support/page-rewrite-proxy.ts';
import { enterName, expect, SCREENSHOTS_DIR, test } from './fixtures.ts';

/** docs/product.md: what the status line says when the app could not be kept for use with no signal. */
const NOT_OFFLINE = 'No se pudo preparar la app para usarla sin señal. Vuelve a abrirla con señal para intentarlo de nuevo.';

/** 'ready' once an activated worker controls the page; 'none' when the browser holds no registration (the install failed). */
const offlineState = (page: Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    if (!registration) return 'none';
    return navigator.serviceWorker.controller?.state === 'activated' ? 'ready' : 'installing';
  });

let host: PageRewriteProxy;

test.beforeEach(async ({ baseURL }) => {
  host = await startPageRewriteProxy(new URL((baseURL ?? '').replace('localhost', '127.0.0.1')));
});

test.afterEach(async () => {
  await host.close();
});

test('through a host that adds a script to the page, the app installs and reopens with no signal', async ({ page, context }) => {
  await page.goto(host.url);
  await expect(page.locator('html')).toHaveAttribute('data-host-beacon', 'ran');
  await enterName(page, 'Host Editado');
  await expect(page.getByText('Escribe lo que pediste, Host Editado')).toBeVisible();
  await expect.poll(() => offlineState(page), { timeout: 20_000 }).toBe('ready');
  expect(host.pagesEdited()).toBeGreaterThanOrEqual(1);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText('Escribe lo que pediste, Host Editado')).toBeVisible();
  await expect(page.getByText(NOT_OFFLINE)).toHaveCount(0);
  await page.screenshot({ path: `${SCREENSHOTS_DIR}/host-rewrites-offline.png` });
  await context.setOffline(false);
});

test('an install that fails is said on the status line, in Spanish', async ({ page, context }) => {
  // The worker's own requests for the app's code after the page's fail (the page's go through): the install cannot keep it.
  await context.route('**/assets/index-*.js', (route) => (route.request().serviceWorker() ? route.abort() : route.continue()));
  await page.goto(host.url);
  await expect(page.getByRole('status').filter({ hasText: NOT_OFFLINE })).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => offlineState(page)).toBe('none');
  await page.screenshot({ path: `${SCREENSHOTS_DIR}/host-rewrites-not-offline.png` });
});
