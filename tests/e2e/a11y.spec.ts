/**
 * axe-core on every state a guest sees: WCAG 2.0/2.1 A and AA plus axe's best
 * practices, with no rule turned off. Zero violations.
 */
import { appendFile, cp, mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import type * as Axe from 'axe-core';
import pg from 'pg';
import { startAppServer } from '../../scripts/lib/app-server.ts';
import { addProduct, consumed, enterName, expect, productProxies, test } from './fixtures.ts';
import { HOST_KEY, signIn } from './host-support.ts';

const AXE_SCRIPT = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
const DIST = fileURLToPath(new URL('../../dist', import.meta.url));
const WAITING = 'Generando feedback sobre tu pedido, espera unos segundos...';
const COMMENT = '¡Salud, po! Esa elección está la raja.';

// axe goes in as an inline script, which the app's policy rightly refuses; csp.spec.ts tests the policy.
test.use({ bypassCSP: true });

interface Finding {
  readonly id: string;
  readonly help: string;
  readonly nodes: readonly { readonly target: string; readonly message: string }[];
}

interface Findings {
  readonly violations: readonly Finding[];
  /** What axe could not decide, such as contrast over a gradient. */
  readonly incomplete: readonly Finding[];
  readonly passed: number;
}

async function runAxe(page: Page, runOnly: readonly string[]): Promise<Findings> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE_SCRIPT });
  return page.evaluate(async (tags) => {
    const { axe } = window as unknown as { axe: typeof Axe };
    const results = await axe.run(document, { runOnly: [...tags] });
    const findings = (list: Axe.Result[]) =>
      list.map((result) => ({
        id: result.id,
        help: result.help,
        nodes: result.nodes.map((node) => ({
          target: node.target.join(' '),
          message: node.failureSummary ?? node.any.map((check) => check.message).join('; '),
        })),
      }));
    return { violations: findings(results.violations), incomplete: findings(results.incomplete), passed: results.passes.length };
  }, runOnly);
}

function report(findings: readonly Finding[]): string {
  return findings.flatMap((finding) => finding.nodes.map((node) => `${finding.id} (${finding.help}) at ${node.target}: ${node.message}`)).join('\n');
}

/**
 * axe leaves text over the page's glow (a gradient) undecided, so contrast is checked again
 * with the page painted in the glow's centre colour: its lightest, the worst case for light text.
 */
async function expectReadableOverTheGlow(page: Page, state: string): Promise<void> {
  const restore = await page.evaluate(() => {
    const glow = /rgba?\([^)]*\)/.exec(getComputedStyle(document.body).backgroundImage)?.[0];
    if (!glow) throw new Error('the page has no background gradient any more: drop this second pass');
    const before = document.body.style.background;
    document.body.style.background = glow;
    return before;
  });
  const contrast = await runAxe(page, ['color-contrast']);
  await page.evaluate((before) => {
    document.body.style.background = before;
  }, restore);
  const undecided = contrast.incomplete.map((finding) => ({
    ...finding,
    nodes: finding.nodes.filter((node) => node.message.includes('gradient')),
  }));
  expect(contrast.violations, `contrast over the glow in ${state}:\n${report(contrast.violations)}`).toEqual([]);
  expect(report(undecided), `contrast axe could not decide in ${state}`).toBe('');
}

async function expectAccessible(page: Page, state: string): Promise<void> {
  const { violations, passed } = await runAxe(page, TAGS);
  expect(violations, `axe violations in ${state}:\n${report(violations)}`).toEqual([]);
  expect(passed, 'axe checked nothing').toBeGreaterThan(20);
  await expectReadableOverTheGlow(page, state);
}

test('name, empty tab, tab with suggestions and a streamed comment, reset shown: no axe violations', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByText('Ingresa tu nombre para continuar')).toBeVisible();
  await expectAccessible(page, 'the name view');

  await enterName(page, 'Accesible');
  await expect(consumed(page).getByText('No has agregado productos.')).toBeVisible();
  await expectAccessible(page, 'the empty tab');

  const comment = page.locator('[aria-live="polite"]').filter({ hasText: /./ });
  await addProduct(page, 'aperol', 'Aperol Spritz');
  await expect(comment).toHaveText(COMMENT);
  await addProduct(page, 'summer ale 5', 'Summer Ale 500cc');
  await expect(comment).toHaveText(WAITING);
  await expectAccessible(page, 'the waiting message');
  await expect(comment).toHaveText(COMMENT);
  await page.getByPlaceholder('Pisco Mistral').fill('pisco');
  await expect(page.getByRole('list', { name: 'Productos encontrados' })).toBeVisible();
  await expectAccessible(page, 'the tab with orders, a streamed comment and the suggestions open');

  await page.getByPlaceholder('Pisco Mistral').fill('');
  await page.getByRole('button', { name: 'Mostrar botón resetear' }).click();
  await expect(page.getByRole('button', { name: 'Estaba jugando, resetear lo consumido' })).toBeVisible();
  await expectAccessible(page, 'the reset button revealed');
});

