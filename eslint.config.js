import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/**
 * What each capability shows the rest of src/: its index.ts, and the few
 * modules a side that must not load the rest imports directly (the service
 * worker has no React or Dexie; the page's React hooks read Vite's env).
 */
const SURFACES = {
  catalogue: ['index.ts'],
  comments: ['index.ts'],
  config: ['env.ts', 'env-rules.ts'],
  // idb.ts and records.ts: the service worker's side of the queue reaches the database without Dexie.
  db: ['index.ts', 'idb.ts', 'records.ts'],
  guest: ['index.ts'],
  // qr.ts: the QR code's encoder is loaded on its own, when a party's page draws it, not with the host's page.
  // paid-mark-kind.ts: the host's kind in the outbox, which every page and the queue's worker register without the host's page.
  // bill-section.ts: the bar's bill's section (its rules and parser), loaded the first time it shows; payment-ways.ts: 'Pagos', the same way.
  host: ['index.ts', 'qr.ts', 'paid-mark-kind.ts', 'bill-section.ts', 'payment-ways.ts'],
  menu: ['index.ts'],
  party: ['index.ts'],
  // transfer-kind.ts: the guest's transfer notices in the outbox, which the page and the queue's worker register without React.
  // transfers.ts: 'Ya transferí' on the page, loaded with the 'Transferir' block only, never with the tab.
  payments: ['index.ts', 'transfer-kind.ts', 'transfers.ts'],
  // The host's reading of a photo of the bar's bill (issue 41): loaded with the bill's section only.
  receipts: ['index.ts'],
  // clock.ts: a React hook, kept out of the index so the queue's core (sync/index.ts) stays free of React for Node tools.
  // listeners.ts: the server client tells who listens of its answers in the queue's worker too, which has no window.
  platform: ['index.ts', 'clock.ts', 'listeners.ts'],
  // early-script-tag.ts: the service worker hands the page out with the early script as the build wrote it.
  // keep-loaded.ts: only the host's page loads files its first visit may not have kept, so it comes in that chunk, not the guests' first load.
  // engine-cache.ts: the host's OCR engine's cache, which the worker and the host's page share, never in the guests' first load.
  pwa: ['index.ts', 'messages.ts', 'early-script-tag.ts', 'keep-loaded.ts', 'engine-cache.ts'],
  // rest.ts: PostgREST's query builder (postgrest-js), which the queue's requests load with the first flush, never with the page.
  server: ['index.ts', 'rest.ts'],
  // queue.ts: what a capability needs to own a kind of change, without the page's engine (the queue's worker loads it).
  // page.ts: the context main.tsx provides the page's outbox through, in the first load without the status line's code.
  sync: ['index.ts', 'hooks.ts', 'worker.ts', 'queue.ts', 'page.ts'],
  // guest-rows.ts and outbox.ts: the tab's kinds, which the queue's worker registers without the tab's screens.
  tab: ['index.ts', 'guest-rows.ts', 'outbox.ts'],
};
// Capabilities under src/ never reach into the views that use them: the folders listed above, written once.
const CAPABILITIES = Object.keys(SURFACES);
const SRC_PARTS = [...Object.keys(SURFACES), 'views', 'sw'];
const surfaceZones = Object.entries(SURFACES).map(([capability, surface]) => ({
  target: [...SRC_PARTS.filter((part) => part !== capability).map((part) => `./src/${part}`), './src/main.tsx', './src/sw.ts', './src/sync-worker.ts'],
  from: `./src/${capability}`,
  except: surface.map((file) => `./${file}`),
  message: `Import ${capability} through its public surface (${surface.join(', ')}).`,
}));

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'test-results', 'playwright-report', 'bench-results', '.local'] },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: { import: importPlugin, 'react-hooks': reactHooks },
    settings: {
      'import/resolver': {
        typescript: {
          project: ['tsconfig.app.json', 'tsconfig.test.json', 'tsconfig.node.json', 'tsconfig.sw.json', 'tsconfig.functions.json'],
          noWarnOnMultipleProjects: true,
        },
      },
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import/no-cycle': 'error',
      // Every package imported is declared (the app is bundled at build time, so devDependencies count).
      'import/no-extraneous-dependencies': ['error', { devDependencies: true }],
      'import/no-self-import': 'error',
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            ...CAPABILITIES.map((capability) => ({
              target: `./src/${capability}`,
              from: './src/views',
              message: 'Views import capabilities, never the reverse.',
            })),
            ...surfaceZones,
            {
              target: './src/sync',
              from: ['./src/tab', './src/host', './src/payments'],
              message: 'The outbox is generic: a capability registers its kinds (sync/kinds.ts), the outbox never imports it.',
            },
            { target: './src', from: './tests', message: 'The app never imports tests.' },
            { target: './scripts', from: './tests', message: 'Scripts never import tests: what both need lives in scripts/lib.' },
            {
              target: './supabase/functions',
              from: ['./src', './scripts', './tests'],
              message: 'Supabase deploys supabase/functions/ alone: a function imports nothing outside it.',
            },
          ],
        },
      ],
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
    },
  },
  {
    // Vitest's asymmetric matchers (expect.stringMatching…) and JSON.parse are typed `any`.
    files: ['tests/**'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
    },
  },
  {
    // Playwright fixtures must destructure their dependencies (even none) and call `use`, which is no React hook.
    files: ['tests/e2e/**'],
    rules: {
      'no-empty-pattern': 'off',
      'react-hooks/rules-of-hooks': 'off',
    },
  },
  {
    files: ['**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
);
