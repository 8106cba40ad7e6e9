import { consumed, enterName, expect, SCREENSHOTS_DIR, test } from './fixtures.ts';

test('a corrupt stored user shows the name view, not a crash', async ({ page }) => {
  for (const raw of ['not json', '{"id":"x"}', '{"full_name":"Ana"}', 'null', '42']) {
    await page.goto('/');
    await page.evaluate((value) => localStorage.setItem('user', value), raw);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Continuar' }), raw).toBeVisible();
  }
});

test('hostile or odd names stay text and stay within 60 characters', async ({ page }) => {
  let dialogs = 0;
  page.on('dialog', (dialog) => {
    dialogs += 1;
    void dialog.dismiss();
  });
  await page.goto('/');
  await page.getByPlaceholder('Tu nombre real').fill('x'.repeat(10_000));
  await expect(page.getByPlaceholder('Tu nombre real')).toHaveValue('x'.repeat(60));

  await enterName(page, '<img src=x onerror=alert(1)>');
  await expect(page.getByText('Escribe lo que pediste, <img src=x onerror=alert(1)>')).toBeVisible();
  await expect(page.locator('img')).toHaveCount(0);
  expect(dialogs).toBe(0);

  await page.evaluate(() => localStorage.clear());
  await page.reload();
  const field = page.getByPlaceholder('Tu nombre real');
  await field.fill('🍺🍀🎂');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('alert')).toHaveText('Tu nombre necesita al menos 3 letras que se puedan leer.');
  await page.screenshot({ path: `${SCREENSHOTS_DIR}/19-name-needs-letters.png` });
  // Characters that show nothing are not a name: nothing is kept, and nothing is said (spec: too short).
  await field.fill('\u3164\u3164\u3164\u2800\u200b\u{E0041}');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
  await enterName(page, 'Ana\u200d 🍺🍀🎂\u2060');
  await expect(page.getByText('Escribe lo que pediste, Ana 🍺🍀🎂')).toBeVisible();
});

test('awkward searches find nothing and break nothing', async ({ page }) => {
  await page.goto('/');
  await enterName(page, 'Buscador');
  const search = page.getByPlaceholder('Pisco Mistral');
  for (const query of ['(', '((', '*', '.*', '\\', '🍺🍺', 'a'.repeat(500)]) {
    await search.fill(query);
    await expect(page.getByRole('button', { name: /^Agregar/ }), query).toHaveCount(0);
  }
  await search.fill('café');
  await expect(page.getByRole('button', { name: /^Agregar/ }).first()).toBeVisible();
  await expect(consumed(page).getByText('No has agregado productos.')).toBeVisible();
});
