/**
 * The name view as built into index.html (build/first-view.ts), between the
 * page's arrival and the app's taking it over. The early script, inside the
 * page (build/early-registration.ts), hides it before the first paint where
 * the app will show something else, and keeps a
 * submit made before the app runs; the app (src/main.tsx, NameEntry) takes
 * the page over and the submit back. A submit before even the early script
 * runs is the form's own: the page loads again with the name in its address.
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
/** The name field's name in the view as built: a form sent without the app puts the name under it in the address. */
export const NAME_FIELD = 'full_name';

/** Whether the view as built (a new guest's name view) is what the app shows first at `pathname`. */
export function firstViewFits(pathname: string, storedGuest: string | null): boolean {
  return storedGuest === null && !HOST_PAGE.test(pathname);
}

/** The same, reading the stored guest as the page can: */
export function firstViewFitsHere(pathname: string, storedGuest: () => string | null): boolean {
  try {
    return firstViewFits(pathname, storedGuest());
  } catch {
    // localStorage refused (a privacy mode): the app cannot have kept a guest either.
    return firstViewFits(pathname, null);
  }
}

/** The early script: hides a view as built that is not this page's, and holds a submit until the app runs. */
export function holdFirstView(document: Document, pathname: string, storedGuest: () => string | null): void {
  const html = document.documentElement;
  // Run late (async, after the app), it has nothing to hide: the app shows what it shows.
  if (!html.hasAttribute(APP_RUNS) && !firstViewFitsHere(pathname, storedGuest)) html.setAttribute(HIDE_FIRST_VIEW, '');
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

/** A name submitted before the app ran: still in the field (held by the early script), or in the address (sent by the form). */
export type EarlyName = { readonly from: 'field' } | { readonly from: 'address'; readonly name: string };

/** The name the guest submitted before the app ran, if any; answered once (the address is cleaned of it). */
export function takeEarlyName(document: Document): EarlyName | null {
  const html = document.documentElement;
  if (html.hasAttribute(NAME_QUEUED)) {
    html.removeAttribute(NAME_QUEUED);
    return { from: 'field' };
  }
  const address = new URL(document.location.href);
  const name = address.searchParams.get(NAME_FIELD);
  if (name === null) return null;
  address.searchParams.delete(NAME_FIELD);
  const history = document.defaultView?.history;
  history?.replaceState(history.state, '', address);
  return { from: 'address', name };
}
