/**
 * Waiting in the other engines: neither driver waits for the page the way
 * Playwright does, so the engine tests poll what they need to see.
 */
import { IN_PAGE, type EnginePage } from './engine-page.ts';

/** Polls `check` until it is true; fails with `what` after `timeoutMs`. */
export async function until(what: string, check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`waited ${timeoutMs} ms for ${what}`);
}

/** Waits until the page's text holds `text`. */
export const onScreen = (page: EnginePage, text: string): Promise<void> =>
  until(`“${text}” on screen`, async () => (await page.run<string>(IN_PAGE.text)).includes(text));
