/**
 * Issue 21, the guests' side: a party's list reaches the phones (a changed
 * price within a minute, a sold-out dish gone from search, a new dish found,
 * added and held by the server at its price), 'Ver la carta' browses and adds,
 * and a pick made with no signal at the old price is still taken.
 */
import type { Browser, Page } from '@playwright/test';
import { consumed, enterName, expect, guestIdOf, SCREENSHOTS_DIR, syncLine, test } from './fixtures.ts';
import { query } from './host-support.ts';

interface Party {
  readonly id: string;
  readonly code: string;
}

/** A new party: it starts from the built-in list. */
async function openParty(name: string): Promise<Party> {
  const [party] = await query<Party>('insert into parties (code, name, party_date) values (new_party_code(), $1, current_date) returning id, code', [name]);
  if (!party) throw new Error('no party made');
  return party;
}

/** What the host's page does, through the same SQL the host function calls. */
const host = {
  setPrice: (party: Party, name: string, price: number) => query('select public.host_set_price($1, $2, $3)', [party.id, name, price]),
  soldOut: (party: Party, name: string) => query('select public.host_set_sold_out($1, $2, true)', [party.id, name]),
  add: (party: Party, name: string, price: number, category: string) =>
    query('select public.host_add_product($1, $2, $3, $4)', [party.id, name, price, category]),
};

const listAnswer = (page: Page) => page.waitForResponse((response) => response.url().endsWith('/rest/v1/rpc/party_menu') && response.ok());

/** A new guest of the party, on their own phone, once the phone heard the party's list. */
async function newGuest(browser: Browser, party: Party, name: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(`/f/${party.code}`);
  const heard = listAnswer(page);
  await enterName(page, name);
  await heard;
  return page;
}

const search = (page: Page) => page.getByPlaceholder('Pisco Mistral');
const suggestion = (page: Page, name: string) =>
  page
    .getByRole('list', { name: 'Productos encontrados' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: `Agregar ${name}`, exact: true }) });

async function serverOrders(guestId: string): Promise<[string, number][]> {
  const rows = await query<{ product_name: string; product_price: number }>(
    'select product_name, product_price from orders where user_id = $1 order by created_at',
    [guestId],
  );
  return rows.map((row) => [row.product_name, row.product_price]);
}

test('the host changes Aperol Spritz to $7.000: an open phone’s search shows it within a minute', async ({ browser }) => {
  test.setTimeout(120_000);
  const party = await openParty('Carta: precio');
  const page = await newGuest(browser, party, 'Invitada del Aperol');
  await search(page).fill('aperol');
  await expect(suggestion(page, 'Aperol Spritz')).toContainText('$6.500');

  await host.setPrice(party, 'Aperol Spritz', 7000);
  const changedAt = Date.now();
  await expect(suggestion(page, 'Aperol Spritz')).toContainText('$7.000', { timeout: 60_000 });
  expect(Date.now() - changedAt).toBeLessThan(60_000);
  await page.context().close();
});

