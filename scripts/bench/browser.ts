/**
 * Browser figures, measured in Debian's Chromium against the whole product:
 * first-load JavaScript (and the tab's chunk that follows the name), the
 * precache, a repeat visit with no network, adding to a tab of 500 orders,
 * back-to-back 'Otra' taps on it, and a search keystroke (all at 4× CPU slowdown).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../playwright.config.ts';
import { median, percentile, type Figure } from './report.ts';

const KB = 1024;
const RUNS = 5;

export interface ServedApp {
  readonly url: string;
  readonly distDir: string;
}

const gzipBytes = async (file: string) => gzipSync(await readFile(file), { level: 9 }).length;

async function newPhone(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'es-CL', isMobile: true, hasTouch: true });
  const page = await context.newPage();
  page.on('crash', () => console.error('page crashed'));
  return { context, page };
}

/**
 * JavaScript the page fetched before the name field became usable, gzip-sized
 * from dist/; then what came once the guest typed a name and went on (the tab's
 * chunk, fetched while the name is typed, and the sync client).
 */
export async function firstLoadJs(browser: Browser, app: ServedApp): Promise<{ first: number; afterName: number }> {
  const { context, page } = await newPhone(browser);
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto(app.url);
  await page.getByPlaceholder('Tu nombre real').waitFor();
  const before = [...new Set(scripts)];
  await page.getByPlaceholder('Tu nombre real').fill('Cliente Nuevo');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByText('No has agregado productos.').waitFor();
  // The sync client (supabase-js) comes with the first flush, a moment after the tab shows.
  await page.waitForLoadState('networkidle');
  const after = [...new Set(scripts)].filter((path) => !before.includes(path));
  await context.close();
  const gzipKb = async (paths: readonly string[]) =>
    (await Promise.all(paths.map((path) => gzipBytes(join(app.distDir, path))))).reduce((sum, size) => sum + size, 0) / KB;
  return { first: await gzipKb(before), afterName: await gzipKb(after) };
}

async function precacheGzip(app: ServedApp): Promise<{ kb: number; entries: number }> {
  const sw = await readFile(join(app.distDir, 'sw.js'), 'utf8');
  const urls = [...new Set([...sw.matchAll(/"url":"([^"]+)"/g)].map((match) => match[1] ?? ''))];
  const sizes = await Promise.all(urls.map((url) => gzipBytes(join(app.distDir, url))));
  return { kb: sizes.reduce((sum, size) => sum + size, 0) / KB, entries: urls.length };
}

/** A guest who has visited once, with `orders` orders already on the phone. */
async function regular(page: Page, app: ServedApp, orders: number): Promise<void> {
  await page.goto(app.url);
  await page.getByPlaceholder('Tu nombre real').fill('Cliente Frecuente');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByText('No has agregado productos.').waitFor();
  await page.evaluate(async (count) => {
    const guest = (JSON.parse(localStorage.getItem('user') ?? '{}') as { id: string }).id;
    const database = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('bar-tab');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(new Error('no database'));
    });
    const tx = database.transaction('orders', 'readwrite');
    for (let index = 0; index < count; index += 1) {
      tx.objectStore('orders').put({
        id: crypto.randomUUID(),
        user_id: guest,
        product_name: 'Summer Ale 500cc',
        product_price: 4400,
        active: true,
        created_at: new Date(Date.UTC(2026, 10, 21, 20, 0, index)).toISOString(),
      });
    }
    await new Promise((resolve) => (tx.oncomplete = resolve));
  }, orders);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
}

/** Navigation start to the tab (with its orders) on screen, served by the service worker with no network. */
async function offlineRepeatVisit(browser: Browser, app: ServedApp): Promise<number> {
  const { context, page } = await newPhone(browser);
  await regular(page, app, 20);
  await page.reload();
  await page.getByText('Productos consumidos').waitFor();
  await context.setOffline(true);
  const times: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    await page.reload();
    await page.locator('.order').first().waitFor();
    times.push(await page.evaluate(() => performance.now()));
  }
  await context.close();
  return median(times);
}

