/**
 * The host's list for a real night (issue 20): who owes most first, a name
 * search, paid toggles that look finished, no developer text at the sign-in,
 * the two offline layout faults on a 390 px phone, and a paid mark made with
 * no signal that survives a reload and reaches the server when it returns.
 * Screenshots: test-results/screenshots/20-host-*.png.
 */
import type { Browser, Locator, Page } from '@playwright/test';
import { tippedTotal } from '../../supabase/functions/_shared/rules.ts';
import { expect, SCREENSHOTS_DIR, test } from './fixtures.ts';
import {
  axeViolations,
  forgetGuests,
  goOffline,
  goOnline,
  guestPhone,
  HOST_KEY,
  hostPageKept,
  order,
  query,
  rowOf,
  showAllGuests,
  signInToDefaultParty,
} from './host-support.ts';

test.skip(HOST_KEY === '', 'npm start gives no host key: the host function is not wired into startProduct');
// axe goes in as an inline script, which the app's policy rightly refuses; csp.spec.ts tests the policy.
test.use({ bypassCSP: true });

const LONG = 'Fernández';
const SMALL = 'Úrsula Listera';
const BIG = 'Óscar Listero';

const toggleOf = (page: Page, name: string) => rowOf(page, name).getByRole('checkbox', { name: `Pagó ${name}` });

/** How many lines the guest's name takes on screen (the caret aside). */
function nameLines(page: Page, name: string): Promise<number> {
  return page.getByRole('button', { name, exact: true }).evaluate((button) => {
    const range = document.createRange();
    range.selectNodeContents(button.firstChild ?? button);
    return new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top))).size;
  });
}

const topOf = async (locator: Locator) => Math.round((await locator.boundingBox())?.y ?? Number.NaN);

async function guestsOrdered(page: Page): Promise<string[]> {
  const names = await page.locator('.host-guest-name').allTextContents();
  return names.map((name) => name.replace(/[\s▸▾]+$/u, '')).filter((name) => [LONG, SMALL, BIG].includes(name));
}

async function setUpParty(page: Page, browser: Browser, origin: string): Promise<void> {
  await forgetGuests(LONG, SMALL, BIG);
  const small = await guestPhone(browser, origin, SMALL);
  await order(small, 'summer ale 5', 'Summer Ale 500cc');
  const big = await guestPhone(browser, origin, BIG);
  await order(big, 'tabla irish', 'Tabla Irish');
  const long = await guestPhone(browser, origin, LONG);
  await order(long, 'aperol', 'Aperol Spritz');
  await expect
    .poll(
      async () =>
        (await query('select 1 from orders o join users u on u.id = o.user_id where o.active and u.full_name = any($1)', [[LONG, SMALL, BIG]])).length,
      { timeout: 10_000 },
    )
    .toBe(3);
  await Promise.all([small, big, long].map((phone) => phone.context().close()));
  await page.goto('/anfitrion');
}

test('the sign-in speaks to the host, and the list puts who owes most first, with a name search', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  await setUpParty(page, browser, baseURL ?? '');
  const signInCard = page.locator('form.host-sign-in');
  await expect(signInCard).toContainText('Es la clave que La Cuenta le dio a esta fiesta al crearla, o la clave general de esta instalación.');
  await expect(signInCard).not.toContainText(/npm|HOST_KEY|terminal/i);
  await page.screenshot({ path: `${SCREENSHOTS_DIR}/20-host-sign-in.png` });
  await signInToDefaultParty(page);

  await expect(rowOf(page, LONG)).toBeVisible({ timeout: 10_000 });
  await expect(page.getByText('Primero quien debe más; al final, quienes ya pagaron.')).toBeVisible();
  expect(await guestsOrdered(page)).toEqual([BIG, LONG, SMALL]);
  await toggleOf(page, BIG).check();
  await expect.poll(() => guestsOrdered(page)).toEqual([LONG, SMALL, BIG]);
  await expect(toggleOf(page, BIG)).toBeChecked();
  await rowOf(page, LONG).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENSHOTS_DIR}/20-host-list.png`, fullPage: true });

  // The toggle is a real checkbox, a 44 px target at least, and not the browser's grey box.
  const box = await rowOf(page, SMALL).locator('label.host-paid').boundingBox();
  expect(box?.height).toBeGreaterThanOrEqual(44);
  expect(box?.width).toBeGreaterThanOrEqual(44);
  expect(await toggleOf(page, SMALL).evaluate((input) => getComputedStyle(input).appearance)).toBe('none');
  await toggleOf(page, SMALL).focus();
  await page.keyboard.press('Space');
  await expect(toggleOf(page, SMALL)).toBeChecked();
  await toggleOf(page, SMALL).press('Space');
  await expect(toggleOf(page, SMALL)).not.toBeChecked();

  const search = page.getByRole('searchbox', { name: 'Buscar invitado' });
  await search.fill('fernandez');
  await expect(page.locator('.host-guest-name')).toHaveText([`${LONG} ▸`]);
  await expect(page.getByRole('region', { name: 'Totales' })).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS_DIR}/20-host-search.png` });
  await search.fill('Nadie Así');
  await expect(page.getByText('Nadie se llama «Nadie Así».')).toBeVisible();
  await search.fill('');
  await expect(rowOf(page, BIG)).toBeVisible();
  expect(await axeViolations(page), 'the list with its search and toggles').toEqual([]);
});

