import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
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
 * Modules whose code a guest's app never needs offline: the sync transport
 * (supabase-js, only ever used with signal) and the host's page. Their chunks
 * are kept when first loaded, not fetched when the service worker installs.
 */
const LATER_MODULES = [/\/node_modules\/@supabase\/supabase-js\//, /\/src\/views\/host\/HostApp\.tsx$/];

/** Files the service worker fetches at install besides the guest's code: the page and the manifest it links. */
const INSTALLED = new Set(['index.html', MANIFEST_FILE]);

/**
 * What the service worker fetches at install: the page, its manifest, and
 * every chunk (and its CSS) the guest's app can load from the entry, except
 * through a dynamic import of a LATER module. The rest (icons, screenshots,
 * LATER chunks) is kept when first loaded. Files whose names carry no hash get
 * their digest, so the worker can take them from the HTTP cache.
 */
function offlinePlan() {
  let outDir = '';
  const needed = new Set<string>();
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
      const visit = (fileName: string): void => {
        const chunk = chunks.get(fileName);
        if (!chunk || needed.has(fileName)) return;
        needed.add(fileName);
        for (const css of chunk.viteMetadata?.importedCss ?? []) needed.add(css);
        for (const next of [...chunk.imports, ...chunk.dynamicImports.filter((name) => !later(name))]) visit(next);
      };
      needed.clear();
      for (const chunk of chunks.values()) if (chunk.isEntry) visit(chunk.fileName);
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
        ...(INSTALLED.has(url) || needed.has(url) ? {} : { later: true }),
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
