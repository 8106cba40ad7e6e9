import { fileURLToPath } from 'node:url';
import { createElement, StrictMode, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { runnerImport, type Plugin } from 'vite';
import { allowWasm } from '../scripts/lib/csp.ts';
import { HOST_PAGE_FILE, PAGE_FILE } from './pages.ts';

/** What the app's code needs to render as in the browser: the build's mode and its `define` (the version in the footer). */
export interface FirstViewConfig {
  readonly mode: string;
  readonly define: Readonly<Record<string, string>>;
}

const APP = fileURLToPath(new URL('../src/views/App.tsx', import.meta.url));
const ROOT = '<div id="root"></div>';
/** On #root when it holds the name view as built: src/main.tsx hydrates it. */
export const FIRST_VIEW_ATTRIBUTE = 'data-first-view';

/**
 * The first view as HTML: the app itself (src/views/App.tsx, its own
 * components, no copy of their markup) rendered at build time as React renders
 * it for a new guest on a server: no `user` stored, no party asked about yet,
 * nothing known of the browser (every store's server snapshot). That is the
 * name view under the header, which index.html then shows as soon as it and its
 * stylesheet arrive, before any script; src/main.tsx takes it over with
 * hydrateRoot.
 */
export async function renderFirstView(config: FirstViewConfig): Promise<string> {
  const { module } = await runnerImport<{ App: ComponentType }>(APP, {
    configFile: false,
    logLevel: 'warn',
    mode: config.mode,
    // src/config/env.ts resolves a same-origin backend against the page's origin, which a build has not: any will do,
    // as the name view shows nothing of the backend.
    define: { ...config.define, 'globalThis.location.origin': JSON.stringify('https://first-view.invalid') },
  });
  return renderToString(createElement(StrictMode, null, createElement(module.App)));
}

/**
 * The name view is built into index.html only: the host's page
 * (`/anfitrion`) is the same page with #root empty, so a host's first visit
 * never shows a guest's view while the app is on its way. (On later visits the
 * worker hands out index.html, and the early script hides the view there.)
 */
function hostPage(page: string): string {
  const withView = /<div id="root" data-first-view>[\s\S]*<\/div>(\s*<\/body>)/;
  if (!withView.test(page)) throw new Error(`${PAGE_FILE} has no first view to leave out of ${HOST_PAGE_FILE}`);
  // Its photo reader's wasm (issue 41): the guests' page stays as it was.
  return allowWasm(page.replace(withView, `${ROOT}$1`));
}

export function firstView(config: FirstViewConfig): Plugin {
  return {
    name: 'bar-tab:first-view',
    apply: 'build',
    // After vite:build-html has written index.html into the bundle.
    enforce: 'post',
    generateBundle(_options, bundle) {
      const page = bundle[PAGE_FILE];
      if (page?.type !== 'asset') throw new Error(`the bundle has no ${PAGE_FILE}`);
      this.emitFile({ type: 'asset', fileName: HOST_PAGE_FILE, source: hostPage(String(page.source)) });
    },
    transformIndexHtml: {
      order: 'pre',
      async handler(html) {
        if (!html.includes(ROOT)) throw new Error(`index.html has no ${ROOT} to render the first view into`);
        const markup = await renderFirstView(config);
        return html.replace(ROOT, `<div id="root" ${FIRST_VIEW_ATTRIBUTE}>${markup}</div>`);
      },
    },
  };
}
