/** Debian's Firefox ESR, driven by puppeteer-core over WebDriver BiDi, headless, in a fresh profile. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer from 'puppeteer-core';
import { IN_PAGE, PHONE, type EnginePage } from './engine-page.ts';

export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

export async function openFirefox(): Promise<EnginePage> {
  const profile = await mkdtemp(join(tmpdir(), 'bar-tab-firefox-'));
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX_PATH,
    headless: true,
    userDataDir: profile,
    defaultViewport: { ...PHONE, deviceScaleFactor: 1, isMobile: false, hasTouch: false },
    extraPrefsFirefox: { 'intl.accept_languages': 'es-CL, es', 'browser.shell.checkDefaultBrowser': false },
  });
  const page = await browser.newPage();
  const run = <T>(fn: string, ...args: unknown[]) => page.evaluate(`(${fn})(...${JSON.stringify(args)})`) as Promise<T>;
  return {
    engine: 'firefox',
    async goto(url) {
      await page.goto(url, { waitUntil: 'load' });
    },
    async reload() {
      await page.reload({ waitUntil: 'load' });
    },
    run,
    click: (css) => page.click(css),
    type: (css, text) => page.type(css, text),
    async screenshot() {
      await run(IN_PAGE.twoFrames);
      return Buffer.from(await page.screenshot({ type: 'png' }));
    },
    async close() {
      await browser.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}
