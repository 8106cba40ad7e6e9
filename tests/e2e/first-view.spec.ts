/**
 * The name view arrives as HTML (build/first-view.ts): a new guest can type,
 * and tap 'Continuar', before the app's JavaScript has arrived, and nothing of
 * it is lost when the app takes the page over; a returning guest never sees it.
 * The main bundle is held on its way here (page.route) until the test lets it
 * go, as one bar of signal would (a first visit: no worker answers yet).
 */
import pg from 'pg';
import type { Page, Route } from '@playwright/test';
import { consumed, expect, test } from './fixtures.ts';

const MAIN_BUNDLE = /\/assets\/index-[\w-]+\.js$/;

/** Holds the main bundle's response (or every script's) until `release` is called. */
async function holdTheApp(page: Page, scripts = MAIN_BUNDLE): Promise<{ release: () => void }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(scripts, async (route: Route) => {
    await released;
    await route.continue();
  });
  return { release };
}

/** React has taken the field over: hydration tags each node it owns (React's own property on the element). */
const hydrated = (page: Page) =>
  page.waitForFunction(() => {
    const input = document.querySelector('input[name="full_name"]');
    return input !== null && Object.keys(input).some((key) => key.startsWith('__reactFiber'));
  });

async function newParty(name: string): Promise<string> {
  const client = new pg.Client({ connectionString: process.env.BAR_TAB_DB_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ code: string }>(
      'insert into parties (code, name, party_date) values (new_party_code(), $1, current_date) returning code',
      [name],
    );
    const [party] = rows;
    if (!party) throw new Error('no party made');
    return party.code;
  } finally {
    await client.end();
  }
}

const storedName = (page: Page) =>
  page.evaluate(() => (JSON.parse(localStorage.getItem('user') ?? 'null') as { full_name?: string } | null)?.full_name ?? null);

test('what a guest types before the app arrives is still there once it has, and “Continuar” then opens their tab', async ({ page }) => {
  const app = await holdTheApp(page);
  await page.goto('/', { waitUntil: 'commit' });
  const field = page.getByPlaceholder('Tu nombre real');
  await expect(page.getByText('Ingresa tu nombre para continuar')).toBeVisible();
  await expect(page.getByText('Tu nombre real, porfa :)')).toBeVisible();
  await field.pressSequentially('Ana Pérez');
  expect(await page.evaluate(() => document.documentElement.hasAttribute('data-app'))).toBe(false);

  app.release();
  await hydrated(page);
  await expect(field).toHaveValue('Ana Pérez');
  // The app's state holds it too: one more letter is added to it, not to an empty name.
  await field.press('End');
  await field.pressSequentially('s');
  await expect(field).toHaveValue('Ana Pérezs');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(consumed(page).getByText('No has agregado productos.')).toBeVisible();
  expect(await storedName(page)).toBe('Ana Pérezs');
});

test('a tap on “Continuar” before the app runs is kept, and goes once it has taken over, by a party’s link too', async ({ page }) => {
  const code = await newParty('Cumple de la Primera Vista');
  const app = await holdTheApp(page);
  await page.goto(`/f/${code}`, { waitUntil: 'commit' });
  await page.getByPlaceholder('Tu nombre real').fill('Beto Temprano');
  await page.getByRole('button', { name: 'Continuar' }).click();
  // Without the app the form would have loaded the page again, the name in its address.
  expect(new URL(page.url()).search).toBe('');
  expect(await storedName(page)).toBeNull();

  app.release();
  await expect(consumed(page).getByText('No has agregado productos.')).toBeVisible();
  expect(await storedName(page)).toBe('Beto Temprano');
  expect(new URL(page.url()).pathname).toBe(`/f/${code}`);
});

