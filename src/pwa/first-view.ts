/**
 * The name view as built into index.html (build/first-view.ts), between the
 * page's arrival and the app's taking it over. The early script (loaded
 * before <body>, so it runs before the first paint) hides it where the app
 * will show something else, and keeps a submit made before the app runs; the
 * app (src/main.tsx, NameEntry) takes the page over and the submit back.
 */

/** On <html>: the view as built is not this page's (a `user` is stored, or the host's page); CSS hides it. */
export const HIDE_FIRST_VIEW = 'data-hide-first-view';
/** On <html>: the app runs and handles its forms itself. */
const APP_RUNS = 'data-app';
/** On <html>: the name was submitted before the app ran. */
const NAME_QUEUED = 'data-name-queued';
/** Where the guest is kept (spec §3; src/guest/storage.ts, GUEST_STORAGE_KEY). */
export const STORED_GUEST_KEY = 'user';

const HOST_PAGE = /^\/anfitrion\/?$/;

/** Whether the view as built (a new guest's name view) is what the app shows first at `pathname`. */
export function firstViewFits(pathname: string, storedGuest: string | null): boolean {
  return storedGuest === null && !HOST_PAGE.test(pathname);
}

/** The early script: before the first paint, hides a view as built that is not this page's, and holds a submit until the app runs. */
export function holdFirstView(document: Document, pathname: string, storedGuest: () => string | null): void {
  const html = document.documentElement;
  let stored: string | null = null;
  try {
    stored = storedGuest();
  } catch {
    // localStorage refused (a privacy mode): the app cannot have kept a guest either.
  }
  if (!firstViewFits(pathname, stored)) html.setAttribute(HIDE_FIRST_VIEW, '');
  document.addEventListener(
    'submit',
    (event) => {
      if (html.hasAttribute(APP_RUNS)) return;
      // Without the app, the form would load the page again with the name in its address.
      event.preventDefault();
      html.setAttribute(NAME_QUEUED, '');
    },
    true,
  );
}

/** The app runs: from now on its own handlers take every submit. */
export function appTakesOver(document: Document): void {
  document.documentElement.setAttribute(APP_RUNS, '');
}

/** Whether the guest submitted their name before the app ran; answered once. */
export function takeQueuedName(document: Document): boolean {
  const html = document.documentElement;
  const queued = html.hasAttribute(NAME_QUEUED);
  html.removeAttribute(NAME_QUEUED);
  return queued;
}
