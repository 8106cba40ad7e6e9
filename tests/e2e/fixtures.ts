import { test as base, expect, type Page } from '@playwright/test';
import type { Proxy } from '../../scripts/lib/app-server.ts';

export const SCREENSHOTS_DIR = 'test-results/screenshots';

/** Chromium's logs of a request that failed, not of a script that did. */
const FAILED_FETCH = /^(Failed to load resource|An unknown error occurred when fetching the script\.$)/;

interface Fixtures {
  /** Console errors and uncaught exceptions of every page in the test; must stay empty. */
  pageProblems: string[];
}

export const test = base.extend<Fixtures>({
  baseURL: async ({}, use) => {
    const url = process.env.BAR_TAB_URL;
    if (!url) throw new Error('BAR_TAB_URL is not set: the global setup did not start the app');
    await use(url);
  },
  pageProblems: [
    async ({ context }, use) => {
      const problems: string[] = [];
      const watch = (page: Page) => {
        page.on('console', (message) => {
          // Chromium logs every failed request ("Failed to load resource: net::ERR_…", and for a
          // service worker's script "An unknown error occurred when fetching the script."); with no
          // signal those are expected. Script errors are what must never happen.
          if (message.type() === 'error' && !FAILED_FETCH.test(message.text())) {
            problems.push(`console: ${message.text()}`);
          }
        });
        page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      };
      context.pages().forEach(watch);
      context.on('page', watch);
      await use(problems);
      expect(problems, 'console errors or page errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

export async function enterName(page: Page, name: string): Promise<void> {
  await page.getByPlaceholder('Tu nombre real').fill(name);
  await page.getByRole('button', { name: 'Continuar' }).click();
}

export async function addProduct(page: Page, query: string, productName: string): Promise<void> {
  await page.getByPlaceholder('Pisco Mistral').fill(query);
  await page.getByRole('button', { name: `Agregar ${productName}`, exact: true }).click();
}

export const consumed = (page: Page) => page.getByRole('region', { name: 'Productos consumidos' });

/** The same origin's API proxies as the product's, for a test's own server of the same build. */
export function productProxies(): Proxy[] {
  const proxies = JSON.parse(process.env.BAR_TAB_PROXIES ?? '[]') as { prefix: string; target: string; apiKeys?: string[] }[];
  return proxies.map(({ prefix, target, apiKeys }) => ({ prefix, target: () => target, ...(apiKeys ? { apiKeys } : {}) }));
}

/** The guest's id, as the page keeps it. */
export const guestIdOf = (page: Page) => page.evaluate(() => (JSON.parse(localStorage.getItem('user') ?? '{}') as { id: string }).id);

/** The status line about the tab reaching the bar. */
export const syncLine = (page: Page) => page.getByRole('status').filter({ hasText: /sincronizado|pendiente|Sin señal|aceptado|configurado/ });

/**
 * The page registers the queue's worker once a flush went through (src/sync/background-sync.ts); a test that cuts the
 * signal right after waits for it to be active, or Chromium logs the failed fetch of its script.
 */
export async function queueWorkerActive(page: Page): Promise<void> {
  await expect(syncLine(page)).toHaveText('Todo sincronizado con el bar.');
  await queueWorkerRegistered(page);
}

/**
 * The queue's worker, registered after the page's first flush that went through (even with nothing
 * to send), is active: a signal cut while its script is fetched would have Chromium log an error.
 */
export async function queueWorkerRegistered(page: Page): Promise<void> {
  const scope = new URL('/sync-worker/', page.url()).href;
  await page.waitForFunction(async (queueScope) => (await navigator.serviceWorker.getRegistration(queueScope))?.active?.state === 'activated', scope, {
    polling: 100,
  });
}
