import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Plugin, Rollup } from 'vite';
import { isLater } from './chunk-groups.ts';
import { PAGE_FILE } from './pages.ts';

/**
 * Files the service worker fetches at install besides the guest's code: the page. The manifest, which the page
 * links once the app is kept (src/pwa/manifest-link.ts), is kept as it first loads, like the icons.
 */
const INSTALLED = new Set([PAGE_FILE]);

/** A file as vite-plugin-pwa lists it for the precache. */
interface PrecacheFile {
  readonly url: string;
  readonly revision: string | null;
  readonly size: number;
}

/** What src/sw.ts reads of each precached file (src/sw/shell.ts). */
export interface PrecacheEntry {
  readonly url: string;
  readonly revision: null;
  readonly size: number;
  /** Files whose names carry no hash: their digest. */
  readonly integrity?: string;
  /** index.html: the entry script it loads. */
  readonly names?: string;
  /** Kept when first loaded, not fetched at install. */
  readonly later?: true;
}

export interface OfflinePlan {
  readonly plugin: Plugin;
  /** For vite-plugin-pwa's injectManifest.manifestTransforms: what src/sw.ts reads of each file. */
  readonly transform: (entries: readonly PrecacheFile[]) => Promise<{ manifest: PrecacheEntry[] }>;
  /** What the app imports once running, besides what index.html loads: the tab's code. */
  readonly imported: () => string[];
}

/**
 * What the service worker fetches at install: the page and every chunk (and
 * its CSS) the guest's app can load from the entry, except through a dynamic
 * import of a LATER module. The rest (the manifest, icons, screenshots, LATER
 * chunks) is kept when first loaded. Files whose names carry no hash get
 * their digest, so the worker can take them from the HTTP cache; the page also
 * gets the entry script it loads, so the worker can tell this build's page
 * from another's when a host has added to it (src/sw/shell.ts). What the
 * app imports once running (`imported`) index.html's early script fetches
 * ahead, timed to follow the page's own downloads on the link.
 */
export function offlinePlan(): OfflinePlan {
  let outDir = '';
  const needed = new Set<string>();
  /** What index.html loads: the entry, its static imports, their CSS. */
  const loadedByPage = new Set<string>();
  /** The entry script index.html loads, as the page names it. */
  let pageScript = '';
  const plugin: Plugin = {
    name: 'bar-tab:offline-plan',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    generateBundle(_options, bundle) {
      const chunks = new Map<string, Rollup.OutputChunk>();
      for (const output of Object.values(bundle)) if (output.type === 'chunk') chunks.set(output.fileName, output);
      const later = (fileName: string) => isLater(chunks.get(fileName)?.facadeModuleId ?? '');
      const visit = (into: Set<string>, fileName: string, dynamic: boolean): void => {
        const chunk = chunks.get(fileName);
        if (!chunk || into.has(fileName)) return;
        into.add(fileName);
        for (const css of chunk.viteMetadata?.importedCss ?? []) into.add(css);
        const next = dynamic ? [...chunk.imports, ...chunk.dynamicImports.filter((name) => !later(name))] : chunk.imports;
        for (const name of next) visit(into, name, dynamic);
      };
      needed.clear();
      loadedByPage.clear();
      pageScript = '';
      for (const chunk of chunks.values()) {
        if (!chunk.isEntry) continue;
        if (chunk.facadeModuleId?.endsWith(`/${PAGE_FILE}`)) pageScript = `/${chunk.fileName}`;
        visit(needed, chunk.fileName, true);
        visit(loadedByPage, chunk.fileName, false);
      }
    },
  };
  const integrity = async (url: string) =>
    `sha256-${createHash('sha256')
      .update(await readFile(join(outDir, url)))
      .digest('base64')}`;
  const names = () => {
    if (!pageScript) throw new Error(`${PAGE_FILE} loads no entry script: the worker could not tell its build`);
    return pageScript;
  };
  const transform = async (entries: readonly PrecacheFile[]): Promise<{ manifest: PrecacheEntry[] }> => ({
    manifest: await Promise.all(
      entries.map(async ({ url, revision, size }): Promise<PrecacheEntry> => ({
        url,
        revision: null,
        size,
        ...(revision ? { integrity: await integrity(url) } : {}),
        ...(url === PAGE_FILE ? { names: names() } : {}),
        ...(INSTALLED.has(url) || needed.has(url) ? {} : { later: true }),
      })),
    ),
  });
  const imported = () => [...needed].filter((url) => !loadedByPage.has(url));
  return { plugin, transform, imported };
}
