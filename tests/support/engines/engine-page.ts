/**
 * One small interface over the two drivers the other engines need: Firefox
 * through puppeteer-core over WebDriver BiDi, WebKitGTK's MiniBrowser through
 * selenium-webdriver and WebKitWebDriver. The flow is written once against it.
 */
import { writeFile } from 'node:fs/promises';

export type EngineName = 'firefox' | 'webkit';

export interface EnginePage {
  readonly engine: EngineName;
  goto(url: string): Promise<void>;
  reload(): Promise<void>;
  /** Calls `fn` (a function's source text) in the page with `args`; its result comes back as JSON. */
  run<T>(fn: string, ...args: unknown[]): Promise<T>;
  click(css: string): Promise<void>;
  type(css: string, text: string): Promise<void>;
  /** PNG bytes; taken after two animation frames, as one frame may still show the previous state. */
  screenshot(): Promise<Buffer>;
  close(): Promise<void>;
}

export const PHONE = { width: 390, height: 844 } as const;

/** In-page helpers, as source text: both drivers run them as they are. */
export const IN_PAGE = {
  /** Marks the one control whose accessible name is `name` (aria-label, else its text) for a real click. */
  markControl: `(name) => {
    for (const old of document.querySelectorAll('[data-engine-target]')) old.removeAttribute('data-engine-target');
    const controls = [...document.querySelectorAll('button, a[href], [role="button"], [role="switch"], input[type="checkbox"]')];
    const named = controls.filter((control) => {
      const label = control.getAttribute('aria-label') ?? control.textContent ?? '';
      return label.trim().replace(/\\s+/g, ' ') === name && !control.closest('[hidden]');
    });
    if (named.length !== 1) return named.length;
    named[0].setAttribute('data-engine-target', '');
    return 1;
  }`,
  text: `() => document.body.innerText`,
  /** Where the marked control is now, to tell when it has stopped moving. */
  markedAt: `() => { const box = document.querySelector('[data-engine-target]')?.getBoundingClientRect(); return box ? [box.x, box.y, box.width, box.height].join(',') : ''; }`,
  /** No comment on its way: the page below it has stopped moving, so a tap lands where it was aimed. */
  commentSettled: `() => document.querySelector('.order-comment-coming') === null`,
  guestId: `() => JSON.parse(localStorage.getItem('user') ?? '{}').id ?? null`,
  /** True once a service worker controls the page and has finished precaching (it is active). */
  offlineReady: `async () => {
    const registration = await navigator.serviceWorker?.getRegistration();
    return Boolean(navigator.serviceWorker?.controller && registration?.active?.state === 'activated');
  }`,
  /** Starts collecting the page's errors (WebKitWebDriver has no console log). */
  watchErrors: `() => {
    if (window.__engineErrors) return;
    window.__engineErrors = [];
    addEventListener('error', (event) => window.__engineErrors.push(String(event.message)));
    addEventListener('unhandledrejection', (event) => window.__engineErrors.push(String(event.reason)));
  }`,
  errors: `() => window.__engineErrors ?? []`,
  twoFrames: `() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(true))))`,
};

export async function saveScreenshot(page: EnginePage, path: string): Promise<void> {
  await writeFile(path, await page.screenshot());
}