test('Ver la carta open, the list by category: no axe violations', async ({ page }) => {
  await page.goto('/');
  await enterName(page, 'Accesible Carta');
  await page.getByRole('button', { name: 'Ver la carta' }).click();
  const list = page.getByRole('region', { name: 'La carta' });
  await expect(list.getByRole('heading', { name: 'Cervezas', level: 2 })).toBeVisible();
  await expectAccessible(page, 'the list open by category');
  // Further down the list, where its parts are drawn only once scrolled to.
  await list.getByRole('heading', { name: 'Postres', level: 2 }).scrollIntoViewIfNeeded();
  await expectAccessible(page, 'the list scrolled to its end');
});

test('the offline comment note: no axe violations', async ({ page, context }) => {
  await page.goto('/');
  await enterName(page, 'Sin Señal Accesible');
  await context.setOffline(true);
  await addProduct(page, 'aperol', 'Aperol Spritz');
  await expect(page.getByText('Sin señal: el comentario llega cuando vuelva la conexión.')).toBeVisible();
  await expectAccessible(page, 'the offline comment note');
  await context.setOffline(false);
});

test('the update prompt: no axe violations', async ({ page }) => {
  // Version B is the product's build with a byte-different worker: enough for the browser to install it and wait.
  const root = await mkdtemp(join(tmpdir(), 'bar-tab-a11y-'));
  const versionB = join(root, 'b');
  await cp(DIST, versionB, { recursive: true });
  await appendFile(join(versionB, 'sw.js'), '\n// version B\n');
  let server = await startAppServer({ distDir: DIST, port: 0, proxies: productProxies() });
  const port = Number(new URL(server.url).port);
  try {
    await page.goto(server.url);
    await enterName(page, 'Actualizable');
    await addProduct(page, 'aperol', 'Aperol Spritz');
    await page.evaluate(() => navigator.serviceWorker.ready);
    await server.close();
    server = await startAppServer({ distDir: versionB, port, proxies: productProxies() });
    await page.reload();
    await expect(page.getByRole('region', { name: 'Actualización' })).toContainText('Hay una versión nueva', { timeout: 20_000 });
    await expectAccessible(page, 'the update prompt');
  } finally {
    await server.close();
    await rm(root, { recursive: true, force: true });
  }
});

const IPHONE_SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** Every control matching `names` is at least 44 × 44 px. */
async function expectTouchTargets(page: Page, names: readonly RegExp[]): Promise<void> {
  for (const name of names) {
    const controls = page.getByRole('button', { name });
    expect(await controls.count(), String(name)).toBeGreaterThan(0);
    for (const box of await controls.evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().toJSON() as DOMRect))) {
      expect(box.width, String(name)).toBeGreaterThanOrEqual(44);
      expect(box.height, String(name)).toBeGreaterThanOrEqual(44);
    }
  }
}

/** Headless Chromium does not offer installing by itself: the browser's event, as it would come. */
async function offerInstall(page: Page): Promise<void> {
  await page.evaluate(() => {
    const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: () => Promise.resolve(),
      userChoice: Promise.resolve({ outcome: 'dismissed' }),
    });
    window.dispatchEvent(offer);
  });
}

test('the night’s new states: name limit, install button, no results, Quitar with Deshacer, the sticky total', async ({ page }) => {
  await page.goto('/');
  await page.getByPlaceholder('Tu nombre real').fill('x'.repeat(80));
  await expect(page.getByText('Llegaste al máximo de 60 caracteres: lo que sigas escribiendo no se agrega.')).toBeVisible();
  await offerInstall(page);
  await expect(page.getByRole('button', { name: 'Instalar La Cuenta' })).toBeVisible();
  await expectAccessible(page, 'the name at its limit, with the install button');
  await expectTouchTargets(page, [/^Instalar La Cuenta$/, /^Continuar$/]);

  await enterName(page, 'Noche Accesible');
  await page.getByPlaceholder('Pisco Mistral').fill('unicornio');
  await expect(page.getByText('No encontramos «unicornio» en la carta.')).toBeVisible();
  await expectAccessible(page, 'the search with no results');

  await addProduct(page, 'aperol', 'Aperol Spritz');
  const again = page.getByRole('button', { name: 'Otra Aperol Spritz' }).first();
  for (let tap = 0; tap < 11; tap += 1) await again.click();
  await expect(consumed(page).getByRole('listitem')).toHaveCount(12);
  await expect(page.locator('.order-comment')).toHaveText(COMMENT);
  await page.getByRole('button', { name: 'Quitar Aperol Spritz' }).first().click();
  await expect(page.getByRole('button', { name: 'Deshacer' })).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(page.getByRole('button', { name: /^Total con propina/ })).toBeVisible();
  // The offer waits while the pointer is on it, so axe sees it however long it takes.
  await page.getByRole('button', { name: 'Deshacer' }).hover();
  await expectAccessible(page, 'Quitar’s Deshacer over the sticky total');
  await expectTouchTargets(page, [/^Otra /, /^Quitar /, /^Deshacer$/, /^Total con propina/]);
});

