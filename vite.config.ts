import { readFileSync } from 'node:fs';
import { defineConfig, loadEnv, type Plugin } from 'vite';
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

export default defineConfig(({ mode }) => {
  // Fail the build, not a guest's tap, when the payment page is misconfigured.
  const env = loadEnv(mode, process.cwd(), 'VITE_');
  parsePaymentUrl(env.VITE_PAYMENT_URL);
  const backend = parseBackend(env.VITE_SUPABASE_URL, env.VITE_SUPABASE_ANON_KEY);
  const packageVersion = (JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string })
    .version;
  return {
    define: {
      'import.meta.env.VITE_APP_VERSION': JSON.stringify(env.VITE_APP_VERSION ?? packageVersion),
    },
    plugins: [
      react(),
      rootManifest(),
      securityHeaders(apiOrigin(env.VITE_SUPABASE_URL, backend)),
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
        },
      }),
    ],
    build: {
      target: 'es2022',
      sourcemap: false,
    },
  };
});
