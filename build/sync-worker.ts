import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { classicScript } from './classic-script.ts';
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
      const source = await classicScript({
        what: "the queue's worker",
        input: SOURCE,
        settings: { root: ROOT, mode: config.mode, define: config.define },
      });
      this.emitFile({ type: 'asset', fileName: SYNC_WORKER_URL.slice(1), source });
    },
  };
}