test('with no script run at all, “Continuar” still takes the name: the form sends it, and the app takes it from the address', async ({
  page,
  browser,
  baseURL,
}) => {
  const code = await newParty('Cumple sin Guion');
  // The early script is inside the page and runs with it: only a browser that runs no script at all is left to the form.
  const bare = await browser.newContext({ javaScriptEnabled: false, ...(baseURL ? { baseURL } : {}) });
  const noScript = await bare.newPage();
  await noScript.goto(`/f/${code}`);
  await noScript.getByPlaceholder('Tu nombre real').fill('Dani Sin Señal');
  await noScript.getByRole('button', { name: 'Continuar' }).click();
  await noScript.waitForURL((url) => url.searchParams.has('full_name'), { waitUntil: 'commit' });
  const address = noScript.url();
  expect(new URL(address).searchParams.get('full_name')).toBe('Dani Sin Señal');
  await bare.close();

  // The same address where scripts run: the app takes the name from it.
  await page.goto(address);
  await expect(consumed(page).getByText('No has agregado productos.')).toBeVisible();
  expect(await storedName(page)).toBe('Dani Sin Señal');
  // The address is the party's link again, with no name in it.
  expect(new URL(page.url()).pathname).toBe(`/f/${code}`);
  expect(new URL(page.url()).search).toBe('');
});

/**
 * Whether the name field as built could be seen: once as the parser puts it in
 * the page (a MutationObserver, before anything paints), and in every frame
 * until the app runs. With everything cached the app may take over before the
 * first frame, so only the parser's look is sure to happen.
 */
function watchFrames(): void {
  const looks: string[] = [];
  (window as unknown as { looks_: string[] }).looks_ = looks;
  const fieldAsBuilt = () => document.querySelector('#root[data-first-view] input');
  const look = (when: string) => {
    const field = fieldAsBuilt();
    if (field && !document.documentElement.hasAttribute('data-app')) looks.push(`${when}:${getComputedStyle(field).visibility}`);
  };
  const parsed = new MutationObserver(() => {
    if (!fieldAsBuilt()) return;
    parsed.disconnect();
    look('parsed');
  });
  parsed.observe(document, { childList: true, subtree: true });
  const frame = () => {
    look('frame');
    if (!document.documentElement.hasAttribute('data-app')) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

test('a returning guest never sees the name view as built: the worker hands the page out with the early script blocking', async ({ page }) => {
  await page.goto('/');
  await page.getByPlaceholder('Tu nombre real').fill('Carla Vuelve');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(consumed(page).getByText('No has agregado productos.')).toBeVisible();
  await page.waitForFunction(async () => (await navigator.serviceWorker.ready).active?.state === 'activated');

  await page.addInitScript(watchFrames);
  await page.reload();
  await expect(consumed(page).getByText('No has agregado productos.')).toBeVisible();
  const looks = await page.evaluate(() => (window as unknown as { looks_: string[] }).looks_);
  expect(looks[0]).toBe('parsed:hidden');
  expect(looks.filter((look) => !look.endsWith(':hidden'))).toEqual([]);
  expect(await page.evaluate(() => document.querySelector('script[data-early]')?.hasAttribute('async'))).toBe(false);
});

test('with no worker (a first visit after it was cleared), a returning guest’s view as built goes once the early script runs', async ({ page }) => {
  await page.goto('/');
  await page.getByPlaceholder('Tu nombre real').fill('Carla Vuelve');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(consumed(page).getByText('No has agregado productos.')).toBeVisible();

  // The worker would answer the reload from its cache, past page.route: without it, the app comes from the link again.
  await page.evaluate(async () => {
    for (const registration of await navigator.serviceWorker.getRegistrations()) await registration.unregister();
  });
  const app = await holdTheApp(page);
  await page.reload({ waitUntil: 'commit' });
  await page.waitForSelector('#root[data-first-view]', { state: 'attached' });
  await expect(page.getByPlaceholder('Tu nombre real')).toBeHidden();
  await expect(page.getByText('Ingresa tu nombre para continuar')).toBeHidden();

  app.release();
  await expect(consumed(page).getByText('No has agregado productos.')).toBeVisible();
  await expect(page.getByPlaceholder('Tu nombre real')).toHaveCount(0);
});
