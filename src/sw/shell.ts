/**
 * What the service worker keeps so the app opens with no signal: the files
 * the build lists (build/offline-plan.ts), one cache per version. Installing fetches
 * nothing twice: a file whose name carries its hash comes from an earlier
 * version's cache or from the HTTP cache the page has just filled; the page
 * itself and the manifest come from the HTTP cache too, checked against their
 * digests. A page whose bytes differ (a host that adds its analytics or
 * snippets to it) is asked from the server and kept if it is this build's.
 * What is needed only with signal (the sync transport) or only by the host is
 * kept when it first loads, never fetched at install, or from the HTTP cache
 * when the page says it loaded it before the worker was in charge.
 */

import { ENGINE_CACHE } from '../pwa/engine-cache.ts';

/** One file of the build, as the manifest injected into sw.js lists it. */
export interface ShellEntry {
  /** Relative to the scope: 'index.html', 'assets/index-1a2b3c.js'. */
  readonly url: string;
  /** For a name that does not change with the content (index.html, the icons): its SHA-256, as subresource integrity. */
  readonly integrity?: string;
  /**
   * For the page: this build's entry script ('/assets/index-1a2b3c.js'), which
   * every copy of this build's page names. Hosts add to the page on its way
   * (analytics, snippets, an edge's rewriting) but leave that name, so a page
   * whose bytes are not `integrity` is still this build's if it names it.
   */
  readonly names?: string;
  /** Kept when the app first loads it, or from the HTTP cache if the page already has; never downloaded at install. */
  readonly later?: boolean;
}

export interface Shell {
  readonly cacheName: string;
  /** This version's cache, opened once: every answer to the page goes through it. */
  open(): Promise<Cache>;
  readonly scope: string;
  readonly entries: readonly ShellEntry[];
  /** Pathname → entry. */
  readonly byPath: ReadonlyMap<string, ShellEntry>;
}

const CACHE_PREFIX = 'bar-tab-shell-';
/** Caches of the workbox worker this one replaces. */
const OLD_PREFIX = 'workbox-precache';
const PAGE = 'index.html';
/** Navigations the page never answers: the API's own paths. */
const API_PATHS = /^\/(rest|functions|auth)\//;
/** The host's OCR engine (issue 41): on no list; its page keeps it in a cache of its own (src/receipts/keep.ts). */
const ENGINE_FILES = /^\/assets\/ocr-/;

/** A short name for this list of files: FNV-1a over its JSON. */
function versionOf(entries: readonly ShellEntry[]): string {
  let hash = 0x811c9dc5;
  for (const character of JSON.stringify(entries)) hash = Math.imul(hash ^ (character.codePointAt(0) ?? 0), 0x01000193) >>> 0;
  return hash.toString(36);
}

export function planShell(entries: readonly ShellEntry[], scope: string): Shell {
  const byPath = new Map(entries.map((entry) => [new URL(entry.url, scope).pathname, entry]));
  const cacheName = CACHE_PREFIX + versionOf(entries);
  let opened: Promise<Cache> | undefined;
  const open = () =>
    (opened ??= caches.open(cacheName).catch((error: unknown) => {
      opened = undefined;
      throw error;
    }));
  return { cacheName, open, scope, entries, byPath };
}

const keyOf = (shell: Shell, entry: ShellEntry) => new URL(entry.url, shell.scope).href;
/** The page as the guest navigated to it (the scope's root), where the first visit left it in the HTTP cache. */
const sourceOf = (shell: Shell, entry: ShellEntry) => (entry.url === PAGE ? shell.scope : keyOf(shell, entry));

/** A response fit to keep: complete, and not marked redirected (a navigation refuses those). */
async function keepable(response: Response): Promise<Response> {
  if (!response.ok) throw new Error(`${response.url}: HTTP ${response.status}`);
  if (!response.redirected) return response;
  return new Response(await response.blob(), { status: response.status, statusText: response.statusText, headers: response.headers });
}

/** Downloads an entry, from the HTTP cache when it holds this very content. */
async function download(shell: Shell, entry: ShellEntry): Promise<Response> {
  const source = sourceOf(shell, entry);
  const { integrity } = entry;
  // A hashed name's content never changes: the HTTP cache answers if the page loaded it (cached for a year).
  if (!integrity) return keepable(await fetch(source));
  try {
    return await keepable(await fetch(source, { cache: 'force-cache', integrity }));
  } catch {
    // Not in the HTTP cache, or other bytes (another version, or edited by the host): ask the server.
    if (entry.names) return thisBuildsPage(source, entry.names);
    return keepable(await fetch(source, { cache: 'no-cache', integrity }));
  }
}

/**
 * The page as the server sends it now, whatever the host added to it, kept
 * only if it is this build's: it names this build's entry script, so it never
 * runs another build's code against this build's files. Asked past the HTTP
 * cache (no-cache revalidates), which may hold an earlier build's page.
 */
async function thisBuildsPage(source: string, entryScript: string): Promise<Response> {
  const response = await keepable(await fetch(source, { cache: 'no-cache' }));
  if (!(await response.clone().text()).includes(entryScript)) throw new Error(`${source}: a page of another build (no ${entryScript})`);
  return response;
}

