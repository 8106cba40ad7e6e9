import { createHash } from 'node:crypto';
import type { Plugin, Rollup } from 'vite';
import { HEADERS_FILE } from '../scripts/lib/headers-file.ts';
import { HOST_PAGE_FILE, PAGE_FILE } from './pages.ts';

/** The stylesheet Vite links in a page's <head>: the entry's own (the host's sections bring theirs with their chunks). */
const STYLESHEET = /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/;
const STYLE_SRC = "style-src 'self'";

/** What a Content-Security-Policy names to allow one inline <style> with exactly this text. */
export const styleHash = (css: string) => `'sha256-${createHash('sha256').update(css, 'utf8').digest('base64')}'`;

/**
 * The pages' stylesheet inside the pages. Linked, it was a request of its own,
 * asked for only once the page's head had arrived: on one bar of signal a round
 * trip (400 ms) before the name view as built could show, and its bytes shared
 * the link with the main bundle's. Both pages carry the same stylesheet, and the
 * policy (scripts/lib/csp.ts, here and in _headers) allows that one text by its
 * hash; the file itself is no longer written, so the worker does not fetch it.
 */
export function inlineStylesheet(): Plugin {
  return {
    name: 'bar-tab:inline-stylesheet',
    apply: 'build',
    // After vite:build-html has written the pages and bar-tab:security-headers the headers file.
    enforce: 'post',
    generateBundle: {
      // After Vite's own: the preload lists are written into the chunks by then.
      order: 'post',
      handler(_options, bundle) {
        const pages = [PAGE_FILE, HOST_PAGE_FILE].map((fileName) => bundle[fileName]);
        const sheets = new Set(pages.map((page) => (page?.type === 'asset' ? STYLESHEET.exec(String(page.source))?.[1] : undefined)));
        const [sheet, ...others] = [...sheets];
        const css = sheet === undefined ? undefined : bundle[sheet];
        if (others.length > 0 || css?.type !== 'asset') throw new Error('the pages must link one and the same stylesheet to inline it');
        const text = String(css.source);
        if (/<\/style/i.test(text)) throw new Error(`${css.fileName} would end the <style> that carries it`);
        const allow = `${STYLE_SRC} ${styleHash(text)}`;
        for (const page of pages) {
          if (page?.type !== 'asset') continue;
          const html = String(page.source);
          if (!html.includes(STYLE_SRC)) throw new Error(`${page.fileName} has no policy naming ${STYLE_SRC}`);
          // A function, so that no `$` in the stylesheet is read as a replacement pattern.
          page.source = mainScriptAfterPolicy(html.replace(STYLESHEET, () => `<style>${text}</style>`).replace(STYLE_SRC, allow));
        }
        allowInHeaders(bundle, allow);
        forgetInPreloads(bundle, css.fileName);
        // The file is written for neither page: Rollup's own way to leave an output out is to take it from the bundle.
        // eslint-disable-next-line @typescript-eslint/no-dynamic-delete
        delete bundle[css.fileName];
      },
    },
  };
}

function allowInHeaders(bundle: Rollup.OutputBundle, allow: string): void {
  const headers = bundle[HEADERS_FILE];
  if (headers?.type !== 'asset' || !String(headers.source).includes(STYLE_SRC)) throw new Error(`${HEADERS_FILE} has no policy naming ${STYLE_SRC}`);
  headers.source = String(headers.source).split(STYLE_SRC).join(allow);
}

const MAIN_SCRIPT = /[ \t]*<script type="module"[^>]*><\/script>\n?/;
const POLICY = /<meta http-equiv="Content-Security-Policy"[^>]*>\n?/;

/**
 * With the stylesheet inside the page, the main bundle is the first file <head> asks for: its tag goes right after
 * the policy (which must come before it to govern it), so the browser asks for it with the page's first bytes, not
 * after the 11 KB of the stylesheet. A module script runs once the page is parsed wherever it stands, so the first
 * paint waits for it no more than before; on one bar of signal the bundle, and offline-ready, come about 40 ms sooner.
 */
function mainScriptAfterPolicy(html: string): string {
  const script = MAIN_SCRIPT.exec(html)?.[0];
  const policy = POLICY.exec(html)?.[0];
  if (!script || !policy) throw new Error('a page has no policy or no main script to put after it');
  return html.replace(script, '').replace(policy, () => `${policy}    ${script.trim()}\n`);
}

/**
 * A chunk loaded later lists, for Vite's preload, the stylesheet of every chunk
 * it imports: with no <link> in the page naming the entry's, Vite would link
 * it again and ask for a file the build no longer writes. Its place in each
 * list goes to the entry chunk it came with, which is loaded already (and
 * listed already: the preload skips a name it has seen).
 */
function forgetInPreloads(bundle: Rollup.OutputBundle, sheet: string): void {
  const owner = Object.values(bundle).find((output) => output.type === 'chunk' && output.viteMetadata?.importedCss.has(sheet));
  if (!owner) throw new Error(`no chunk brings ${sheet}`);
  for (const output of Object.values(bundle)) {
    if (output.type === 'chunk') output.code = output.code.split(`"${sheet}"`).join(`"${owner.fileName}"`);
  }
}
