import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'vite';
import { SYNC_WORKER_URL } from '../src/sync/background-sync.ts';

const SOURCE = fileURLToPath(new URL('../src/sync-worker.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** What the worker's code needs to read as the app does: the build's mode and its `define` (src/config/env.ts). */
export interface SyncWorkerConfig {
  readonly mode: string;
  readonly define: Readonly<Record<string, string>>;
}

/**
 * The queue's service worker (src/sync-worker.ts) as one classic script at
 * the root, compiled and minified by Vite like the app, with the app's
 * environment (the API's address and key). A worker of its own, not part of
 * the app's (src/sync/background-sync.ts says why); not in the app's precache,
 * as the browser keeps a worker's script itself.
 */
export function syncWorker(config: SyncWorkerConfig): Plugin {
  return {
    name: 'bar-tab:sync-worker',
    apply: 'build',
    async generateBundle() {
      const output = await build({
        configFile: false,
        root: ROOT,
        mode: config.mode,
        define: config.define,
        logLevel: 'warn',
        build: {
          write: false,
          target: 'es2022',
          minify: true,
          modulePreload: false,
          copyPublicDir: false,
          rolldownOptions: { input: SOURCE, output: { format: 'iife' } },
        },
      });
      const results = Array.isArray(output) ? output : [output];
      const chunks = results.flatMap((result) => ('output' in result ? result.output : [])).filter((file) => file.type === 'chunk');
      const [chunk, ...others] = chunks;
      if (!chunk || others.length > 0) throw new Error(`the queue's worker: expected one script, got ${chunks.length}`);
      this.emitFile({ type: 'asset', fileName: SYNC_WORKER_URL.slice(1), source: chunk.code });
    },
  };
}
