/**
 * The worker's file keeping, against a Cache Storage and a network that
 * record what they are asked: nothing fetched twice, nothing fetched at
 * install that only the signal or the host needs, and an update that
 * downloads only what changed.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { activateShell, installShell, keepLoaded, planShell, respond, type ShellEntry } from '../../../src/sw/shell.ts';

const SCOPE = 'https://bar.example/';
const PAGE = { url: 'index.html', integrity: 'sha256-page', names: '/assets/index-a1.js' };
const MANIFEST = { url: 'manifest.webmanifest', integrity: 'sha256-manifest' };
const ENTRY = { url: 'assets/index-a1.js' };
const TAB = { url: 'assets/GuestScreen-b2.js' };
const TRANSPORT = { url: 'assets/supabase-c3.js', later: true };
const ICON = { url: 'icons/icon-512.png', integrity: 'sha256-icon', later: true };

interface Asked {
  readonly url: string;
  readonly cache: RequestCache | undefined;
  readonly integrity: string | undefined;
}

let stores: Map<string, Map<string, Response>>;
let asked: Asked[];
/** What the HTTP cache holds (what the page loaded), and what the server has, by URL. */
let httpCache: Set<string>;
let offline: boolean;
/** index.html as the server sends it (the scope's root): this build's, unless a test says otherwise. */
let servedPage: string;
const pageNaming = (script: string) => `<!doctype html><head><script type="module" crossorigin src="${script}"></script></head>`;

function fakeCache(store: Map<string, Response>): Cache {
  const keyOf = (request: RequestInfo | URL) => (typeof request === 'string' ? request : request instanceof URL ? request.href : request.url);
  return {
    match: (request: RequestInfo | URL) => Promise.resolve(store.get(keyOf(request))?.clone()),
    put: (request: RequestInfo | URL, response: Response) => {
      store.set(keyOf(request), response.clone());
      return Promise.resolve();
    },
  } as unknown as Cache;
}

