import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';
import { MANIFEST_PATH } from '../src/pwa/manifest-link.ts';

export const MANIFEST_FILE = MANIFEST_PATH.slice(1);

/**
 * Serves and emits the one manifest at the repository root, unchanged and at a
 * stable URL (Vite would hash it). The page links it once the app is kept
 * (src/pwa/manifest-link.ts), so a first visit's bytes before offline-ready
 * carry neither it nor the icon the browser fetches for it.
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
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: MANIFEST_FILE, source: read() });
    },
  };
}