async function slowCpu(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

/** Times from each click on `button` (a CSS selector) to the next change of the totals, kept in the page. */
async function markTapsToTotal(page: Page, button: string): Promise<void> {
  await page.evaluate((selector) => {
    const marks: number[] = [];
    (window as unknown as { tapMarks: number[] }).tapMarks = marks;
    let tappedAt = -1;
    document.addEventListener('click', (event) => {
      if ((event.target as Element).closest(selector)) tappedAt = event.timeStamp;
    }, true);
    // No named helpers in here: tsx's keep-names wrapper does not exist in the page.
    new MutationObserver(() => {
      if (tappedAt >= 0) {
        marks.push(performance.now() - tappedAt);
        tappedAt = -1;
      }
    }).observe(document.querySelector('.totals') ?? document.body, { subtree: true, characterData: true, childList: true });
  }, button);
}

/** A regular's phone with 500 orders on the tab, reloaded, at 4× CPU slowdown. */
async function longTab(browser: Browser, app: ServedApp): Promise<{ context: BrowserContext; page: Page }> {
  const phone = await newPhone(browser);
  await regular(phone.page, app, 500);
  await phone.page.reload();
  await phone.page.locator('.order').nth(499).waitFor();
  await slowCpu(phone.page);
  return phone;
}

async function tapAndWaitForTotal(page: Page, tap: () => Promise<void>): Promise<void> {
  const before = await page.locator('.total-tipped dd').textContent();
  // A tap can miss when the page moved under the pointer (a comment grew): tap again.
  for (let attempt = 1; ; attempt += 1) {
    await tap();
    const changed = await page
      .waitForFunction((text) => document.querySelector('.total-tipped dd')?.textContent !== text, before, { timeout: 3000 })
      .then(() => true, () => false);
    if (changed) return;
    if (attempt === 3) throw new Error('three taps and the total did not change');
  }
}

/**
 * A guest's tap on the first `selector`: the pointer down and up at its centre,
 * with none of the test runner's own checks running in the page in between.
 */
async function tapFirst(page: Page, selector: string): Promise<void> {
  const centre = await page.evaluate((wanted) => {
    const box = document.querySelector(wanted)?.getBoundingClientRect();
    return box ? { x: box.x + box.width / 2, y: box.y + box.height / 2 } : null;
  }, selector);
  if (!centre) throw new Error(`nothing matches ${selector}`);
  await page.mouse.click(centre.x, centre.y);
}

/** From the tap on Agregar to the new total on screen, with 500 orders in the tab. */
export async function addToTab(browser: Browser, app: ServedApp): Promise<number[]> {
  const { context, page } = await longTab(browser, app);
  await markTapsToTotal(page, '.button-add');
  const search = page.getByPlaceholder('Pisco Mistral');
  for (let add = 0; add < 30; add += 1) {
    // As a guest does it: type the search, then tap Agregar.
    await search.pressSequentially('chelada', { delay: 40 });
    await tapAndWaitForTotal(page, () => page.locator('.button-add').first().click());
  }
  const marks = await page.evaluate(() => (window as unknown as { tapMarks: number[] }).tapMarks);
  await context.close();
  return marks;
}

/** 'Otra' on the newest row, tap after tap with nothing typed between: tap to the new total, 500 orders in the tab. */
export async function otraTaps(browser: Browser, app: ServedApp): Promise<number[]> {
  const { context, page } = await longTab(browser, app);
  await markTapsToTotal(page, '.button-again');
  for (let tap = 0; tap < 30; tap += 1) await tapAndWaitForTotal(page, () => tapFirst(page, '.button-again'));
  const marks = await page.evaluate(() => (window as unknown as { tapMarks: number[] }).tapMarks);
  await context.close();
  return marks;
}

/** From a keystroke in the search to the suggestions updated on screen. */
export async function searchKeystroke(browser: Browser, app: ServedApp): Promise<number[]> {
  const { context, page } = await newPhone(browser);
  await regular(page, app, 20);
  await slowCpu(page);
  await page.evaluate(() => {
    const marks: number[] = [];
    (window as unknown as { keyMarks: number[] }).keyMarks = marks;
    let typedAt = -1;
    document.addEventListener('input', (event) => {
      typedAt = event.timeStamp;
    }, true);
    new MutationObserver(() => {
      // The suggestions are in the DOM now; painting waits for the display's next frame, whatever we do.
      if (typedAt >= 0) {
        marks.push(performance.now() - typedAt);
        typedAt = -1;
      }
      // Only keystrokes that change what the guest reads count: suggestions or "nothing found", not an attribute.
    }).observe(document.querySelector('.search') ?? document.body, { subtree: true, childList: true, characterData: true });
  });
  const search = page.getByPlaceholder('Pisco Mistral');
  for (const word of ['cerveza', 'pisco', 'whisky', 'pizza', 'limonada', 'tabla']) {
    await search.fill('');
    await search.pressSequentially(word, { delay: 30 });
  }
  const marks = await page.evaluate(() => (window as unknown as { keyMarks: number[] }).keyMarks);
  await context.close();
  return marks;
}

export async function benchBrowser(app: ServedApp): Promise<Figure[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const loads: { first: number; afterName: number }[] = [];
    for (let run = 0; run < 3; run += 1) loads.push(await firstLoadJs(browser, app));
    const firstLoad = median(loads.map((load) => load.first));
    const afterName = median(loads.map((load) => load.afterName));
    const precache = await precacheGzip(app);
    const offline = await offlineRepeatVisit(browser, app);
    const adds = await addToTab(browser, app);
    const agains = await otraTaps(browser, app);
    const keys = await searchKeystroke(browser, app);
    const add95 = percentile(adds, 95);
    const again95 = percentile(agains, 95);
    const key95 = percentile(keys, 95);
    return [
      { name: 'first-load JavaScript, gzip', value: firstLoad, unit: 'KB', target: '≤ 110', pass: firstLoad <= 110 },
      { name: 'JavaScript after the name (the tab’s chunk, the sync client), gzip', value: afterName, unit: 'KB', target: '', pass: null },
      { name: `precache, gzip (${precache.entries} entries)`, value: precache.kb, unit: 'KB', target: '≤ 350', pass: precache.kb <= 350 },
      { name: 'repeat visit offline: navigation to tab visible', value: offline, unit: 'ms', target: '≤ 500', pass: offline <= 500 },
      { name: 'add to tab (500 orders, 4× CPU): tap to new total, p95', value: add95, unit: 'ms', target: '≤ 50', pass: add95 <= 50 },
      { name: 'Otra taps back to back (500 orders, 4× CPU): tap to new total, p95', value: again95, unit: 'ms', target: '≤ 16', pass: again95 <= 16 },
      { name: `search (4× CPU): keystroke to suggestions, p95 (${keys.length} keystrokes that changed them)`, value: key95, unit: 'ms', target: '≤ 16', pass: key95 <= 16 },
    ];
  } finally {
    await browser.close();
  }
}
