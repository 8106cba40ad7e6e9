/**
 * Child processes that die with us: each is started in its own process group,
 * stopped with SIGTERM then SIGKILL, and killed on the parent's exit too.
 */
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { readFile, rm, writeFile } from 'node:fs/promises';

const running = new Set<ChildProcess>();

/** Signals the child's whole process group (it was started detached, as its leader). */
export function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    child.kill(signal);
  }
}

process.on('exit', () => {
  for (const child of running) killGroup(child, 'SIGKILL');
});

export interface ManagedChild {
  readonly process: ChildProcess;
  /** Resolves when the process has exited. */
  readonly exited: Promise<number | null>;
  stop(graceMs?: number): Promise<void>;
}

export function startChild(command: string, args: readonly string[], options: SpawnOptions & { name: string; onOutput?: (line: string) => void }): ManagedChild {
  const child = spawn(command, args, { ...options, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => {
      running.delete(child);
      resolve(code);
    });
    child.once('error', () => {
      running.delete(child);
      resolve(null);
    });
  });
  const forward = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) options.onOutput?.(`[${options.name}] ${line}`);
  };
  child.stdout.on('data', forward);
  child.stderr.on('data', forward);
  return {
    process: child,
    exited,
    async stop(graceMs = 5000) {
      if (!running.has(child)) return;
      killGroup(child, 'SIGTERM');
      const timer = setTimeout(() => killGroup(child, 'SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Polls `check` until it returns true, or fails after `timeoutMs` with `what` in the message. */
export async function waitUntil(what: string, check: () => Promise<boolean>, timeoutMs = 30_000, died?: Promise<unknown>): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const watched = { dead: false };
  void died?.then(() => {
    watched.dead = true;
  });
  while (Date.now() < deadline) {
    if (watched.dead) throw new Error(`${what}: the process exited before it was ready`);
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what}: not ready after ${timeoutMs} ms`);
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function commandOf(pid: number): Promise<string> {
  return (await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '')).replaceAll('\0', ' ');
}

/**
 * A pid file (ours for PostgREST, PostgreSQL's postmaster.pid; the pid is on the
 * first line of both) left by a crashed run: a process still running under it
 * is stopped with `signal` before the next start, and the stale file removed.
 */
export async function stopLeftover(
  pidFile: string,
  commandPart: string,
  log: (line: string) => void,
  signal: NodeJS.Signals = 'SIGTERM',
): Promise<void> {
  const pid = Number((await readFile(pidFile, 'utf8').catch(() => '')).split('\n')[0]);
  if (Number.isInteger(pid) && pid > 0 && isAlive(pid) && (await commandOf(pid)).includes(commandPart)) {
    log(`Stopping ${commandPart} (pid ${pid}) left running by an earlier run.`);
    process.kill(pid, signal);
    await waitUntil(`stopping the old ${commandPart}`, () => Promise.resolve(!isAlive(pid)), 20_000);
  }
  await rm(pidFile, { force: true });
}

export async function writePidFile(pidFile: string, child: ManagedChild): Promise<void> {
  if (child.process.pid !== undefined) await writeFile(pidFile, String(child.process.pid));
  void child.exited.then(() => rm(pidFile, { force: true }));
}