test('Tabla Irish sold out: a new guest’s search says it is not on the list', async ({ browser }) => {
  const party = await openParty('Carta: agotado');
  // 'Tabla Irish XL' is found by 'tabla irish' too: the line needs both gone.
  await host.soldOut(party, 'Tabla Irish');
  await host.soldOut(party, 'Tabla Irish XL');
  const page = await newGuest(browser, party, 'Invitado sin tabla');
  await search(page).fill('tabla irish');
  await expect(page.getByText('No encontramos «tabla irish» en la carta.', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Ver la carta' }).click();
  await expect(page.getByRole('region', { name: 'La carta' }).getByRole('button', { name: /^Agregar Tabla Irish/ })).toHaveCount(0);
  await page.context().close();
});

test('Pichanga de la casa at $12.990: found, added, and held by the server at $12.990', async ({ browser }) => {
  const party = await openParty('Carta: plato nuevo');
  await host.add(party, 'Pichanga de la casa', 12990, 'Entradas');
  const page = await newGuest(browser, party, 'Invitada de la pichanga');
  await search(page).fill('pichanga');
  await expect(suggestion(page, 'Pichanga de la casa')).toContainText('$12.990');
  await page.getByRole('button', { name: 'Agregar Pichanga de la casa', exact: true }).click();
  await expect(consumed(page).getByRole('listitem')).toContainText(['Pichanga de la casa$12.990']);
  const guestId = await guestIdOf(page);
  await expect.poll(() => serverOrders(guestId), { timeout: 10_000 }).toEqual([['Pichanga de la casa', 12990]]);
  await page.context().close();
});

test('Ver la carta browses the list by category and adds with one tap', async ({ browser }) => {
  const party = await openParty('Carta: navegar');
  await host.setPrice(party, 'Aperol Spritz', 7000);
  await host.add(party, 'Pichanga de la casa', 12990, 'Entradas');
  const page = await newGuest(browser, party, 'Invitado que mira la carta');
  const toggle = page.getByRole('button', { name: 'Ver la carta' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const list = page.getByRole('region', { name: 'La carta' });
  await expect(list.getByRole('heading', { level: 2 }).first()).toHaveText('Cervezas');
  await expect(list.getByRole('heading', { level: 2 }).nth(1)).toHaveText('Cócteles');
  const aperol = list.getByRole('region', { name: 'Cócteles' }).getByRole('listitem').filter({ hasText: 'Aperol Spritz' });
  await expect(aperol).toContainText('$7.000');
  await page.screenshot({ path: `${SCREENSHOTS_DIR}/60-ver-la-carta.png` });
  const box = await aperol.getByRole('button', { name: 'Agregar Aperol Spritz', exact: true }).boundingBox();
  expect(box?.height).toBeGreaterThanOrEqual(44);
  expect(box?.width).toBeGreaterThanOrEqual(44);
  await aperol.getByRole('button', { name: 'Agregar Aperol Spritz', exact: true }).click();
  await expect(consumed(page).getByRole('listitem')).toContainText(['Aperol Spritz$7.000']);
  await expect(list).toBeHidden();
  await expect(page.getByText('Generando feedback sobre tu pedido, espera unos segundos...')).toBeVisible();
  const guestId = await guestIdOf(page);
  await expect.poll(() => serverOrders(guestId), { timeout: 10_000 }).toEqual([['Aperol Spritz', 7000]]);
  // The comment streams for the party's price, as for any pick.
  await expect(page.locator('.order-comment')).toContainText('la raja', { timeout: 15_000 });
  await page.context().close();
});

test('a pick made with no signal at the old price is taken once the signal is back', async ({ browser }) => {
  test.setTimeout(90_000);
  const party = await openParty('Carta: sótano');
  const page = await newGuest(browser, party, 'Invitada del sótano');
  await expect(syncLine(page)).toHaveText('Todo sincronizado con el bar.', { timeout: 10_000 });
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
  });
  await page.context().setOffline(true);
  await host.setPrice(party, 'Aperol Spritz', 7000);
  // The basement: the list the phone kept, after a reload served by the service worker.
  await page.reload();
  await search(page).fill('aperol');
  await expect(suggestion(page, 'Aperol Spritz')).toContainText('$6.500');
  await page.getByRole('button', { name: 'Agregar Aperol Spritz', exact: true }).click();
  await expect(consumed(page).getByRole('listitem')).toContainText(['Aperol Spritz$6.500']);
  await page.context().setOffline(false);
  const guestId = await guestIdOf(page);
  await expect.poll(() => serverOrders(guestId), { timeout: 20_000 }).toEqual([['Aperol Spritz', 6500]]);
  await expect(syncLine(page)).toHaveText('Todo sincronizado con el bar.', { timeout: 20_000 });
  // And the phone hears the new price now that it has signal again.
  await expect(suggestion(page, 'Aperol Spritz')).toBeHidden();
  await search(page).fill('aperol');
  await expect(suggestion(page, 'Aperol Spritz')).toContainText('$7.000', { timeout: 60_000 });
  await page.context().close();
});
