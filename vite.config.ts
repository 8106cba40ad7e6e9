import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, loadEnv, minifySync, type Plugin, type Rollup } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { parseBackend, parsePaymentUrl } from './src/config/env-rules.ts';
import { apiOrigin, securityHeaders } from './scripts/lib/csp.ts';

const MANIFEST_FILE = 'manifest.webmanifest';

/**
 * Serves and emits the one manifest at the repository root, unchanged and at a
 * stable URL (Vite would hash it), and links it from index.html.
 */
function rootManifest(): Plugin {
  const read = () => readFileSync(new URL(`./${MANIFEST_FILE}`, import.meta.url), 'utf8');
  return {
    name: 'bar-tab:root-manifest',
    configureServer(server) {
      server.middlewares.use(`/${MANIFEST_FILE}`, (_req, res) => {
        res.setHeader('Content-Type', 'application/manifest+json');
        res.end(read());
      });
    },
    transformIndexHtml: () => [
      { tag: 'link', attrs: { rel: 'manifest', href: `/${MANIFEST_FILE}` }, injectTo: 'head' },
    ],
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: MANIFEST_FILE, source: read() });
    },
  };
}

/** What the early script needs to know of the build. */
export interface EarlyPlan {
  /** The main bundle, as index.html loads it. */
  readonly main: string;
  /** Its size as built (the body arrives decoded). */
  readonly bytes: number;
  /** What the app imports once running, which the worker keeps: fetched ahead. */
  readonly next: readonly string[];
  /** Bytes of the main bundle still to come on the link when the worker is registered… */
  readonly registerAt: number;
  /** …and when `next` is fetched. */
  readonly fetchAt: number;
}

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

/**
 * The service worker's registration and the first visit's pacing, as a script
 * of its own that index.html loads async: it runs as soon as its few bytes
 * arrive, while the app's main bundle is still on its way. On one bar of
 * signal every connection gets its share of the link, so whatever is asked
 * for while the bundle comes slows it (and the name field) down; asked for
 * only once the bundle has run, it leaves the link idle for a round trip.
 * This script follows the bundle as it arrives (its own fetch of it shares the
 * page's download through the HTTP cache) and, a round trip's worth of bytes
 * before it ends, registers the worker, then fetches what the app imports
 * later (the tab's code), which the worker keeps: they follow the bundle on
 * the link with no gap, sw.js first so the worker installs meanwhile. Classic,
 * not a module: CSP allows it ('self'), it imports nothing. The app registers
 * again when it runs (src/pwa), which returns this same registration; in dev
 * there is no worker.
 */
export function earlyRegistrationScript(plan: EarlyPlan): string {
  const source = `(function (plan) {
  var sw = navigator.serviceWorker, registered = false, fetched = false;
  if (!sw) return;
  function register() {
    if (registered) return;
    registered = true;
    sw.register('/sw.js', { scope: '/' }).catch(function () {});
  }
  function fetchNext() {
    if (fetched) return;
    fetched = true;
    plan.next.forEach(function (url) {
      fetch(url).then(function (response) { return response.arrayBuffer(); }).catch(function () {});
    });
  }
  function both() {
    register();
    fetchNext();
  }
  // A repeat visit: the worker already keeps every file.
  if (sw.controller) return register();
  fetch(plan.main).then(function (response) {
    // The body arrives decoded; the link carries it compressed, as Content-Length counts it.
    var onLink = Number(response.headers.get('Content-Length')) || plan.bytes, read = 0, reader = response.body.getReader();
    function step() {
      return reader.read().then(function (part) {
        if (part.done) return both();
        read += part.value.byteLength;
        var left = (1 - read / plan.bytes) * onLink;
        if (left <= plan.registerAt) register();
        if (left <= plan.fetchAt) fetchNext();
        return step();
      });
    }
    return step();
  }).catch(both);
})(${JSON.stringify(plan)});
`;
  const { code, errors } = minifySync('register-sw.js', source);
  if (errors.length > 0) throw new Error(`early registration: ${errors.map((error) => error.message).join('; ')}`);
  return code;
}

