import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/**
 * The tab icon, written into index.html: the browser fetched /icons/icon.svg
 * for itself right after the page loaded, twice, 1 KB each time with its
 * headers, on the link while the worker's files were still coming. The file
 * stays, for the manifest. CSP allows data: images.
 */
export function inlineTabIcon(): Plugin {
  const icon = '/icons/icon.svg';
  return {
    name: 'bar-tab:inline-tab-icon',
    apply: 'build',
    transformIndexHtml(html) {
      const svg = readFileSync(new URL(`../public${icon}`, import.meta.url), 'utf8')
        .replace(/>\s+</g, '><')
        .replace(/\s*\n\s*/g, ' ')
        .trim();
      const link = `<link rel="icon" href="${icon}" type="image/svg+xml" />`;
      if (!html.includes(link)) throw new Error(`index.html has no ${link}`);
      // Only what a data: URL in a quoted attribute must escape, so it stays short.
      const data = svg.replaceAll('"', "'").replace(/[#%<>]/g, (character) => encodeURIComponent(character));
      return html.replace(link, `<link rel="icon" href="data:image/svg+xml,${data}" type="image/svg+xml" />`);
    },
  };
}