/** An earlier version's copy of a hashed file, which is the same file. */
function earlierCopy(shell: Shell, entry: ShellEntry): Promise<Response | undefined> {
  return entry.integrity ? Promise.resolve(undefined) : caches.match(keyOf(shell, entry));
}

async function keep(cache: Cache, shell: Shell, entry: ShellEntry): Promise<void> {
  const key = keyOf(shell, entry);
  if (await cache.match(key)) return;
  await cache.put(key, (await earlierCopy(shell, entry)) ?? (await download(shell, entry)));
}

/** Keeps a later entry only if it costs nothing: an earlier copy, or what the page already loaded. */
async function keepIfLoaded(cache: Cache, shell: Shell, entry: ShellEntry): Promise<void> {
  const key = keyOf(shell, entry);
  if (await cache.match(key)) return;
  const loaded =
    (await earlierCopy(shell, entry)) ??
    (await fetch(key, { cache: 'only-if-cached', mode: 'same-origin', ...(entry.integrity ? { integrity: entry.integrity } : {}) }).catch(() => undefined));
  if (loaded?.ok) await cache.put(key, loaded);
}

/**
 * Keeps the later entries the HTTP cache already holds, waiting for them no
 * longer than for `needed`. A request the browser has under way for one of
 * them (it fetches the tab icon for itself, twice) holds its HTTP cache entry
 * until it ends; being ready offline must not wait for the icon. What is not
 * kept now is kept when it first loads (`fromShell`).
 */
async function keepLoadedBy(cache: Cache, shell: Shell, needed: Promise<unknown>): Promise<void> {
  const kept = Promise.all(shell.entries.filter((entry) => entry.later).map((entry) => keepIfLoaded(cache, shell, entry).catch(() => undefined)));
  await Promise.race([kept, needed.then(() => new Promise((resolve) => setTimeout(resolve, 0)))]);
}

/**
 * Everything the guest's app needs offline, all at once; the install fails
 * (and is retried) if any is missing. On a first visit the page has these
 * files under way or loaded already (the tab's code too: index.html's early
 * script fetched it ahead, src/pwa/early-registration.ts), so they come from its downloads.
 */
export async function installShell(shell: Shell): Promise<void> {
  const cache = await shell.open();
  const needed = Promise.all(shell.entries.filter((entry) => !entry.later).map((entry) => keep(cache, shell, entry)));
  await Promise.all([needed, keepLoadedBy(cache, shell, needed)]);
}

/** Drops earlier versions, and keeps what the page loaded meanwhile (the host's page, the sync transport). */
export async function activateShell(shell: Shell): Promise<void> {
  const names = await caches.keys();
  const earlier = names.filter((name) => name !== shell.cacheName && (name.startsWith(CACHE_PREFIX) || name.startsWith(OLD_PREFIX)));
  await Promise.all(earlier.map((name) => caches.delete(name)));
  await keepLoadedBy(await shell.open(), shell, Promise.resolve());
}

/**
 * Keeps the files the page says it loaded before this worker was in charge
 * (src/pwa/keep-loaded.ts), those of the plan the HTTP cache holds: one still
 * on its way when the install looked is kept now, not at its next load, which
 * may come with no signal.
 */
export async function keepLoaded(shell: Shell, urls: readonly string[]): Promise<void> {
  const cache = await shell.open();
  const entries = urls.flatMap((url) => shell.byPath.get(new URL(url, shell.scope).pathname) ?? []);
  await Promise.all(entries.map((entry) => keepIfLoaded(cache, shell, entry).catch(() => undefined)));
}

/** Cache first; what is not kept yet (a later entry) is kept on its first load. */
async function fromShell(shell: Shell, entry: ShellEntry, request: Request): Promise<Response> {
  const cache = await shell.open();
  const key = keyOf(shell, entry);
  const kept = await cache.match(key);
  if (kept) return kept;
  // With no signal, the page sees the network error it would see without a worker.
  const response = await fetch(entry.url === PAGE ? sourceOf(shell, entry) : request).catch(() => Response.error());
  if (response.ok) await cache.put(key, response.clone());
  return response;
}

/** The answer to a request of the app's own files, or undefined to leave it to the network (the API). */
export function respond(shell: Shell, request: Request): Promise<Response> | undefined {
  if (request.method !== 'GET') return undefined;
  const url = new URL(request.url);
  if (url.origin !== new URL(shell.scope).origin) return undefined;
  if (request.mode === 'navigate') {
    const page = shell.byPath.get(new URL(PAGE, shell.scope).pathname);
    return page && !API_PATHS.test(url.pathname) ? fromShell(shell, page, request) : undefined;
  }
  if (ENGINE_FILES.test(url.pathname)) return caches.match(request, { cacheName: ENGINE_CACHE }).then((kept) => kept ?? fetch(request));
  const entry = shell.byPath.get(url.pathname);
  return entry ? fromShell(shell, entry, request) : undefined;
}