function earlyRegistration(plan: { imported(): string[] }): Plugin {
  let script: { fileName: string; source: string } | undefined;
  return {
    name: 'bar-tab:early-registration',
    apply: 'build',
    // After vite:build-html, whose generateBundle runs the 'post' transform below: the file is known by then.
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { chunk }) {
        if (!chunk) return [];
        const source = earlyRegistrationScript({
          main: `/${chunk.fileName}`,
          bytes: Buffer.byteLength(chunk.code),
          next: plan.imported().map((url) => `/${url}`),
          registerAt: ROUND_TRIP_BYTES,
          fetchAt: ROUND_TRIP_BYTES - WORKER_HEAD_BYTES,
        });
        script = { fileName: `assets/register-sw-${createHash('sha256').update(source).digest('hex').slice(0, 8)}.js`, source };
        return [{ tag: 'script', attrs: { src: `/${script.fileName}`, async: true }, injectTo: 'head' }];
      },
    },
    generateBundle() {
      if (!script) throw new Error('index.html was not transformed before the bundle was written');
      this.emitFile({ type: 'asset', fileName: script.fileName, source: script.source });
    },
  };
}

/**
 * The tab icon, written into index.html: the browser fetched /icons/icon.svg
 * for itself right after the page loaded, twice, 1 KB each time with its
 * headers, on the link while the worker's files were still coming. The file
 * stays, for the manifest. CSP allows data: images.
 */
