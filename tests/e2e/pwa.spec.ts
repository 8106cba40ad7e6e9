import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from '@playwright/test';
import { build } from 'vite';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../playwright.config.ts';
import { startAppServer, type RunningAppServer } from '../../scripts/lib/app-server.ts';
import { addProduct, consumed, enterName, expect, productProxies, SCREENSHOTS_DIR, test } from './fixtures.ts';

const DIST = fileURLToPath(new URL('../../dist', import.meta.url));

/** Resolves once a service worker controls the page, i.e. the shell is precached. */
async function waitForOfflineReady(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
  });
}

interface Screenshot {
  readonly src: string;
  readonly sizes: string;
  readonly type: string;
  readonly form_factor?: string;
  readonly label?: string;
}

/**
 * The screenshots for the richer install sheet, as Chrome wants them: narrow,
 * PNG or JPEG, 320–3840 px, at most 2.3:1, one aspect ratio, sizes that are the real ones.
 */
async function expectNarrowScreenshots(page: Page, manifest: Record<string, unknown>): Promise<void> {
  const shots = (manifest.screenshots ?? []) as Screenshot[];
  expect(shots.length).toBeGreaterThanOrEqual(1);
  const ratios = new Set<string>();
  for (const shot of shots) {
    expect(shot, shot.src).toMatchObject({ form_factor: 'narrow', type: 'image/png', label: expect.any(String) });
    const response = await page.request.get(shot.src);
    expect(response.status(), shot.src).toBe(200);
    expect(response.headers()['content-type'], shot.src).toContain('image/png');
    const png = await response.body();
    // IHDR: width and height, big-endian, right after the 8-byte signature and the chunk's length and type.
    const [width, height] = [png.readUInt32BE(16), png.readUInt32BE(20)];
    expect(`${width}x${height}`, shot.src).toBe(shot.sizes);
    expect(Math.min(width, height)).toBeGreaterThanOrEqual(320);
    expect(Math.max(width, height)).toBeLessThanOrEqual(3840);
    expect(height / width).toBeLessThanOrEqual(2.3);
    expect(height).toBeGreaterThan(width);
    expect(png.length, `${shot.src} stays small`).toBeLessThan(80 * 1024);
    ratios.add((height / width).toFixed(3));
  }
  expect(ratios.size).toBe(1);
}

test('the built app is installable, with the manifest’s fields and icons right', async ({ baseURL }) => {
  const profile = await mkdtemp(join(tmpdir(), 'bar-tab-profile-'));
  // A persistent profile: Playwright's default context is incognito, which is never installable.
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    viewport: { width: 390, height: 844 },
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(baseURL ?? '/');
    await waitForOfflineReady(page);
    // Linked once the app is kept (src/pwa/manifest-link.ts), then fetched by the browser, through the worker.
    await page.locator('link[rel="manifest"]').waitFor({ state: 'attached' });
    await expect.poll(() => page.evaluate(() => caches.match('/manifest.webmanifest').then(Boolean))).toBe(true);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    expect(installabilityErrors).toEqual([]);

    const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as Record<string, unknown> & {
      icons: { src: string; sizes: string; purpose?: string; type: string }[];
    };
    expect(manifest).toMatchObject({
      name: expect.any(String),
      short_name: 'La Cuenta',
      lang: 'es-CL',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#0b1410',
      background_color: '#0b1410',
    });
    const sizes = (purpose: string) => manifest.icons.filter((icon) => (icon.purpose ?? 'any') === purpose).map((icon) => icon.sizes);
    expect(sizes('any')).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(sizes('maskable')).toContain('512x512');
    for (const icon of manifest.icons) {
      const response = await page.request.get(icon.src);
      expect(response.status(), icon.src).toBe(200);
      expect(response.headers()['content-type'], icon.src).toContain(icon.type);
    }
    await expectNarrowScreenshots(page, manifest);
    await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute('href', '/icons/apple-touch-icon.png');
    await expect(page.locator('meta[name="apple-mobile-web-app-capable"]')).toHaveAttribute('content', 'yes');
    await expect(page.locator('meta[name="apple-mobile-web-app-title"]')).toHaveAttribute('content', 'La Cuenta');
    expect((await page.request.get('/icons/apple-touch-icon.png')).status()).toBe(200);
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
});

