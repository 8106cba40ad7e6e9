/**
 * WebKit (Safari's engine) behind a static host that edits the page on its
 * way, as analytics and snippet injection do: the worker installs from the
 * edited page, and the app reopens with no signal. The app is built without a
 * backend of its own: only its files matter here.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer, type RunningAppServer } from '../../scripts/lib/app-server.ts';
import { ROOT } from '../../scripts/lib/product.ts';
import { IN_PAGE, saveScreenshot, type EnginePage } from '../support/engines/engine-page.ts';
import { startSignalProxy, type SignalProxy } from '../support/engines/signal-proxy.ts';
import { onScreen, until } from '../support/engines/waiting.ts';
import { openWebKit } from '../support/engines/webkit.ts';
import { startPageRewriteProxy, type PageRewriteProxy } from '../support/page-rewrite-proxy.ts';

const SCREENSHOTS = 'test-results/screenshots';
let workDir: string;
let app: RunningAppServer;
let host: PageRewriteProxy;
let signal: SignalProxy;

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'bar-tab-host-rewrites-'));
  await build({ root: ROOT, logLevel: 'warn', build: { outDir: join(workDir, 'dist'), emptyOutDir: true } });
  app = await startAppServer({ distDir: join(workDir, 'dist'), port: 0 });
  host = await startPageRewriteProxy(new URL(app.url.replace('localhost', '127.0.0.1')));
  // The signal is cut in front of the host: the phone loses it, not the host.
  signal = await startSignalProxy(new URL(host.url));
});

afterAll(async () => {
  await signal.close();
  await host.close();
  await app.close();
  await rm(workDir, { recursive: true, force: true });
});

const hostScriptRan = `() => document.documentElement.dataset.hostBeacon === 'ran'`;
const registered = `async () => Boolean(await navigator.serviceWorker?.getRegistration())`;

async function firstVisitThenOffline(page: EnginePage): Promise<void> {
  await page.goto(signal.url);
  await page.run(IN_PAGE.watchErrors);
  await onScreen(page, 'Ingresa tu nombre para continuar');
  expect(await page.run<boolean>(hostScriptRan)).toBe(true);
  await until('the service worker ready for offline', () => page.run<boolean>(IN_PAGE.offlineReady)).catch(async (error: unknown) => {
    throw new Error(`${(error as Error).message}; a registration: ${String(await page.run<boolean>(registered))}`);
  });

  signal.setSignal(false);
  await page.reload();
  await page.run(IN_PAGE.watchErrors);
  await onScreen(page, 'Ingresa tu nombre para continuar');
  await saveScreenshot(page, `${SCREENSHOTS}/engines-webkit-host-rewrites-offline.png`);
  expect(await page.run<string[]>(IN_PAGE.errors)).toEqual([]);
  expect(host.pagesEdited()).toBeGreaterThanOrEqual(1);
}

describe('behind a host that adds a script to the page, in webkit', () => {
  it('installs the worker and reopens with no signal', async () => {
    const page = await openWebKit();
    try {
      await firstVisitThenOffline(page);
    } catch (error) {
      await saveScreenshot(page, `${SCREENSHOTS}/engines-webkit-host-rewrites-failure.png`).catch(() => undefined);
      throw error;
    } finally {
      signal.setSignal(true);
      await page.close();
    }
  });
});
