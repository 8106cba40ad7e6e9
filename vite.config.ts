import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, loadEnv, type Plugin, type Rollup } from 'vite';
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

/**
 * The service worker's registration, as a script of its own that index.html
 * loads async: it runs as soon as its few bytes arrive, while the app's main
 * bundle is still on its way, so sw.js (and through it the files the app needs
 * offline) is fetched alongside it instead of a round trip after it. On one
 * bar of signal that round trip was the gap between the page working and the
 * app working offline. Classic, not a module: CSP allows it ('self'), and it
 * imports nothing. The app registers again when it runs (src/pwa), which
 * returns this same registration; in dev there is no worker.
 */
const EARLY_REGISTRATION = `"serviceWorker"in navigator&&navigator.serviceWorker.register("/sw.js",{scope:"/"}).catch(function(){});\n`;

function earlyRegistration(): Plugin {
  const fileName = `assets/register-sw-${createHash('sha256').update(EARLY_REGISTRATION).digest('hex').slice(0, 8)}.js`;
  return {
    name: 'bar-tab:early-registration',
    apply: 'build',
    transformIndexHtml: () => [{ tag: 'script', attrs: { src: `/${fileName}`, async: true }, injectTo: 'head' }],
    generateBundle() {
      this.emitFile({ type: 'asset', fileName, source: EARLY_REGISTRATION });
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

/** Files the service worker fetches at install besides the guest's code: the page and the manifest it links. */
const INSTALLED = new Set(['index.html', MANIFEST_FILE]);
/** Assets besides the chunks that index.html loads, and so the app needs offline. */
const PAGE_ASSETS = /^assets\/register-sw-[\da-f]+\.js$/;

/**
 * What the service worker fetches at install: the page, its manifest, and
 * every chunk (and its CSS) the guest's app can load from the entry, except
 * through a dynamic import of a LATER module. The rest (icons, screenshots,
 * LATER chunks) is kept when first loaded. Files whose names carry no hash get
 * their digest, so the worker can take them from the HTTP cache. The files
 * index.html loads carry their size (`bytes`), so the worker can tell how far
 * along the page's own download of them is; those the app imports once
 * running are marked `imported`: the worker fetches them itself, timed to
 * follow the page's downloads on the link (src/sw/shell.ts).
 */
function offlinePlan() {
  let outDir = '';
  const needed = new Set<string>();
  /** What index.html loads: the entry, its static imports, their CSS. */
  const loadedByPage = new Set<string>();
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
      for (const chunk of chunks.values()) {
        if (!chunk.isEntry) continue;
        visit(needed, chunk.fileName, true);
        visit(loadedByPage, chunk.fileName, false);
      }
    },
  };
  const integrity = async (url: string) => `sha256-${createHash('sha256').update(await readFile(join(outDir, url))).digest('base64')}`;
  const transform = async (entries: { url: string; revision: string | null; size: number }[]) => ({
    manifest: await Promise.all(
      entries.map(async ({ url, revision, size }) => ({
        url,
        revision: null,
        size,
        ...(revision ? { integrity: await integrity(url) } : {}),
        ...(loadedByPage.has(url) ? { bytes: size } : {}),
        ...(needed.has(url) && !loadedByPage.has(url) ? { imported: true } : {}),
        ...(INSTALLED.has(url) || needed.has(url) || PAGE_ASSETS.test(url) ? {} : { later: true }),
      })),
    ),
  });
  return { plugin, transform };
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
      earlyRegistration(),
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
