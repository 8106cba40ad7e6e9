import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { classicScript } from './classic-script.ts';
import type { EarlyPlan } from '../src/pwa/early-registration.ts';
import { HEADERS_FILE } from '../scripts/lib/headers-file.ts';

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

/** What a Content-Security-Policy names to allow one inline <script> with exactly this text. */
export const scriptHash = (source: string) => `'sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}'`;

/** The early script's tag: marked, so the tests find it and nothing else. */
export function earlyScriptTag(source: string): string {
  if (/<\/script/i.test(source)) throw new Error('the early script would end the <script> that carries it');
  return `<script data-early>${source}</script>`;
}

/** The script-src directive of a policy, with `hash` added at its end (in the page's meta tag, or in _headers). */
const allowScript = (policy: string, hash: string): string => policy.replace(/(script-src 'self'[^;"\n]*)/g, `$1 ${hash}`);

/**
 * The early script inside the page, last in <head>, allowed by its hash in the
 * policy (the page's meta tag and _headers). As a file of its own (async) it
 * was one more request before offline-ready: about 1.3 KB of headers both ways
 * and its bytes on one bar of signal (issue 40); inside, it costs its few
 * hundred bytes of brotli and runs as the page is parsed, on a first visit and
 * from the worker alike: a returning guest's name view as built is hidden
 * before the first paint, with or without a worker. Its plan (the main
 * bundle's name and size, what the app imports later) is known only once the
 * bundle is, so it is compiled at the page's last transform.
 */
export function earlyRegistration(plan: { imported(): string[] }): Plugin {
  const hashes = new Set<string>();
  return {
    name: 'bar-tab:early-registration',
    apply: 'build',
    // After vite:build-html, whose generateBundle runs the 'post' transform below: the bundle is known by then.
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
        const hash = scriptHash(source);
        hashes.add(hash);
        if (!html.includes('</head>')) throw new Error('index.html has no </head> for the early script to end');
        const policy = /<meta http-equiv="Content-Security-Policy" content="[^"]*"/.exec(html)?.[0];
        if (!policy?.includes("script-src 'self'")) throw new Error("the page's policy names no script-src 'self' to allow the early script in");
        // A function, so that no `$` in the script is read as a replacement pattern.
        return html.replace(policy, allowScript(policy, hash)).replace('</head>', () => `  ${earlyScriptTag(source)}\n  </head>`);
      },
    },
    generateBundle: {
      // After bar-tab:security-headers has written the headers file.
      order: 'post',
      handler(_options, bundle) {
        const headers = bundle[HEADERS_FILE];
        if (hashes.size === 0) throw new Error('no page was given the early script');
        if (headers?.type !== 'asset' || !String(headers.source).includes("script-src 'self'"))
          throw new Error(`${HEADERS_FILE} has no policy naming script-src 'self'`);
        headers.source = [...hashes].reduce(allowScript, String(headers.source));
      },
    },
  };
}
