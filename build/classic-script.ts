import { build, type InlineConfig, type Plugin } from 'vite';
import { TERSER_CHECKS, TERSER_OPTIONS } from './minify.ts';

/** What a script of its own needs beside its entry: what it reads as the app does (env, define), or its own entry plugin. */
export interface ClassicScriptOptions {
  readonly what: string;
  readonly input: string;
  readonly plugins?: readonly Plugin[];
  readonly settings?: Pick<InlineConfig, 'root' | 'mode' | 'define' | 'envDir'>;
}

/**
 * One module and what it imports, compiled and minified by Vite into one
 * classic script (an IIFE that defines nothing global and imports nothing):
 * the early script index.html loads, the queue's service worker. Not the
 * app's own build, whose output is ES modules in shared chunks.
 */
export async function classicScript({ what, input, plugins = [], settings = {} }: ClassicScriptOptions): Promise<string> {
  const output = await build({
    configFile: false,
    logLevel: 'warn',
    ...settings,
    plugins: [...plugins],
    build: {
      write: false,
      target: 'es2022',
      // Terser, as for the app's own bundle (vite.config.ts): the early script is inside every page.
      minify: 'terser',
      terserOptions: TERSER_OPTIONS,
      modulePreload: false,
      copyPublicDir: false,
      rolldownOptions: { input, output: { format: 'iife' }, checks: TERSER_CHECKS },
    },
  });
  const results = Array.isArray(output) ? output : [output];
  const chunks = results.flatMap((result) => ('output' in result ? result.output : [])).filter((file) => file.type === 'chunk');
  const [chunk, ...others] = chunks;
  if (!chunk || others.length > 0) throw new Error(`${what}: expected one script, got ${chunks.length}`);
  return chunk.code;
}
