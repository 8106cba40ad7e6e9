/**
 * The Content-Security-Policy holds the whole guest flow: the app server sends it,
 * and nothing the app does (scripts, styles, the worker, the manifest, the API,
 * the streamed comment) is refused.
 */
import type { Response } from '@playwright/test';
import { addProduct, consumed, enterName, expect, syncLine, test } from './fixtures.ts';

const COMMENT = '¡Salud, po! Esa elección está la raja.';

test('the app server sends the policy and the other security headers', async ({ page, baseURL }) => {
  const response = await page.request.get(baseURL ?? '/');
  const headers = response.headers();
  const policy = headers['content-security-policy'] ?? '';
  expect(policy).toContain("default-src 'self'");
  expect(policy).toContain("script-src 'self'");
  expect(policy).toContain("frame-ancestors 'none'");
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['permissions-policy']).toContain('camera=()');
  expect(headers['cache-control']).toBe('no-cache');
  expect((await page.request.get('/sw.js')).headers()['cache-control']).toBe('no-cache');
});

test('name, orders synced, a streamed comment and a reset: no policy violation', async ({ page, context }) => {
  const violations: string[] = [];
  await page.exposeFunction('reportCspViolation', (violation: string) => violations.push(violation));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation: (violation: string) => void }).reportCspViolation;
      report(`${event.effectiveDirective} refused ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`);
    });
  });
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) violations.push(`console: ${message.text()}`);
  });
  const synced: string[] = [];
  const countWrites = (response: Response) => {
    if (/\/rest\/v1\/orders/.test(response.url()) && [201, 204].includes(response.status())) synced.push(response.request().method());
  };
  page.on('response', countWrites);

  const pageResponse = await page.goto('/');
  expect(await pageResponse?.headerValue('content-security-policy')).toContain("frame-ancestors 'none'");
  await expect(page.locator('meta[http-equiv="Content-Security-Policy"]')).toHaveAttribute('content', /connect-src 'self'/);
  await page.evaluate(() => navigator.serviceWorker.ready);
  // The browser fetches the manifest under the page's policy (manifest-src).
  const cdp = await context.newCDPSession(page);
  const manifest = await cdp.send('Page.getAppManifest');
  expect(manifest.errors).toEqual([]);
  expect(manifest.data).toContain('La Cuenta');

  await enterName(page, 'Con Política');
  await addProduct(page, 'aperol', 'Aperol Spritz');
  await expect(page.getByText(COMMENT)).toBeVisible();
  await addProduct(page, 'tabla irish', 'Tabla Irish');
  await expect(syncLine(page)).toHaveText('Todo sincronizado con el bar.', { timeout: 10_000 });
  await expect.poll(() => synced.filter((method) => method === 'POST').length).toBeGreaterThan(0);

  await page.getByRole('button', { name: 'Mostrar botón resetear' }).click();
  await page.getByRole('button', { name: 'Estaba jugando, resetear lo consumido' }).click();
  await expect(consumed(page).getByText('No has agregado productos.')).toBeVisible();
  await expect.poll(() => synced.includes('PATCH'), { timeout: 10_000 }).toBe(true);
  await page.reload();
  await expect(consumed(page).getByText('No has agregado productos.')).toBeVisible();

  expect(violations).toEqual([]);
});
