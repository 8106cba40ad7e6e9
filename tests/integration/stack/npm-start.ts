/**
 * `npm start` for the stack's tests: run as a person runs it (through npm) or
 * as npm runs it (node directly), in a temporary state folder, on a free port;
 * its output kept, the processes it started tracked and killed when the test
 * file ends, whatever happened.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../../scripts/lib/ports.ts';
import { ROOT } from '../../../scripts/lib/product.ts';
import { descendants, running } from '../../support/processes.ts';

export interface Started {
  readonly child: ChildProcess;
  readonly port: number;
  output(): string;
  readonly exited: Promise<number | null>;
  /** Every process under it now (and remembered, to be killed at the end). */
  tree(): ReturnType<typeof descendants>;
}

export interface Launcher {
  readonly workDir: string;
  start(options?: { via?: 'npm' | 'node'; port?: number; env?: Record<string, string> }): Promise<Started>;
  /** Kills whatever is still running of every launch, and removes the folder. */
  cleanUp(): Promise<void>;
}

export async function launcher(): Promise<Launcher> {
  const workDir = await mkdtemp(join(tmpdir(), 'bar-tab-start-'));
  // PostgreSQL runs as the postgres user, who must be able to reach the state folder inside.
  await chmod(workDir, 0o711);
  const pids = new Set<number>();
  return {
    workDir,
    start: async ({ via = 'node', port, env = {} } = {}) => {
      const chosen = port ?? (await freePort());
      const started = launch(via, chosen, { PORT: String(chosen), BAR_TAB_STATE_DIR: join(workDir, 'state'), BAR_TAB_DIST_DIR: join(workDir, 'dist'), ...env });
      if (started.child.pid !== undefined) pids.add(started.child.pid);
      const tree = () => {
        const found = started.tree();
        for (const info of found) pids.add(info.pid);
        return found;
      };
      return { ...started, tree };
    },
    cleanUp: async () => {
      for (const pid of pids) for (const info of descendants(pid)) pids.add(info.pid);
      for (const pid of pids) if (running(pid)) kill(pid);
      await rm(workDir, { recursive: true, force: true });
    },
  };
}

function kill(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // It ended on its own meanwhile.
  }
}

function launch(via: 'npm' | 'node', port: number, env: Record<string, string>): Started {
  const [command, args] = via === 'npm' ? ['npm', ['start']] : [process.execPath, ['--import', 'tsx', 'scripts/start.ts']];
  const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, port, output: () => output, exited, tree: () => descendants(child.pid ?? -1) };
}

/** Resolves once the output has `text`; fails when the run exits first or after `timeoutMs`. */
export async function outputHas(run: Started, text: string | RegExp, timeoutMs = 90_000): Promise<void> {
  const found = () => (typeof text === 'string' ? run.output().includes(text) : text.test(run.output()));
  const state = { exited: false };
  void run.exited.then(() => (state.exited = true));
  const deadline = Date.now() + timeoutMs;
  while (!found()) {
    if (state.exited) throw new Error(`npm start exited before printing ${String(text)}:\n${run.output()}`);
    if (Date.now() > deadline) throw new Error(`npm start did not print ${String(text)} within ${timeoutMs} ms:\n${run.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export const ready = (run: Started) => outputHas(run, 'está lista');

/** The processes still running after they had `timeoutMs` to stop. */
export async function stillRunning(processes: readonly { pid: number; command: string }[], timeoutMs = 30_000): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  const left = () => processes.filter((info) => running(info.pid)).map((info) => `${info.pid} ${info.command}`);
  while (left().length > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  return left();
}

/** A value npm start printed beside its label, e.g. 'clave anon'. */
export function printed(run: Started, label: string): string {
  const value = new RegExp(`${label}: (\\S+)`).exec(run.output())?.[1];
  if (!value) throw new Error(`npm start did not print "${label}":\n${run.output()}`);
  return value;
}