function inlineTabIcon(): Plugin {
  const icon = '/icons/icon.svg';
  return {
    name: 'bar-tab:inline-tab-icon',
    apply: 'build',
    transformIndexHtml(html) {
      const svg = readFileSync(new URL(`./public${icon}`, import.meta.url), 'utf8').replace(/\s*\n\s*/g, ' ').trim();
      const link = `<link rel="icon" href="${icon}" type="image/svg+xml" />`;
      if (!html.includes(link)) throw new Error(`index.html has no ${link}`);
      // Only what a data: URL in a quoted attribute must escape, so it stays short.
      const data = svg.replaceAll('"', "'").replace(/[#%<>]/g, (character) => encodeURIComponent(character));
      return html.replace(link, `<link rel="icon" href="data:image/svg+xml,${data}" type="image/svg+xml" />`);
    },
  };
}

/**
 * `virtual:pwa-register/react` is the app's own hook (src/pwa/register-sw.ts):
 * vite-plugin-pwa's contract without workbox-window, a chunk the page fetched
 * once running and the worker had to keep. Resolved before vite-plugin-pwa
 * resolves it; tests that mock the virtual module mock this one.
 */
function ownRegisterHook(): Plugin {
  const file = fileURLToPath(new URL('./src/pwa/register-sw.ts', import.meta.url));
  return {
    name: 'bar-tab:register-hook',
    enforce: 'pre',
    resolveId: (id) => (id === 'virtual:pwa-register/react' ? file : undefined),
  };
}

/**
 * Modules whose code a guest's app never needs offline: the sync transport
 * (supabase-js, only ever used with signal) and the host's page. Their chunks
 * are kept when first loaded, not fetched when the service worker installs.
 */
const LATER_MODULES = [/\/node_modules\/@supabase\/supabase-js\//, /\/src\/views\/host\/HostApp\.tsx$/];

const PAGE_FILE = 'index.html';
/** Files the service worker fetches at install besides the guest's code: the page and the manifest it links. */
const INSTALLED = new Set([PAGE_FILE, MANIFEST_FILE]);
/** Assets besides the chunks that index.html loads, and so the app needs offline. */
const PAGE_ASSETS = /^assets\/register-sw-[\da-f]+\.js$/;

/**
 * What the service worker fetches at install: the page, its manifest, and
 * every chunk (and its CSS) the guest's app can load from the entry, except
 * through a dynamic import of a LATER module. The rest (icons, screenshots,
 * LATER chunks) is kept when first loaded. Files whose names carry no hash get
 * their digest, so the worker can take them from the HTTP cache; the page also
 * gets the entry script it loads, so the worker can tell this build's page
 * from another's when a host has added to it (src/sw/shell.ts). What the
 * app imports once running (`imported`) index.html's early script fetches
 * ahead, timed to follow the page's own downloads on the link.
 */
function offlinePlan() {
  let outDir = '';
  const needed = new Set<string>();
  /** What index.html loads: the entry, its static imports, their CSS. */
  const loadedByPage = new Set<string>();
  /** The entry script index.html loads, as the page names it. */
  let pageScript = '';
  const plugin: Plugin = {
    name: 'bar-tab:offline-plan',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    generateBundle(_options, bundle) {
      const chunks = new Map<string, Rollup.OutputChunk>();
      for (const output of Object.values(bundle)) if (output.type === 'chunk') chunks.set(output.fileName, output);
      const later = (fileName: string) => LATER_MODULES.some((pattern) => pattern.test(chunks.get(fileName)?.facadeModuleId ?? ''));
      const visit = (into: Set<string>, fileName: string, dynamic: boolean): void => {
        const chunk = chunks.get(fileName);
        if (!chunk || into.has(fileName)) return;
        into.add(fileName);
        for (const css of chunk.viteMetadata?.importedCss ?? []) into.add(css);
        const next = dynamic ? [...chunk.imports, ...chunk.dynamicImports.filter((name) => !later(name))] : chunk.imports;
        for (const name of next) visit(into, name, dynamic);
      };
      needed.clear();
      loadedByPage.clear();
      pageScript = '';
      for (const chunk of chunks.values()) {
        if (!chunk.isEntry) continue;
        if (chunk.facadeModuleId?.endsWith(`/${PAGE_FILE}`)) pageScript = `/${chunk.fileName}`;
        visit(needed, chunk.fileName, true);
        visit(loadedByPage, chunk.fileName, false);
      }
    },
  };
  const integrity = async (url: string) => `sha256-${createHash('sha256').update(await readFile(join(outDir, url))).digest('base64')}`;
  const names = () => {
    if (!pageScript) throw new Error(`${PAGE_FILE} loads no entry script: the worker could not tell its build`);
    return pageScript;
  };
  const transform = async (entries: { url: string; revision: string | null; size: number }[]) => ({
    manifest: await Promise.all(
      entries.map(async ({ url, revision, size }) => ({
        url,
        revision: null,
        size,
        ...(revision ? { integrity: await integrity(url) } : {}),
        ...(url === PAGE_FILE ? { names: names() } : {}),
        ...(INSTALLED.has(url) || needed.has(url) || PAGE_ASSETS.test(url) ? {} : { later: true }),
      })),
    ),
  });
  /** What the app imports once running, besides what index.html loads: the tab's code. */
  const imported = () => [...needed].filter((url) => !loadedByPage.has(url));
  return { plugin, transform, imported };
}

export default defineConfig(({ mode }) => {
  // Fail the build, not a guest's tap, when the payment page is misconfigured.
  const env = loadEnv(mode, process.cwd(), 'VITE_');
  parsePaymentUrl(env.VITE_PAYMENT_URL);
  const backend = parseBackend(env.VITE_SUPABASE_URL, env.VITE_SUPABASE_ANON_KEY);
  const packageVersion = (JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string })
    .version;
  const plan = offlinePlan();
  return {
    define: {
      'import.meta.env.VITE_APP_VERSION': JSON.stringify(env.VITE_APP_VERSION ?? packageVersion),
    },
    plugins: [
      react(),
      rootManifest(),
      ownRegisterHook(),
      earlyRegistration(plan),
      inlineTabIcon(),
      securityHeaders(apiOrigin(env.VITE_SUPABASE_URL, backend)),
      plan.plugin,
      VitePWA({
        strategies: 'injectManifest',
        srcDir: 'src',
        filename: 'sw.ts',
        registerType: 'prompt',
        injectRegister: false,
        // The one manifest is manifest.webmanifest at the root (rootManifest above).
        manifest: false,
        // The worker's own build prints only warnings, like the app's (npm start speaks Spanish to the operator).
        integration: {
          configureCustomSWViteBuild: (options) => {
            options.logLevel = 'warn';
          },
        },
        injectManifest: {
          // The worker is registered as a classic script; the default ES output carries
          // import.meta (Vite's preload helper), which a classic worker cannot evaluate.
          rollupFormat: 'iife',
          globPatterns: ['**/*.{html,js,css,svg,png,webmanifest,woff2}'],
          manifestTransforms: [plan.transform],
        },
      }),
    ],
    build: {
      target: 'es2022',
      sourcemap: false,
    },
  };
});
