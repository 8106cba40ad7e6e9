import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';
import { OCR_SOURCES } from '../src/receipts/ocr-files.ts';

const require = createRequire(import.meta.url);

/** Each file of the engine from node_modules, read once (about 11 MB, the wasm and the data). */
function readSources(): { readonly name: string; readonly bytes: Buffer }[] {
  return OCR_SOURCES.map(({ from, name }) => ({ name, bytes: readFileSync(require.resolve(from)) }));
}

/**
 * The phone's OCR engine (issue 41) served from the app's own origin, never a
 * CDN: tesseract.js's worker, its core (with SIMD and without) and its wasm,
 * and the Spanish data, copied from node_modules into one folder of the build
 * named by their digest, `assets/ocr-<hash>/`, where names keep what the core
 * asks for and the hash keeps them immutable. The app finds the folder in
 * `import.meta.env.VITE_OCR_DIR`. Not one byte of it is in what a guest loads
 * or in what the service worker fetches at install: the offline plan keeps
 * them when the host's 'Cuenta del bar' first loads them. Vite's dev server
 * serves the same folder from node_modules.
 */
export function ocrFiles(): Plugin {
  const sources = readSources();
  const digest = createHash('sha256');
  for (const { name, bytes } of sources) digest.update(name).update(bytes);
  const dir = `/assets/ocr-${digest.digest('hex').slice(0, 10)}/`;
  const byPath = new Map(sources.map((source) => [`${dir}${source.name}`, source] as const));
  return {
    name: 'bar-tab:ocr-files',
    config: () => ({ define: { 'import.meta.env.VITE_OCR_DIR': JSON.stringify(dir) } }),
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const source = byPath.get(request.url?.split('?')[0] ?? '');
        if (!source) {
          next();
          return;
        }
        const type = source.name.endsWith('.js') ? 'text/javascript' : source.name.endsWith('.wasm') ? 'application/wasm' : 'application/gzip';
        response.setHeader('Content-Type', type);
        response.end(source.bytes);
      });
    },
    generateBundle() {
      for (const { name, bytes } of sources) this.emitFile({ type: 'asset', fileName: `${dir.slice(1)}${name}`, source: bytes });
    },
  };
}
