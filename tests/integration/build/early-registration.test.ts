/**
 * index.html's early script (src/pwa/early-registration.ts, compiled by build/early-registration.ts): on a first visit it follows the
 * main bundle as it arrives and, a round trip's worth of bytes before its end,
 * registers the worker, then fetches the tab's code; on a repeat visit it only
 * registers. Run as the browser runs it: a classic script, its globals faked.
 */
import { Script, createContext } from 'node:vm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { earlyRegistrationScript, type EarlyPlan } from '../../../build/early-registration.ts';
import { GUEST_STORAGE_KEY } from '../../../src/guest/storage.ts';
import { appTakesOver, HIDE_FIRST_VIEW, takeEarlyName } from '../../../src/pwa/first-view.ts';

const PLAN: EarlyPlan = { main: '/assets/index-a1.js', bytes: 100_000, next: ['/assets/GuestScreen-b2.js'], registerAt: 20_000, fetchAt: 15_000 };
/** The script as the build writes it. */
let compiled: Script;
beforeAll(async () => {
  compiled = new Script(await earlyRegistrationScript(PLAN));
}, 30_000);

/** 100,000 bytes as built, 40,000 on the link. */
const ON_LINK = 40_000;

function browser({ controlled = false } = {}) {
  let arriving!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (controller) => void (arriving = controller) });
  const fetched: string[] = [];
  const register = vi.fn(() => Promise.resolve({}));
  const fetch = (url: string) => {
    fetched.push(url);
    const response = url === PLAN.main ? new Response(body, { headers: { 'Content-Length': String(ON_LINK) } }) : new Response('tab');
    return Promise.resolve(response);
  };
  const serviceWorker = { controller: controlled ? {} : null, register };
  compiled.runInContext(createContext({ navigator: { serviceWorker }, fetch, Number, ...page() }));
  return { fetched, register, arrive: (bytes: number) => arriving.enqueue(new Uint8Array(bytes)), end: () => arriving.close() };
}

/** The page around the script: a document to hold the name view in, an address, what localStorage keeps. */
function page({ pathname = '/', search = '', stored = new Map<string, string>() } = {}) {
  const attributes = new Set<string>();
  const documentElement = {
    setAttribute: (name: string) => attributes.add(name),
    hasAttribute: (name: string) => attributes.has(name),
    removeAttribute: (name: string) => attributes.delete(name),
  };
  const location = { pathname, href: `https://bar.test${pathname}${search}` };
  const history = { state: null, replaceState: (_state: unknown, _title: string, url: URL) => void (location.href = url.href) };
  const document = Object.assign(new EventTarget(), { documentElement, location, defaultView: { history } });
  return { document, location, localStorage: { getItem: (key: string) => stored.get(key) ?? null }, attributes };
}

/** Lets the script's reads and promises run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the early script on a first visit', () => {
  it('registers the worker, then fetches the tab’s code, as the main bundle nears its end', async () => {
    const page = browser();
    await settle();
    expect(page.fetched).toEqual([PLAN.main]);

    page.arrive(40_000); // 24,000 bytes of the link's 40,000 still to come
    await settle();
    expect(page.register).not.toHaveBeenCalled();

    page.arrive(15_000); // 18,000 to come: within a round trip
    await settle();
    expect(page.register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
    expect(page.fetched).toEqual([PLAN.main]);

    page.arrive(10_000); // 14,000 to come: the tab's code follows sw.js
    await settle();
    expect(page.fetched).toEqual([PLAN.main, ...PLAN.next]);

    page.arrive(35_000);
    page.end();
    await settle();
    expect(page.register).toHaveBeenCalledTimes(1);
    expect(page.fetched).toEqual([PLAN.main, ...PLAN.next]);
  });

  it('does both once the bundle is in, when it arrived all at once', async () => {
    const page = browser();
    page.arrive(100_000);
    page.end();
    await settle();
    expect(page.register).toHaveBeenCalledTimes(1);
    expect(page.fetched).toEqual([PLAN.main, ...PLAN.next]);
  });
});

describe('the early script on a repeat visit', () => {
  it('only registers: the worker keeps every file already', async () => {
    const page = browser({ controlled: true });
    await settle();
    expect(page.register).toHaveBeenCalledTimes(1);
    expect(page.fetched).toEqual([]);
  });
});

describe('the early script and the name view as built', () => {
  const run = (options: Parameters<typeof page>[0]) => {
    const context = page(options);
    const serviceWorker = { controller: {}, register: vi.fn(() => Promise.resolve({})) };
    compiled.runInContext(createContext({ navigator: { serviceWorker }, fetch: vi.fn(), Number, ...context }));
    return context;
  };

  it('leaves it shown for a new guest, and hides it where a guest is stored or on the host’s page', () => {
    expect(run({}).attributes.has(HIDE_FIRST_VIEW)).toBe(false);
    expect(run({ pathname: '/f/abc123' }).attributes.has(HIDE_FIRST_VIEW)).toBe(false);
    expect(run({ stored: new Map([[GUEST_STORAGE_KEY, '{}']]) }).attributes.has(HIDE_FIRST_VIEW)).toBe(true);
    expect(run({ pathname: '/anfitrion' }).attributes.has(HIDE_FIRST_VIEW)).toBe(true);
  });

  it('holds a submit made before the app runs, for the app to take back once; after, lets every submit through', () => {
    const context = run({});
    const before = new Event('submit', { cancelable: true });
    context.document.dispatchEvent(before);
    expect(before.defaultPrevented).toBe(true);
    expect(takeEarlyName(context.document as unknown as Document)).toEqual({ from: 'field' });
    expect(takeEarlyName(context.document as unknown as Document)).toBeNull();

    appTakesOver(context.document as unknown as Document);
    const after = new Event('submit', { cancelable: true });
    context.document.dispatchEvent(after);
    expect(after.defaultPrevented).toBe(false);
    expect(takeEarlyName(context.document as unknown as Document)).toBeNull();
  });

  it('takes a name the form sent before even the early script ran from the address, once, and cleans the address', () => {
    const context = page({ pathname: '/f/abc123', search: '?full_name=Mar%C3%ADa+Jos%C3%A9&x=1' });
    const document = context.document as unknown as Document;
    expect(takeEarlyName(document)).toEqual({ from: 'address', name: 'María José' });
    expect(context.location.href).toBe('https://bar.test/f/abc123?x=1');
    expect(takeEarlyName(document)).toBeNull();
  });
});
