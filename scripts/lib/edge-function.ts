/**
 * Runs an Edge Function, `<functions dir>/<name>/index.ts`, in Deno
 * (node_modules/.bin/deno), fully offline: npm packages come from the
 * project's node_modules (--node-modules-dir=manual), nothing remote is ever
 * fetched (--cached-only, --no-remote), DENO_DIR is the git-ignored
 * .local/deno, and the process may only listen on its port, reach the hosts it
 * is given and read the variables it is given. Restarted on its port if it
 * dies. It dies with its parent: stop() kills its process group, an exit hook
 * does the same, and the preloaded _local/exit-with-parent.ts ends it when its
 * stdin pipe from us closes (even if we were killed outright).
 */
import { existsSync, mkdirSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startChild, untilReady, type ManagedChild } from './child.ts';
import { freePort } from './ports.ts';
import { supervise } from './supervisor.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const DENO = `${ROOT}node_modules/.bin/deno`;
/** Relative to the project's root, where Deno runs. */
export const FUNCTIONS_DIR = 'supabase/functions';
const EXIT_WITH_PARENT = `${FUNCTIONS_DIR}/_local/exit-with-parent.ts`;
const HOST = '127.0.0.1';
const READY_TIMEOUT_MS = 20_000;

export interface EdgeFunctionPermissions {
  /** Hosts it may reach besides its own port: 'api.openai.com', '127.0.0.1:4173'. */
  readonly allowNet: readonly string[];
  /** Variables it may read besides PORT ('OPENAI_*' reads every OPENAI_ one). */
  readonly allowEnv: readonly string[];
}

export interface EdgeFunctionOptions extends EdgeFunctionPermissions {
  /** The folder under the functions folder: 'comment', 'host'. */
  readonly name: string;
  /** 0 picks a free port. */
  readonly port: number;
  /** Its whole environment, besides PORT and Deno's own settings. */
  readonly env: Readonly<Record<string, string>>;
  /** supabase/functions unless given (tests run throwaway functions). */
  readonly functionsDir?: string | undefined;
  /** Deno's cache folder; .local/deno unless given. */
  readonly denoDir?: string;
  /** Each line Deno prints (the function's log), tagged with its name. */
  readonly onOutput?: ((line: string) => void) | undefined;
  /** Lines for the operator: restarts. */
  readonly say?: ((line: string) => void) | undefined;
}

export interface RunningEdgeFunction {
  readonly name: string;
  /** http://127.0.0.1:<port>; the function gets the path after /functions/v1, e.g. /comment. */
  readonly url: string;
  stop(): Promise<void>;
}

/** True when the functions folder has this function. */
export function hasEdgeFunction(name: string, functionsDir = FUNCTIONS_DIR): boolean {
  return existsSync(join(isAbsolute(functionsDir) ? functionsDir : join(ROOT, functionsDir), name, 'index.ts'));
}

/** The exact command line: deno plus these arguments, run in the project's root. */
export function edgeFunctionArguments(name: string, port: number, permissions: EdgeFunctionPermissions, functionsDir = FUNCTIONS_DIR): string[] {
  const config = join(functionsDir, name, 'deno.json');
  return [
    'run',
    '--node-modules-dir=manual',
    '--cached-only',
    '--no-remote',
    '--no-lock',
    '--no-prompt',
    '--no-check',
    '--unstable-no-legacy-abort',
    ...(existsSync(isAbsolute(config) ? config : join(ROOT, config)) ? [`--config=${config}`] : []),
    `--allow-net=${[`${HOST}:${port}`, ...permissions.allowNet].join(',')}`,
    `--allow-env=${['PORT', ...permissions.allowEnv].join(',')}`,
    `--preload=${EXIT_WITH_PARENT}`,
    join(functionsDir, name, 'index.ts'),
  ];
}

export async function startEdgeFunction(options: EdgeFunctionOptions): Promise<RunningEdgeFunction> {
  const port = options.port === 0 ? await freePort() : options.port;
  const denoDir = options.denoDir ?? `${ROOT}.local/deno`;
  mkdirSync(denoDir, { recursive: true });
  const url = `http://${HOST}:${port}`;
  const launch = async (stopping: AbortSignal): Promise<ManagedChild> => {
    const child = startChild(DENO, edgeFunctionArguments(options.name, port, options, options.functionsDir), {
      name: options.name,
      cwd: ROOT,
      env: denoEnvironment(denoDir, port, options.env),
      stdinPipe: true,
      onOutput: options.onOutput,
    });
    await untilReady(child, () => answers(url), READY_TIMEOUT_MS, stopping);
    return child;
  };
  const supervised = await supervise({ name: `La función ${options.name}`, launch, say: options.say ?? (() => undefined) });
  return { name: options.name, url, stop: () => supervised.stop() };
}

/** Only what Deno and the function need: never the parent's whole environment. */
function denoEnvironment(denoDir: string, port: number, env: Readonly<Record<string, string>>): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    DENO_DIR: denoDir,
    DENO_NO_UPDATE_CHECK: '1',
    DENO_NO_PROMPT: '1',
    NO_COLOR: '1',
    ...env,
    PORT: String(port),
  };
}

/** Any HTTP answer at all: the function listens. */
function answers(url: string): Promise<boolean> {
  return fetch(url, { method: 'OPTIONS', signal: AbortSignal.timeout(1000) }).then(
    () => true,
    () => false,
  );
}