test('after one visit it opens, shows the tab and takes orders with no signal', async ({ page, context }) => {
  let server: RunningAppServer = await startAppServer({ distDir: DIST, port: 0, proxies: productProxies() });
  const port = new URL(server.url).port;
  try {
    await page.goto(server.url);
    await enterName(page, 'Sin Señal');
    await addProduct(page, 'summer ale 5', 'Summer Ale 500cc');
    await waitForOfflineReady(page);

    // The basement: no network, and the server gone too.
    await server.close();
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByText('Escribe lo que pediste, Sin Señal')).toBeVisible();
    await expect(consumed(page).getByRole('listitem')).toHaveText(['Summer Ale 500cc$4.400']);

    await addProduct(page, 'aperol', 'Aperol Spritz');
    await addProduct(page, 'tabla irish', 'Tabla Irish');
    await page.reload();
    const tab = ['Tabla Irish$16.990', 'Aperol Spritz$6.500', 'Summer Ale 500cc$4.400'];
    await expect(consumed(page).getByRole('listitem')).toHaveText(tab);
    await page.screenshot({ path: `${SCREENSHOTS_DIR}/5-opened-offline.png`, fullPage: true });

    server = await startAppServer({ distDir: DIST, port: Number(port), proxies: productProxies() });
    await context.setOffline(false);
    await page.reload();
    await expect(consumed(page).getByRole('listitem')).toHaveText(tab);
  } finally {
    await server.close();
  }
});

test('a visit that never synced keeps the queue’s code on the phone, so the first seconds of signal in the basement go to the orders', async ({ page }) => {
  const transportRequests: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/transport-[\w-]+\.js$/.test(request.url())) transportRequests.push(request.url());
  });
  await page.goto('/');
  await waitForOfflineReady(page);
  // No name typed, nothing queued: only the page's idle work can have fetched it, and the worker keeps what the page loads.
  await expect
    .poll(() =>
      page.evaluate(async () =>
        (await Promise.all((await caches.keys()).map(async (name) => (await caches.open(name)).keys()))).flat().map((request) => request.url),
      ),
    )
    .toContainEqual(expect.stringMatching(/\/assets\/transport-[\w-]+\.js$/));
  expect(transportRequests).toHaveLength(1);
});

test('a new version waits for the guest’s yes, then loads with every order intact', async ({ page }) => {
  test.setTimeout(120_000);
  const root = await mkdtemp(join(tmpdir(), 'bar-tab-versions-'));
  const builds = { A: join(root, 'a'), B: join(root, 'b') };
  for (const [version, outDir] of Object.entries(builds)) {
    process.env.VITE_APP_VERSION = `prueba-${version}`;
    await build({ logLevel: 'silent', build: { outDir, emptyOutDir: true } });
  }
  delete process.env.VITE_APP_VERSION;
  expect(await readFile(join(builds.B, 'sw.js'), 'utf8')).not.toBe(await readFile(join(builds.A, 'sw.js'), 'utf8'));

  let server = await startAppServer({ distDir: builds.A, port: 0 });
  const port = Number(new URL(server.url).port);
  try {
    await page.goto(server.url);
    await expect(page.getByText('versión prueba-A')).toBeVisible();
    await enterName(page, 'Actualizada');
    await addProduct(page, 'aperol', 'Aperol Spritz');
    await addProduct(page, 'chelada', 'Extra por chelada');
    await waitForOfflineReady(page);

    await server.close();
    server = await startAppServer({ distDir: builds.B, port });
    // A navigation makes the browser check sw.js; B installs and waits.
    await page.reload();
    const prompt = page.getByRole('region', { name: 'Actualización' });
    await expect(prompt).toContainText('Hay una versión nueva', { timeout: 20_000 });
    await expect(page.getByText('versión prueba-A')).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS_DIR}/6-update-prompt.png` });

    await prompt.getByRole('button', { name: 'Actualizar' }).click();
    await expect(page.getByText('versión prueba-B')).toBeVisible({ timeout: 20_000 });
    await expect(prompt).toHaveCount(0);
    await expect(consumed(page).getByRole('listitem')).toHaveText(['Extra por chelada$1.000', 'Aperol Spritz$6.500']);
  } finally {
    await server.close();
    await rm(root, { recursive: true, force: true });
  }
});

test('a browser without IndexedDB gets a clear Spanish message, not a blank page', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(window, 'indexedDB', { value: undefined });
  });
  await page.goto('/');
  await expect(page.getByRole('alert')).toContainText('No podemos guardar tu cuenta en este teléfono');
});
