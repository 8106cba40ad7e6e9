/**
 * What the service worker keeps so the app opens with no signal: the files
 * the build lists (vite.config.ts), one cache per version. Installing fetches
 * nothing twice: a file whose name carries its hash comes from an earlier
 * version's cache or from the HTTP cache the page has just filled; the page
 * itself and the manifest come from the HTTP cache too, checked against their
 * digests. What is needed only with signal (the sync transport) or only by
 * the host is kept when it first loads, never fetched at install.
 */

/** One file of the build, as the manifest injected into sw.js lists it. */
export interface ShellEntry {
  /** Relative to the scope: 'index.html', 'assets/index-1a2b3c.js'. */
  readonly url: string;
  /** For a name that does not change with the content (index.html, the icons): its SHA-256, as subresource integrity. */
  readonly integrity?: string;
  /** Kept when the app first loads it, or from the HTTP cache if the page already has; never downloaded at install. */
  readonly later?: boolean;
  /** Loaded by index.html itself: its size as built, to tell how far along the page's download of it is. */
  readonly bytes?: number;
  /**
   * Imported by the app once it runs (the tab's code): on a first visit no
   * request for it is under way yet, so the worker fetches it, timed to follow
   * the page's own downloads (see `HEAD_START_BYTES`).
   */
  readonly imported?: boolean;
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
    // Not in the HTTP cache, or another version of it: ask the server.
    return keepable(await fetch(source, { cache: 'no-cache', integrity }));
  }
}

/** An earlier version's copy of a hashed file, which is the same file. */
function earlierCopy(shell: Shell, entry: ShellEntry): Promise<Response | undefined> {
  return entry.integrity ? Promise.resolve(undefined) : caches.match(keyOf(shell, entry));
}

/**
 * How many bytes before the end of the page's own downloads the worker asks
 * for the files the app imports later. Every connection gets its share of a
 * slow link, so a file asked for while the page's main script is still coming
 * slows that script, and the name field, down; asked for only once it is in,
 * the link stands idle for a round trip. A round trip's worth of bytes lets it
 * follow the page's downloads with neither: about 20 KB on one bar of signal
 * (50 KB/s × 400 ms) and 28 KB on 3G (190 KB/s × 150 ms). Too small a number
 * costs at most that one round trip; too large, a little of the script's share.
 */
export const HEAD_START_BYTES = 20 * 1024;

/** The page's downloads the install follows: bytes still to come over the link, per file. */
class PageDownloads {
  private readonly left = new Map<string, number>();
  private readonly waiting: (() => void)[] = [];

  constructor(entries: readonly ShellEntry[]) {
    for (const entry of entries) this.left.set(entry.url, Number.POSITIVE_INFINITY);
  }

  /** Resolves once what is left of the page's downloads would cross the link within a round trip. */
  nearlyDone(): Promise<void> {
    return new Promise((resolve) => {
      this.waiting.push(resolve);
      this.check();
    });
  }

  /** `entry`'s answer is here: follows its body as it arrives (a copy of it; the original goes to the cache). */
  follow(entry: ShellEntry, response: Response): void {
    const copy = response.clone();
    const built = entry.bytes ?? 0;
    const onLink = Number(copy.headers.get('Content-Length')) || built;
    const reader = copy.body?.getReader();
    if (!reader || built <= 0) {
      this.done(entry);
      return;
    }
    // The body arrives decoded; the link carries it compressed, as the Content-Length counts it.
    let read = 0;
    const step = (): Promise<void> =>
      reader.read().then(({ done, value }) => {
        if (done) {
          this.done(entry);
          return undefined;
        }
        read += value.byteLength;
        this.set(entry, Math.max(0, (1 - read / built) * onLink));
        return step();
      });
    step().catch(() => this.done(entry));
  }

  done(entry: ShellEntry): void {
    this.set(entry, 0);
  }

  private set(entry: ShellEntry, left: number): void {
    if (!this.left.has(entry.url)) return;
    this.left.set(entry.url, left);
    this.check();
  }

  private check(): void {
    let left = 0;
    for (const bytes of this.left.values()) left += bytes;
    if (left > HEAD_START_BYTES) return;
    for (const resolve of this.waiting.splice(0)) resolve();
  }
}

async function keep(cache: Cache, shell: Shell, entry: ShellEntry, page?: PageDownloads): Promise<void> {
  const key = keyOf(shell, entry);
  let response: Response | undefined;
  try {
    if (await cache.match(key)) return;
    response = (await earlierCopy(shell, entry)) ?? (await download(shell, entry));
  } finally {
    // Followed while it arrives, or not coming over the link at all.
    if (response && page) page.follow(entry, response);
    else page?.done(entry);
  }
  await cache.put(key, response);
}

/** Keeps a later entry only if it costs nothing: an earlier copy, or what the page already loaded. */
async function keepIfLoaded(cache: Cache, shell: Shell, entry: ShellEntry): Promise<void> {
  const key = keyOf(shell, entry);
  if (await cache.match(key)) return;
  const loaded = (await earlierCopy(shell, entry)) ?? (await fetch(key, { cache: 'only-if-cached', mode: 'same-origin', ...(entry.integrity ? { integrity: entry.integrity } : {}) }).catch(() => undefined));
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
 * Everything the guest's app needs offline; the install fails (and is retried)
 * if any is missing. What the page loads comes from its downloads (the HTTP
 * cache), what the app imports later follows them on the link.
 */
export async function installShell(shell: Shell): Promise<void> {
  const cache = await shell.open();
  const page = new PageDownloads(shell.entries.filter((entry) => !entry.later && entry.bytes));
  const nearlyDone = page.nearlyDone();
  const needed = Promise.all(
    shell.entries
      .filter((entry) => !entry.later)
      .map((entry) => (entry.imported ? nearlyDone.then(() => keep(cache, shell, entry)) : keep(cache, shell, entry, entry.bytes ? page : undefined))),
  );
  await Promise.all([needed, keepLoadedBy(cache, shell, needed)]);
}

/** Drops earlier versions, and keeps what the page loaded meanwhile (the host's page, the sync transport). */
export async function activateShell(shell: Shell): Promise<void> {
  const names = await caches.keys();
  const earlier = names.filter((name) => name !== shell.cacheName && (name.startsWith(CACHE_PREFIX) || name.startsWith(OLD_PREFIX)));
  await Promise.all(earlier.map((name) => caches.delete(name)));
  await keepLoadedBy(await shell.open(), shell, Promise.resolve());
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
  const entry = shell.byPath.get(url.pathname);
  return entry ? fromShell(shell, entry, request) : undefined;
}
