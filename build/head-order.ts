import type { Plugin } from 'vite';

/** The stylesheet Vite links in <head>; the one index.html has (the host's is its chunk's, loaded with it). */
const STYLESHEET = /\n?[ \t]*<link rel="stylesheet"[^>]*>/;
const MAIN_SCRIPT = '<script type="module"';

/**
 * The stylesheet first in <head>, before the main bundle Vite puts ahead of
 * it. On one bar of signal the page finds two connections open: the browser
 * gives them to the first two files <head> names, and the rest wait a round
 * trip for connections of their own. The name view as built shows once the
 * stylesheet is in, so it goes first; the main bundle takes the other.
 */
export function stylesheetFirst(): Plugin {
  return {
    name: 'bar-tab:stylesheet-first',
    apply: 'build',
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const sheet = STYLESHEET.exec(html)?.[0];
        const script = html.indexOf(MAIN_SCRIPT);
        if (!sheet || script < 0) throw new Error('index.html links no stylesheet or loads no main script');
        if (html.indexOf(sheet) < script) return html;
        const without = html.replace(sheet, '');
        return without.replace(MAIN_SCRIPT, `${sheet.trim()}\n    ${MAIN_SCRIPT}`);
      },
    },
  };
}
