/**
 * Guests join a party by its link (`/f/<code>`): the name view in that party,
 * the guest's rows on the server in it, the installed app opening into it,
 * a second party's link starting a new tab with the first one kept to read,
 * a code no party has, and no signal inside a party.
 */
import type { Page } from '@playwright/test';
import { addProduct, consumed, enterName, expect, guestIdOf, queueWorkerRegistered, SCREENSHOTS_DIR, syncLine, test } from './fixtures.ts';
import { query } from './host-support.ts';

interface Party {
  readonly id: string;
  readonly code: string;
  readonly name: string;
}

async function openParty(name: string): Promise<Party> {
  const [party] = await query<Party>('insert into parties (code, name, party_date) values (new_party_code(), $1, current_date) returning id, code, name', [
    name,
  ]);
  if (!party) throw new Error('no party made');
  return party;
}

/** The party the server keeps the guest in, and the party of each of their orders. */
async function serverParties(guestId: string): Promise<{ guest: string | undefined; orders: string[] }> {
  const [guest] = await query<{ party_id: string }>('select party_id from users where id = $1', [guestId]);
  const orders = await query<{ party_id: string }>('select party_id from orders where user_id = $1 order by created_at', [guestId]);
  return { guest: guest?.party_id, orders: orders.map((order) => order.party_id) };
}

/** The spec's name view, text for text. */
async function expectNameView(page: Page): Promise<void> {
  await expect(page.getByText('Ingresa tu nombre para continuar', { exact: true })).toBeVisible();
  await expect(page.getByText('Tu nombre real, porfa :)', { exact: true })).toBeVisible();
  await expect(page.getByPlaceholder('Tu nombre real')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continuar' })).toBeVisible();
}

async function waitForOfflineReady(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
  });
}

const earlierParties = (page: Page) => page.getByRole('region', { name: 'Fiestas anteriores' });

test('two guests join two parties by their links, each on the server in their own', async ({ browser }) => {
  const [ana, beto] = [await openParty('Cumpleaños de Ana'), await openParty('Despedida de Beto')];
  const guests: string[] = [];
  for (const [party, name, product] of [
    [ana, 'Invitada de Ana', ['aperol', 'Aperol Spritz']],
    [beto, 'Invitado de Beto', ['tabla irish', 'Tabla Irish']],
  ] as const) {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(`/f/${party.code}`);
      await expectNameView(page);
      if (party === ana) await page.screenshot({ path: `${SCREENSHOTS_DIR}/20-party-name-view.png` });
      await enterName(page, name);
      await addProduct(page, product[0], product[1]);
      await expect(syncLine(page)).toHaveText('Todo sincronizado con el bar.', { timeout: 10_000 });
      guests.push(await guestIdOf(page));

      // The home screen icon opens `/`: the app opens into the party's tab.
      await page.goto('/');
      await expect(page.getByText(`Escribe lo que pediste, ${name}`)).toBeVisible();
      await expect(consumed(page).getByRole('listitem')).toHaveCount(1);
    } finally {
      await context.close();
    }
  }
  expect(await serverParties(guests[0] ?? '')).toEqual({ guest: ana.id, orders: [ana.id] });
  expect(await serverParties(guests[1] ?? '')).toEqual({ guest: beto.id, orders: [beto.id] });
});

