import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { classicScript } from './classic-script.ts';
import type { EarlyPlan } from '../src/pwa/early-registration.ts';
import { earlyScriptTag } from '../src/pwa/early-script-tag.ts';

export type { EarlyPlan };

/**
 * A round trip's worth of bytes on one bar of signal (50 KB/s × 400 ms): asked
 * for this far before the main bundle ends, a file's first bytes arrive just as
 * the bundle's last do. On 3G (190 KB/s × 150 ms) it is 28 KB: a few tens of
 * milliseconds late, as on faster links, where it matters less.
 */
const ROUND_TRIP_BYTES = 20 * 1024;
/**
 * sw.js is about 2.5 KB on the link (the queue's code is in a worker of its
 * own, src/sync/background-sync.ts): the tab's code is asked for with it, not
 * after it, or the link would idle while sw.js alone is on it.
 */
const WORKER_HEAD_BYTES = 0;

const SOURCE = fileURLToPath(new URL('../src/pwa/early-registration.ts', import.meta.url));
const FIRST_VIEW = fileURLToPath(new URL('../src/pwa/first-view.ts', import.meta.url));
const ENTRY = '\0bar-tab:early-registration';

/**
 * src/pwa/first-view.ts's hold on the name view as built, then
 * src/pwa/early-registration.ts and its call with this build's plan, compiled
 * and minified by Vite into one classic script: an IIFE that defines nothing
 * global and imports nothing.
 */
export async function earlyRegistrationScript(plan: EarlyPlan): Promise<string> {
  const entry: Plugin = {
    name: 'bar-tab:early-registration-entry',
    resolveId: (id) => (id === ENTRY ? id : undefined),
    load: (id) =>
      id === ENTRY
        ? `import { registerEarly } from ${JSON.stringify(SOURCE)};\n` +
          `import { holdFirstView, STORED_GUEST_KEY } from ${JSON.stringify(FIRST_VIEW)};\n` +
          `holdFirstView(document, location.pathname, () => localStorage.getItem(STORED_GUEST_KEY));\n` +
          `registerEarly(${JSON.stringify(plan)}, { serviceWorker: navigator.serviceWorker, fetch: (url) => fetch(url) });\n`
        : undefined,
  };
  return classicScript({ what: 'early registration', input: ENTRY, plugins: [entry], settings: { envDir: false } });
}

/**
 * index.html loads the early script as a file of its own (CSP: no inline
 * scripts), named by its hash, at the end of <head>, async: on a first visit
 * nothing but the stylesheet holds the first paint (src/pwa/early-script-tag.ts
 * says why, and how the worker makes it blocking on every later visit).
 * Its plan (the main bundle's name and size, what the app imports later) is
 * known only once the bundle is, so it is compiled at the page's last transform.
 */
export function earlyRegistration(plan: { imported(): string[] }): Plugin {
  let script: { fileName: string; source: string } | undefined;
  return {
    name: 'bar-tab:early-registration',
    apply: 'build',
    // After vite:build-html, whose generateBundle runs the 'post' transform below: the file is known by then.
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      async handler(html, { chunk }) {
        if (!chunk) return html;
        const source = await earlyRegistrationScript({
          main: `/${chunk.fileName}`,
          bytes: Buffer.byteLength(chunk.code),
          next: plan.imported().map((url) => `/${url}`),
          registerAt: ROUND_TRIP_BYTES,
          fetchAt: ROUND_TRIP_BYTES - WORKER_HEAD_BYTES,
        });
        script = { fileName: `assets/register-sw-${createHash('sha256').update(source).digest('hex').slice(0, 8)}.js`, source };
        // Last in <head>: asked for after the stylesheet and the main bundle, which take the connections already open.
        if (!html.includes('</head>')) throw new Error('index.html has no </head> for the early script to end');
        return html.replace('</head>', `  ${earlyScriptTag(`/${script.fileName}`)}\n  </head>`);
      },
    },
    generateBundle() {
      if (!script) throw new Error('index.html was not transformed before the bundle was written');
      this.emitFile({ type: 'asset', fileName: script.fileName, source: script.source });
    },
  };
}
