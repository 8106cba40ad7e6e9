import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'vite';
import type { EarlyPlan } from '../src/pwa/early-registration.ts';

export type { EarlyPlan };

/**
 * A round trip's worth of bytes on one bar of signal (50 KB/s × 400 ms): asked
 * for this far before the main bundle ends, a file's first bytes arrive just as
 * the bundle's last do. On 3G (190 KB/s × 150 ms) it is 28 KB: a few tens of
 * milliseconds late, as on faster links, where it matters less.
 */
const ROUND_TRIP_BYTES = 20 * 1024;
/**
 * sw.js is 10.5 KB on the link: the tab's code is asked for half that later,
 * so that it follows sw.js on the link (a little overlap costs nothing; a gap
 * leaves the link idle) and the worker installs while it comes.
 */
const WORKER_HEAD_BYTES = 5 * 1024;

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
  const output = await build({
    configFile: false,
    envDir: false,
    logLevel: 'warn',
    plugins: [entry],
    build: {
      write: false,
      target: 'es2022',
      minify: true,
      modulePreload: false,
      copyPublicDir: false,
      rolldownOptions: { input: ENTRY, output: { format: 'iife' } },
    },
  });
  const results = Array.isArray(output) ? output : [output];
  const chunks = results.flatMap((result) => ('output' in result ? result.output : [])).filter((file) => file.type === 'chunk');
  const [chunk, ...others] = chunks;
  if (!chunk || others.length > 0) throw new Error(`early registration: expected one script, got ${chunks.length}`);
  return chunk.code;
}

/**
 * index.html loads the early script as a file of its own (CSP: no inline
 * scripts), named by its hash, at the end of <head>: a classic script, not
 * async, so that it has run before the first paint (it hides the name view as
 * built from a returning guest). Everything else in <head> is asked for before
 * it; it is under 2 KB and comes with the stylesheet, which holds the first
 * paint anyway; on a repeat visit the worker answers it.
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
        // Last in <head>: a script that blocks the parser earlier kept Chromium from asking for the stylesheet and the
        // main bundle until it had arrived, a round trip later on one bar (bench:weak-signal --timeline).
        if (!html.includes('</head>')) throw new Error('index.html has no </head> for the early script to end');
        return html.replace('</head>', `  <script src="/${script.fileName}"></script>\n  </head>`);
      },
    },
    generateBundle() {
      if (!script) throw new Error('index.html was not transformed before the bundle was written');
      this.emitFile({ type: 'asset', fileName: script.fileName, source: script.source });
    },
  };
}
