import { readFileSync } from 'node:fs';
import { defineConfig, loadEnv } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { guestDownload } from './build/chunk-groups.ts';
import { earlyRegistration } from './build/early-registration.ts';
import { firstView } from './build/first-view.ts';
import { inlineStylesheet } from './build/inline-stylesheet.ts';
import { inlineTabIcon } from './build/inline-tab-icon.ts';
import { ocrFiles } from './build/ocr-files.ts';
import { offlinePlan } from './build/offline-plan.ts';
import { rootManifest } from './build/root-manifest.ts';
import { syncWorker } from './build/sync-worker.ts';
import { TERSER_CHECKS, TERSER_OPTIONS } from './build/minify.ts';
import { waysToPay } from './build/ways-to-pay.ts';
import { parseBackend, parsePaymentUrl } from './src/config/env-rules.ts';
import { apiOrigin, securityHeaders } from './scripts/lib/csp.ts';

// The build's own plugins live in build/ (typed and linted like the app); this file only puts them together.
export default defineConfig(({ mode }) => {
  // Fail the build, not a guest's tap, when the payment page is misconfigured.
  const env = loadEnv(mode, process.cwd(), 'VITE_');
  parsePaymentUrl(env.VITE_PAYMENT_URL);
  const backend = parseBackend(env.VITE_SUPABASE_URL, env.VITE_SUPABASE_ANON_KEY);
  const packageVersion = (JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string }).version;
  const plan = offlinePlan();
  const download = guestDownload();
  const define = {
    'import.meta.env.VITE_APP_VERSION': JSON.stringify(env.VITE_APP_VERSION ?? packageVersion),
  };
  return {
    define,
    plugins: [
      waysToPay(env.VITE_PAYMENT_URL, process.env.MERCADOPAGO_ACCESS_TOKEN),
      react(),
      rootManifest(),
      earlyRegistration(plan),
      firstView({ mode, define }),
      syncWorker({ mode, define }),
      inlineTabIcon(),
      ocrFiles(),
      inlineStylesheet(),
      securityHeaders(apiOrigin(env.VITE_SUPABASE_URL, backend)),
      plan.plugin,
      download.plugin,
      VitePWA({
        strategies: 'injectManifest',
        srcDir: 'src',
        filename: 'sw.ts',
        registerType: 'prompt',
        injectRegister: false,
        // The one manifest is manifest.webmanifest at the root (build/root-manifest.ts).
        manifest: false,
        // The worker's own build prints only warnings, like the app's (npm start speaks Spanish to the operator).
        integration: {
          configureCustomSWViteBuild: (options) => {
            options.logLevel = 'warn';
            // A first visit downloads it before the app works offline: minified as the app's own scripts are.
            options.build = {
              ...options.build,
              minify: 'terser',
              terserOptions: TERSER_OPTIONS,
              // vite-plugin-pwa names the worker's input and output under rollupOptions (Vite's older name): added to, not
              // replaced, which rolldownOptions beside it would do.
              // eslint-disable-next-line @typescript-eslint/no-deprecated
              rollupOptions: { ...options.build?.rollupOptions, checks: TERSER_CHECKS },
            };
          },
        },
        injectManifest: {
          // The worker is registered as a classic script; the default ES output carries
          // import.meta (Vite's preload helper), which a classic worker cannot evaluate.
          rollupFormat: 'iife',
          globPatterns: ['**/*.{html,js,css,svg,png,webmanifest,woff2}'],
          // The OCR engine is the host's alone and kept apart (build/ocr-files.ts, src/sw/shell.ts): not one byte in the guests' list.
          globIgnores: ['sync-worker.js', 'assets/ocr-*/**'],
          // The browser keeps a worker's script itself.
          manifestTransforms: [plan.transform],
        },
      }),
    ],
    resolve: {
      // Dexie's build for browsers of this decade: its default one carries the fallbacks of older engines, about
      // 1.2 KB more over a guest's first visit; the same API, one copy of it (nothing else imports Dexie another way).
      alias: [{ find: /^dexie$/, replacement: 'dexie/dist/modern/dexie.mjs' }],
    },
    build: {
      target: 'es2022',
      // Every browser the app runs in preloads modules itself: Vite's polyfill for those that did not is bytes for nobody.
      modulePreload: { polyfill: false },
      sourcemap: false,
      minify: 'terser',
      terserOptions: TERSER_OPTIONS,
      // What a guest's app needs is one file (build/chunk-groups.ts): every other file costs a guest on one bar its own
      // request and headers.
      rolldownOptions: { output: { codeSplitting: { groups: download.groups } }, checks: TERSER_CHECKS },
    },
  };
});
