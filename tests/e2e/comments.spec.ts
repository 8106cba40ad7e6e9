import { addProduct, enterName, expect, queueWorkerActive, SCREENSHOTS_DIR, test } from './fixtures.ts';

const WAITING = 'Generando feedback sobre tu pedido, espera unos segundos...';
const COMMENT = '¡Salud, po! Esa elección está la raja.';

test('each pick gets a comment: the waiting message, then the text as it streams', async ({ page }) => {
  await page.goto('/');
  await enterName(page, 'Comentada');
  await addProduct(page, 'aperol', 'Aperol Spritz');
  const comment = page.locator('[aria-live="polite"]').filter({ hasText: /./ });
  await expect(comment).toHaveText(WAITING);
  // Streaming: a first part shows while the rest is still on its way.
  await page.waitForFunction(
    (full) => {
      const text = document.querySelector('.order-comment')?.textContent ?? '';
      return text.startsWith('¡Salud') && text.length < full.length;
    },
    COMMENT,
    { polling: 10 },
  );
  await expect(comment).toHaveText(COMMENT);
  await page.screenshot({ path: `${SCREENSHOTS_DIR}/7-streamed-comment.png` });

  // The next pick pushes this comment into the history and starts a new one.
  await addProduct(page, 'tabla irish', 'Tabla Irish');
  await expect(comment).toHaveText(WAITING);
  await expect(comment).toHaveText(COMMENT);
  const history = await page.evaluate(() => JSON.parse(localStorage.getItem('previousJokes') ?? '[]') as string[]);
  expect(history).toEqual([COMMENT]);
});

test('with no signal the comment waits for the connection, then comes once', async ({ page, context }) => {
  await page.goto('/');
  await enterName(page, 'Sin Señal Comentario');
  await queueWorkerActive(page);
  const requests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/functions/v1/comment')) requests.push(request.url());
  });
  await context.setOffline(true);
  await addProduct(page, 'summer ale 5', 'Summer Ale 500cc');
  const comment = page.locator('[aria-live="polite"]').filter({ hasText: /./ });
  await expect(comment).toHaveText('Sin señal: el comentario llega cuando vuelva la conexión.');
  expect(requests).toEqual([]);
  await context.setOffline(false);
  await expect(comment).toHaveText(COMMENT);
  expect(requests).toHaveLength(1);
});
