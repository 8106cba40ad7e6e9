import type { Plugin } from 'vite';

/**
 * Modules whose code a guest's app needs only once the signal has brought something: the queue's requests
 * (src/sync/transport.ts, with postgrest-js), the views of what only the server brings (src/views/later-views.ts:
 * the bar's bill to claim from, the host's bank details), each loaded by the page once it is kept and idle, and the
 * host's page. Their chunks are kept when first loaded, not fetched when the service worker installs
 * (build/offline-plan.ts), and stay out of the guest's download.
 */
export const LATER_MODULES: readonly RegExp[] = [
  /[\\/]src[\\/]sync[\\/]transport\.ts$/,
  /[\\/]src[\\/]views[\\/](PayByTransfer|BillClaims)\.tsx$/,
  /[\\/]src[\\/]views[\\/]host[\\/]HostApp\.tsx$/,
];

/** Whether a dynamic import of this module may wait until after offline-ready. */
export const isLater = (id: string): boolean => LATER_MODULES.some((pattern) => pattern.test(id));

/** What of a module the walk reads, as Rolldown's `getModuleInfo` gives it. */
export interface ModuleLinks {
  readonly isEntry: boolean;
  readonly importedIds: readonly string[];
  readonly dynamicallyImportedIds: readonly string[];
}

/**
 * Every module a page's entry reaches, by static imports and by dynamic ones,
 * except a dynamic import of a LATER module (whose own imports come only
 * through it): the code a guest's app runs, offline too.
 */
export function guestModules(ids: Iterable<string>, linksOf: (id: string) => ModuleLinks | null): Set<string> {
  const reached = new Set<string>();
  const pending = [...ids].filter((id) => linksOf(id)?.isEntry);
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    const links = reached.has(id) ? null : linksOf(id);
    if (!links) continue;
    reached.add(id);
    pending.push(...links.importedIds, ...links.dynamicallyImportedIds.filter((next) => !isLater(next)));
  }
  return reached;
}

/**
 * The guest's download is one file, `index.js`: what index.html loads and everything the app asks for once it runs
 * (the queue, the way to the server, the tab and all it opens later), on the guest's screen and the host's page
 * alike. Each file more is a request (and on one bar of signal about a kilobyte of headers both ways), and one file
 * compresses better than two: as `index` and `guest` they were 2.1 KB more brotli and one request more before
 * offline-ready (issue 40). Left to itself Rolldown cut the guest's path into nine files, three round trips deep.
 * The group is the walk above, taken once the module graph is whole: nothing is listed by hand, so a module only the
 * host's page or a function uses (the bill's parsing, bank details, the reading of the bar's bill) never rides along
 * on a guest's first visit. The host's sections, the QR code and the queue's requests stay chunks of their own.
 */
export function guestDownload(): { readonly plugin: Plugin; readonly groups: { name: string; test: (id: string) => boolean }[] } {
  let modules = new Set<string>();
  const plugin: Plugin = {
    name: 'bar-tab:guest-download',
    apply: 'build',
    buildEnd() {
      modules = guestModules(this.getModuleIds(), (id) => this.getModuleInfo(id));
    },
  };
  return { plugin, groups: [{ name: 'index', test: (id) => modules.has(id) }] };
}
