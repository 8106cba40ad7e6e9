/**
 * Runs the real `comment` Edge Function in Deno (node_modules/.bin/deno), fully
 * offline: `openai` and `zod` come from the project's node_modules
 * (--node-modules-dir=manual), nothing remote is ever fetched (--cached-only,
 * --no-remote), DENO_DIR is the git-ignored .local/deno, and the process may only
 * listen on its port, reach the model's host and read its own variables.
 * It dies with its parent: stop() kills its process group, an exit hook does the
 * same, and the preloaded _local/exit-with-parent.ts ends it when its stdin pipe
 * from us closes (even if we were killed outright).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { killGroup } from './child.ts';
import { freePort } from './ports.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const DENO = `${ROOT}node_modules/.bin/deno`;
const FUNCTION_DIR = 'supabase/functions';
const HOST = '127.0.0.1';
const READY_TIMEOUT_MS = 20_000;
/** What the function may read: its own settings, and the OpenAI SDK's (OPENAI_ORG_ID, OPENAI_LOG…). */
const READABLE_ENV = ['PORT', 'ALLOWED_ORIGINS', 'OPENAI_*'];

export interface CommentFunctionOptions {
  /** 0 picks a free port. */
  readonly port: number;
  /** The function's environment: OPENAI_API_KEY, OPENAI_BASE_URL, OPENAI_MODEL, ALLOWED_ORIGINS. */
  readonly env: Readonly<Record<string, string>>;
  /** Deno's cache folder; .local/deno unless given. */
  readonly denoDir?: string;
  /** Each line Deno prints (the function's log). */
  readonly onOutput?: (line: string) => void;
}

export interface RunningCommentFunction {
  /** http://127.0.0.1:<port>; the function answers on /, /comment and /functions/v1/comment. */
  readonly url: string;
  stop(): Promise<void>;
}

const running = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of running) killGroup(child, 'SIGKILL');
});

/** The exact command line: deno plus these arguments, run in the project's root. */
export function denoArguments(port: number, env: Readonly<Record<string, string>>): string[] {
  return [
    'run',
    '--node-modules-dir=manual',
    '--cached-only',
    '--no-remote',
    '--no-lock',
    '--no-prompt',
    '--no-check',
    '--unstable-no-legacy-abort',
    `--config=${FUNCTION_DIR}/comment/deno.json`,
    `--allow-net=${[`${HOST}:${port}`, modelHost(env)].join(',')}`,
    `--allow-env=${READABLE_ENV.join(',')}`,
    `--preload=${FUNCTION_DIR}/_local/exit-with-parent.ts`,
    `${FUNCTION_DIR}/comment/index.ts`,
  ];
}

function modelHost(env: Readonly<Record<string, string>>): string {
  return new URL(env.OPENAI_BASE_URL ?? 'https://api.openai.com/v1').host;
}

export async function startCommentFunction(options: CommentFunctionOptions): Promise<RunningCommentFunction> {
  const port = options.port === 0 ? await freePort() : options.port;
  const denoDir = options.denoDir ?? `${ROOT}.local/deno`;
  mkdirSync(denoDir, { recursive: true });
  const child = spawn(DENO, denoArguments(port, options.env), {
    cwd: ROOT,
    env: denoEnvironment(denoDir, port, options.env),
    detached: true,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  running.add(child);
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.once('error', () => resolve());
  }).finally(() => running.delete(child));
  const output = collectOutput(child, options.onOutput);
  const url = `http://${HOST}:${port}`;
  const stop = () => stopChild(child, exited);
  try {
    await untilAnswering(url, exited);
  } catch (error) {
    await stop();
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n${output.join('\n')}`);
  }
  return { url, stop };
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

/** The last lines Deno printed, for error messages; each line also goes to `onOutput`. */
function collectOutput(child: ChildProcess, onOutput?: (line: string) => void): string[] {
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (line.trim() === '') continue;
      lines.push(line);
      if (lines.length > 40) lines.shift();
      onOutput?.(line);
    }
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  child.stdin?.on('error', () => undefined); // The pipe breaks when Deno exits first.
  return lines;
}

async function untilAnswering(url: string, exited: Promise<void>): Promise<void> {
  const state = { gone: false };
  void exited.then(() => (state.gone = true));
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (!state.gone && Date.now() < deadline) {
    const answered = await fetch(url, { method: 'OPTIONS', signal: AbortSignal.timeout(1000) }).then(
      () => true,
      () => false,
    );
    if (answered) return;
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 50))]);
  }
  throw new Error(state.gone ? 'the comment function exited before answering' : `the comment function did not answer within ${READY_TIMEOUT_MS} ms`);
}

async function stopChild(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (!running.has(child)) return;
  killGroup(child, 'SIGTERM');
  const forceKill = setTimeout(() => killGroup(child, 'SIGKILL'), 5000);
  await exited;
  clearTimeout(forceKill);
}