beforeEach(() => {
  stores = new Map();
  asked = [];
  httpCache = new Set();
  offline = false;
  servedPage = pageNaming(PAGE.names);
  vi.stubGlobal('caches', {
    open: (name: string) => {
      const store = stores.get(name) ?? new Map<string, Response>();
      stores.set(name, store);
      return Promise.resolve(fakeCache(store));
    },
    keys: () => Promise.resolve([...stores.keys()]),
    delete: (name: string) => Promise.resolve(stores.delete(name)),
    match: (request: string) =>
      Promise.resolve(
        [...stores.values()]
          .find((store) => store.has(request))
          ?.get(request)
          ?.clone(),
      ),
  });
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    asked.push({ url, cache: init?.cache, integrity: init?.integrity });
    const cached = httpCache.has(url);
    if (init?.cache === 'only-if-cached' && !cached) return Promise.reject(new TypeError('not in the HTTP cache'));
    if (offline && !cached) return Promise.reject(new TypeError('no signal'));
    return Promise.resolve(new Response(url === SCOPE ? servedPage : `body of ${url}`, { status: 200 }));
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const downloads = () => asked.filter((request) => request.cache !== 'only-if-cached').map((request) => request.url.replace(SCOPE, '/'));
const kept = (cacheName: string) => [...(stores.get(cacheName)?.keys() ?? [])].map((url) => url.replace(SCOPE, '/')).sort();

describe('installing', () => {
  it('keeps the guest’s app, the page taken from where the visit left it, and fetches nothing needed only later', async () => {
    const shell = planShell([PAGE, MANIFEST, ENTRY, TAB, TRANSPORT, ICON], SCOPE);
    await installShell(shell);
    expect(kept(shell.cacheName)).toEqual(['/assets/GuestScreen-b2.js', '/assets/index-a1.js', '/index.html', '/manifest.webmanifest']);
    expect(downloads().sort()).toEqual(['/', '/assets/GuestScreen-b2.js', '/assets/index-a1.js', '/manifest.webmanifest']);
    expect(asked.find((request) => request.url === SCOPE)).toEqual({ url: SCOPE, cache: 'force-cache', integrity: 'sha256-page' });
    expect(asked.find((request) => request.url.endsWith(ENTRY.url))?.cache).toBeUndefined();
  });

  it('keeps what only the signal needs when the page has already loaded it, for free', async () => {
    httpCache.add(`${SCOPE}${TRANSPORT.url}`);
    const shell = planShell([PAGE, TRANSPORT, ICON], SCOPE);
    await installShell(shell);
    expect(kept(shell.cacheName)).toEqual(['/assets/supabase-c3.js', '/index.html']);
    expect(downloads()).toEqual(['/']);
  });

  it('fails while a file is missing, so the browser tries again later', async () => {
    offline = true;
    await expect(installShell(planShell([PAGE, ENTRY], SCOPE))).rejects.toThrow();
  });
});

describe('the page, when its bytes are not the build’s', () => {
  /** The HTTP cache's copy fails its digest: another version, or the page as the host edited it. */
  const digestFails = () => {
    const real = globalThis.fetch;
    vi.stubGlobal('fetch', (input: string, init?: RequestInit) =>
      init?.cache === 'force-cache' ? Promise.reject(new TypeError('integrity')) : real(input, init),
    );
  };
  const keptPage = async (shell: ReturnType<typeof planShell>) => (await (await caches.open(shell.cacheName)).match(`${SCOPE}index.html`))?.text();

  it('asks the server past the HTTP cache, and keeps a page a host added a script to: it names this build’s entry script', async () => {
    digestFails();
    const edited = servedPage.replace('</head>', '<script defer src="https://static.cloudflareinsights.com/beacon.min.js"></script></head>');
    servedPage = edited;
    const shell = planShell([PAGE], SCOPE);
    await installShell(shell);
    expect(asked).toEqual([{ url: SCOPE, cache: 'no-cache', integrity: undefined }]);
    expect(await keptPage(shell)).toBe(edited);
  });

  it('fails the install rather than keep a page of another build with this build’s files', async () => {
    digestFails();
    servedPage = pageNaming('/assets/index-zz9.js');
    const shell = planShell([PAGE, ENTRY], SCOPE);
    await expect(installShell(shell)).rejects.toThrow(/another build/);
    expect(await keptPage(shell)).toBeUndefined();
  });
});

describe('installing on a first visit, while the page is still loading', () => {
  it('does not wait for an icon the browser is still fetching for itself: it is kept when it loads', async () => {
    const network = globalThis.fetch;
    // The browser's own request for the icon holds its HTTP cache entry until it ends.
    vi.stubGlobal('fetch', (input: string, init?: RequestInit) =>
      input === `${SCOPE}${ICON.url}` ? new Promise<Response>(() => undefined) : network(input, init),
    );
    const shell = planShell([PAGE, ENTRY, ICON], SCOPE);
    await installShell(shell);
    await activateShell(shell);
    expect(kept(shell.cacheName)).toEqual(['/assets/index-a1.js', '/index.html']);
  });
});

describe('what the page says it loaded before the worker was in charge', () => {
  const HOST_STYLESHEET = { url: 'assets/HostApp-e5.css', later: true };

  it('keeps the files of the plan the HTTP cache holds, once the install gave up on them, and asks the network for nothing', async () => {
    const shell = planShell([PAGE, ENTRY, HOST_STYLESHEET, ICON], SCOPE);
    await installShell(shell);
    await activateShell(shell);
    // The stylesheet was still on its way when the install looked; the page has it now.
    httpCache.add(`${SCOPE}${HOST_STYLESHEET.url}`);
    asked = [];
    await keepLoaded(shell, [
      `${SCOPE}${HOST_STYLESHEET.url}`,
      `${SCOPE}${ENTRY.url}`,
      `${SCOPE}${ICON.url}`,
      `${SCOPE}analytics.js`,
      'https://elsewhere.example/x.js',
    ]);
    expect(kept(shell.cacheName)).toEqual(['/assets/HostApp-e5.css', '/assets/index-a1.js', '/index.html']);
    expect(downloads()).toEqual([]);
    // Only the plan's files not kept yet are looked for, and only in the HTTP cache (the icon is not there: left for its next load).
    expect(asked).toEqual([
      { url: `${SCOPE}${HOST_STYLESHEET.url}`, cache: 'only-if-cached', integrity: undefined },
      { url: `${SCOPE}${ICON.url}`, cache: 'only-if-cached', integrity: ICON.integrity },
    ]);
  });
});

describe('an update', () => {
  it('downloads only what changed, and drops the earlier version once active', async () => {
    const before = planShell([PAGE, ENTRY, TAB, TRANSPORT], SCOPE);
    await installShell(before);
    await respond(before, new Request(`${SCOPE}${TRANSPORT.url}`));
    stores.set('workbox-precache-v2-https://bar.example/', new Map());
    asked = [];
    const changedEntry: ShellEntry = { url: 'assets/index-d4.js' };
    const after = planShell([{ ...PAGE, integrity: 'sha256-page-2', names: `/${changedEntry.url}` }, changedEntry, TAB, TRANSPORT], SCOPE);
    await installShell(after);
    expect(downloads().sort()).toEqual(['/', '/assets/index-d4.js']);
    expect(kept(after.cacheName)).toContain('/assets/supabase-c3.js');
    await activateShell(after);
    expect([...stores.keys()]).toEqual([after.cacheName]);
  });
});

describe('answering the page', () => {
  let shell: ReturnType<typeof planShell>;
  beforeEach(() => {
    shell = planShell([PAGE, ENTRY, TRANSPORT], SCOPE);
  });
  const navigation = (path: string) => ({ method: 'GET', url: `${SCOPE}${path}`, mode: 'navigate' }) as Request;

  it('opens every page of the app from the kept index.html, and leaves the API alone', async () => {
    await installShell(shell);
    offline = true;
    expect(await (await respond(shell, navigation('anfitrion')))?.text()).toBe(servedPage);
    expect(respond(shell, navigation('rest/v1/orders'))).toBeUndefined();
    expect(respond(shell, new Request(`${SCOPE}rest/v1/orders`))).toBeUndefined();
    expect(respond(shell, new Request(`${SCOPE}${ENTRY.url}`, { method: 'POST', body: '' }))).toBeUndefined();
  });

  it('keeps what only the signal needs the first time it loads, and gives a plain network error without signal', async () => {
    await installShell(shell);
    offline = true;
    expect((await respond(shell, new Request(`${SCOPE}${TRANSPORT.url}`)))?.type).toBe('error');
    offline = false;
    expect((await respond(shell, new Request(`${SCOPE}${TRANSPORT.url}`)))?.status).toBe(200);
    offline = true;
    expect((await respond(shell, new Request(`${SCOPE}${TRANSPORT.url}`)))?.status).toBe(200);
  });
});