test('offline on a 390 px phone: a mark waits without squeezing the name, the CSV message leaves Salir in place, and the mark reaches the server after a reload', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await setUpParty(page, browser, baseURL ?? '');
  await signInToDefaultParty(page);
  await expect(rowOf(page, LONG)).toBeVisible({ timeout: 10_000 });
  // No visit in between: the first one's files are kept once the page is idle, its stylesheet too.
  await hostPageKept(page);
  const tipped = tippedTotal(6500);

  await goOffline(context);
  await toggleOf(page, LONG).check();
  await expect(rowOf(page, LONG)).toContainText('Se enviará cuando vuelva la señal.');
  await expect(toggleOf(page, LONG)).toBeChecked();
  expect(await nameLines(page, LONG)).toBe(1);

  // The CSV needs the signal: its message goes under the buttons, and 'Salir' stays beside 'Descargar CSV'.
  const download = page.getByRole('button', { name: 'Descargar CSV' });
  await download.click();
  await expect(page.getByText('Sin señal: el CSV se descarga cuando vuelva la conexión.')).toBeVisible();
  const salir = page.getByRole('button', { name: 'Salir' });
  expect(await topOf(salir)).toBe(await topOf(download));
  // Each button keeps its one line: the message widens neither column.
  expect((await download.boundingBox())?.height).toBe((await salir.boundingBox())?.height);
  expect((await salir.boundingBox())?.width).toBeLessThan(120);
  await rowOf(page, LONG).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENSHOTS_DIR}/20-host-offline-mark.png`, fullPage: true });

  // Kept through a reload with no signal, then sent when the signal returns.
  await page.reload();
  await showAllGuests(page);
  await expect(toggleOf(page, LONG)).toBeChecked();
  await expect(rowOf(page, LONG)).toContainText('Se enviará cuando vuelva la señal.', { timeout: 10_000 });
  expect(await query('select 1 from host_paid_marks m join users u on u.id = m.user_id where u.full_name = $1', [LONG])).toEqual([]);
  await goOnline(context);
  await expect
    .poll(
      async () =>
        (
          await query<{ paid_amount: string }>('select m.paid_amount from host_paid_marks m join users u on u.id = m.user_id where u.full_name = $1', [LONG])
        ).map((row) => Number(row.paid_amount)),
      { timeout: 10_000 },
    )
    .toEqual([tipped]);
  await expect(rowOf(page, LONG)).not.toContainText('Se enviará', { timeout: 10_000 });
  await expect(toggleOf(page, LONG)).toBeChecked();
  // Cleared once a party read after the send shows the mark.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('hostPendingMarks'))).toBeNull();
});

test('a mark the server refuses is said on its own line, and the name keeps its one line', async ({ page, context, browser, baseURL }) => {
  test.setTimeout(120_000);
  await setUpParty(page, browser, baseURL ?? '');
  await signInToDefaultParty(page);
  await expect(rowOf(page, LONG)).toBeVisible({ timeout: 10_000 });
  await context.route('**/functions/v1/host', async (route) => {
    const body = route.request().postDataJSON() as { action?: string };
    if (body.action !== 'paid') return route.fallback();
    return route.fulfill({ status: 404, contentType: 'application/json', body: JSON.stringify({ error: 'Invitado desconocido.' }) });
  });
  // click, not check: the refusal can come back (and untick the box) before check() looks at it.
  await toggleOf(page, LONG).click();
  await expect(rowOf(page, LONG).getByRole('alert')).toHaveText('No se guardó la marca: Invitado desconocido.');
  await expect(toggleOf(page, LONG)).not.toBeChecked();
  expect(await nameLines(page, LONG)).toBe(1);
  const name = await page.getByRole('button', { name: LONG, exact: true }).boundingBox();
  const toggle = await rowOf(page, LONG).locator('label.host-paid').boundingBox();
  expect((name?.x ?? 0) + (name?.width ?? 0)).toBeLessThanOrEqual(toggle?.x ?? 0);
  await rowOf(page, LONG).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENSHOTS_DIR}/20-host-refused.png` });
});