test('another party’s link starts a new tab there, and the earlier one stays to read', async ({ page }) => {
  const [first, second] = [await openParty('Cumpleaños de Ana'), await openParty('Despedida de Beto')];
  await page.goto(`/f/${first.code}`);
  await enterName(page, 'Carla Primera');
  await addProduct(page, 'summer ale 5', 'Summer Ale 500cc');
  await addProduct(page, 'aperol', 'Aperol Spritz');
  await expect(syncLine(page)).toHaveText('Todo sincronizado con el bar.', { timeout: 10_000 });
  const firstGuest = await guestIdOf(page);
  await expect(earlierParties(page)).toHaveCount(0);

  await page.goto(`/f/${second.code}`);
  await expectNameView(page);
  const earlier = earlierParties(page);
  await expect(earlier.getByRole('button', { name: 'Ver la cuenta de Carla Primera · Cumpleaños de Ana' })).toBeVisible();
  await enterName(page, 'Carla Segunda');
  await expect(page.getByText('Escribe lo que pediste, Carla Segunda')).toBeVisible();
  await expect(consumed(page).getByText('No has agregado productos.')).toBeVisible();
  await addProduct(page, 'tabla irish', 'Tabla Irish');
  await expect(syncLine(page)).toHaveText('Todo sincronizado con el bar.', { timeout: 10_000 });
  const secondGuest = await guestIdOf(page);
  expect(secondGuest).not.toBe(firstGuest);

  const toggle = earlier.getByRole('button', { name: 'Ver la cuenta de Carla Primera · Cumpleaños de Ana' });
  await toggle.click();
  await expect(earlier.getByRole('button', { name: 'Ocultar la cuenta de Carla Primera · Cumpleaños de Ana' })).toHaveAttribute('aria-expanded', 'true');
  await expect(earlier.getByRole('listitem').getByRole('listitem')).toHaveText(['Aperol Spritz$6.500', 'Summer Ale 500cc$4.400']);
  await expect(earlier.getByText('$10.900')).toBeVisible();
  await expect(earlier.getByText('$11.990')).toBeVisible();
  // Read-only: nothing in it adds, removes or resets.
  await expect(earlier.getByRole('button')).toHaveCount(1);
  await earlier.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENSHOTS_DIR}/20-fiestas-anteriores.png`, fullPage: true });

  // The app opens into the party it was last sent to; the first tab is still the first party's.
  await page.goto('/');
  await expect(page.getByText('Escribe lo que pediste, Carla Segunda')).toBeVisible();
  await expect(consumed(page).getByRole('listitem')).toHaveText(['Tabla Irish$16.990']);
  expect(await serverParties(firstGuest)).toEqual({ guest: first.id, orders: [first.id, first.id] });
  expect(await serverParties(secondGuest)).toEqual({ guest: second.id, orders: [second.id] });

  // The first party's link again: the phone's guest there, with its tab.
  await page.goto(`/f/${first.code}`);
  await expect(page.getByText('Escribe lo que pediste, Carla Primera')).toBeVisible();
  await expect(consumed(page).getByRole('listitem')).toHaveCount(2);
  await expect(earlierParties(page).getByRole('button', { name: 'Ver la cuenta de Carla Segunda · Despedida de Beto' })).toBeVisible();
});

test('a link no party has says so, and nothing else', async ({ page }) => {
  await page.goto('/');
  await enterName(page, 'Dante Previo');
  for (const path of ['/f/codigoquenoexiste0000', '/f/corto']) {
    await page.goto(path);
    await expect(page.getByText('No encontramos esta fiesta.', { exact: true })).toBeVisible();
    await expect(page.getByRole('main')).toHaveText('No encontramos esta fiesta.');
    await expect(page.getByPlaceholder('Tu nombre real')).toHaveCount(0);
    await expect(page.getByPlaceholder('Pisco Mistral')).toHaveCount(0);
  }
  await page.screenshot({ path: `${SCREENSHOTS_DIR}/20-party-not-found.png` });
  // The phone stays with the party it had.
  await page.goto('/');
  await expect(page.getByText('Escribe lo que pediste, Dante Previo')).toBeVisible();
});

test('with no signal inside a party, picks wait on the phone and reach the server in that party', async ({ page, context }) => {
  const party = await openParty('Cumpleaños en el Sótano');
  await page.goto(`/f/${party.code}`);
  await enterName(page, 'Elena Sótano');
  await expect(syncLine(page)).toHaveText('Todo sincronizado con el bar.', { timeout: 10_000 });
  const guest = await guestIdOf(page);

  await context.setOffline(true);
  await addProduct(page, 'summer ale 5', 'Summer Ale 500cc');
  await addProduct(page, 'tabla irish', 'Tabla Irish');
  await expect(syncLine(page)).toHaveText('Sin señal: 2 cambios pendientes, guardados en este teléfono.');
  expect((await serverParties(guest)).orders).toEqual([]);

  await context.setOffline(false);
  await expect(syncLine(page)).toHaveText('Todo sincronizado con el bar.', { timeout: 10_000 });
  expect(await serverParties(guest)).toEqual({ guest: party.id, orders: [party.id, party.id] });
});

test('a never-seen link opened with no signal shows the name view; the server’s refusal later says no party has it', async ({ page, context }) => {
  await page.goto('/');
  await waitForOfflineReady(page);
  await queueWorkerRegistered(page);
  await context.setOffline(true);
  await page.goto('/f/otrocodigoquenoexiste00');
  await expectNameView(page);
  await enterName(page, 'Fabián Sin Señal');
  await addProduct(page, 'aperol', 'Aperol Spritz');
  const guest = await guestIdOf(page);

  await context.setOffline(false);
  await expect(page.getByText('No encontramos esta fiesta.', { exact: true })).toBeVisible({ timeout: 10_000 });
  await expect(page.getByPlaceholder('Pisco Mistral')).toHaveCount(0);
  expect(await query('select id from users where id = $1', [guest])).toEqual([]);
});

test('a guest who joined an ended party with no signal is told it ended once the server refuses them, and nothing reaches it', async ({ page, context }) => {
  const party = await openParty('Asado que ya terminó');
  await query('update parties set closed_at = now() where id = $1', [party.id]);
  await page.goto('/');
  await waitForOfflineReady(page);
  await queueWorkerRegistered(page);
  await context.setOffline(true);
  await page.goto(`/f/${party.code}`);
  await expectNameView(page);
  await enterName(page, 'Tardío Sin Señal');
  await addProduct(page, 'aperol', 'Aperol Spritz');
  const guest = await guestIdOf(page);

  await context.setOffline(false);
  await expect(page.getByText('La fiesta terminó.', { exact: true })).toBeVisible({ timeout: 10_000 });
  await expect(page.getByPlaceholder('Pisco Mistral')).toHaveCount(0);
  await expect(page.getByPlaceholder('Tu nombre real')).toHaveCount(0);
  expect(await query('select id from users where id = $1', [guest])).toEqual([]);
});
