import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

export const MANIFEST_FILE = 'manifest.webmanifest';

/**
 * Serves and emits the one manifest at the repository root, unchanged and at a
 * stable URL (Vite would hash it), and links it from index.html.
 */
export function rootManifest(): Plugin {
  const read = () => readFileSync(new URL(`../${MANIFEST_FILE}`, import.meta.url), 'utf8');
  return {
    name: 'bar-tab:root-manifest',
    configureServer(server) {
      server.middlewares.use(`/${MANIFEST_FILE}`, (_req, res) => {
        res.setHeader('Content-Type', 'application/manifest+json');
        res.end(read());
      });
    },
    transformIndexHtml: () => [{ tag: 'link', attrs: { rel: 'manifest', href: `/${MANIFEST_FILE}` }, injectTo: 'head' }],
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: MANIFEST_FILE, source: read() });
    },
  };
}