test('the iOS install hint: no axe violations', async ({ browser, baseURL }) => {
  const context = await browser.newContext({
    userAgent: IPHONE_SAFARI,
    bypassCSP: true,
    viewport: { width: 390, height: 844 },
    locale: 'es-CL',
    colorScheme: 'dark',
  });
  try {
    const page = await context.newPage();
    await page.goto(baseURL ?? '/');
    await expect(page.getByText('Para instalarla: toca Compartir y luego «Agregar a inicio».')).toBeVisible();
    await expectAccessible(page, 'the iOS install hint');
    await expectTouchTargets(page, [/^Entendido$/]);
    await page.getByRole('button', { name: 'Entendido' }).click();
    await page.reload();
    await expect(page.getByText('Ingresa tu nombre para continuar')).toBeVisible();
    await expect(page.getByText(/Para instalarla/)).toHaveCount(0);
  } finally {
    await context.close();
  }
});

test('the host’s parties: the list, the new party form with an error, a new party with its QR and key, closing it', async ({ page }) => {
  test.skip(HOST_KEY === '', 'npm start gives no host key');
  await page.goto('/anfitrion');
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Fiestas' })).toBeVisible();
  await expect(page.getByRole('listitem').first()).toBeVisible();
  await expectAccessible(page, 'the owner’s list of parties');

  await page.getByRole('button', { name: 'Nueva fiesta' }).click();
  await page.getByRole('button', { name: 'Crear fiesta' }).click();
  await expect(page.getByText(/^El nombre de la fiesta debe tener/)).toBeVisible();
  await expectAccessible(page, 'the new party form with its error');

  await page.getByPlaceholder('Nombre de la fiesta').fill('Fiesta accesible');
  await page.getByRole('button', { name: 'Crear fiesta' }).click();
  await expect(page.getByRole('heading', { name: 'Clave de esta fiesta' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Código QR de la fiesta' })).toBeVisible();
  await expectAccessible(page, 'a new party with its link, QR and key');

  await page.getByRole('tab', { name: 'Invitados' }).click();
  await page.getByRole('button', { name: 'Cerrar la fiesta' }).click();
  await expect(page.getByRole('button', { name: 'Sí, cerrar' })).toBeVisible();
  await expectAccessible(page, 'the close confirmation');
  await page.getByRole('button', { name: 'Sí, cerrar' }).click();
  await expect(page.getByText('La fiesta terminó.')).toBeVisible();
  await expectAccessible(page, 'a closed party');
});

test('a party’s name view with the earlier tabs opened, and a link no party has: no axe violations', async ({ page }) => {
  const client = new pg.Client({ connectionString: process.env.BAR_TAB_DB_URL });
  await client.connect();
  const code = await client
    .query<{ code: string }>(`insert into parties (code, name, party_date) values (new_party_code(), 'Cumpleaños de Ana', current_date) returning code`)
    .then((result) => result.rows[0]?.code ?? '')
    .finally(() => client.end());
  await page.goto('/');
  await enterName(page, 'Ana Anterior');
  await addProduct(page, 'aperol', 'Aperol Spritz');
  await page.goto(`/f/${code}`);
  await page.getByRole('button', { name: 'Ver la cuenta de Ana Anterior' }).click();
  await expect(page.getByRole('region', { name: 'Fiestas anteriores' }).getByText('Aperol Spritz')).toBeVisible();
  await expectAccessible(page, 'the name view of a party, with an earlier tab opened');
  await page.goto('/f/codigoquenoexiste0000');
  await expect(page.getByText('No encontramos esta fiesta.')).toBeVisible();
  const { violations } = await runAxe(page, TAGS);
  expect(violations, `axe violations on a link no party has:\n${report(violations)}`).toEqual([]);
  await expectReadableOverTheGlow(page, 'a link no party has');
});
