/**
 * The one way to run a child process: each is started in its own process
 * group, its output passed on line by line (the last lines kept for error
 * messages), stopped with its stop signal then SIGKILL, and killed on the
 * parent's exit too.
 */
import { spawn, type ChildProcess } from 'node:child_process';

const TAIL_LINES = 40;
const POLL_MS = 100;

const running = new Set<ChildProcess>();

process.on('exit', () => {
  for (const child of running) killGroup(child, 'SIGKILL');
});

/**
 * Ctrl-C reaches only our own process group, and a signal with no handler ends
 * Node without its 'exit' handlers: a script with no orderly shutdown of its
 * own (a bench, a probe) would leave its children running. A program that has
 * one (npm start, a bench's own product) handles the signal itself.
 */
const LAST_RESORT_SIGNALS: readonly NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];
let lastResortSet = false;
function stopChildrenOnSignals(): void {
  if (lastResortSet) return;
  lastResortSet = true;
  for (const signal of LAST_RESORT_SIGNALS) {
    process.on(signal, () => {
      if (process.listenerCount(signal) > 1) return;
      for (const child of running) killGroup(child, 'SIGKILL');
      process.exit(130);
    });
  }
}

export interface ChildExit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
}

export interface ChildOptions {
  /** Tags each output line: `[name] …`. */
  readonly name: string;
  readonly cwd?: string;
  readonly env?: NodeJS.ProcessEnv;
  readonly uid?: number;
  readonly gid?: number;
  /** Each line the process prints, tagged. */
  readonly onOutput?: ((line: string) => void) | undefined;
  /** A pipe from us on its stdin: it closes however we end, so a child that watches it dies with us. */
  readonly stdinPipe?: boolean;
  /** What asks it to stop; SIGTERM unless given. */
  readonly stopSignal?: NodeJS.Signals;
  /** How long it may take to stop before SIGKILL; 5 s unless given. */
  readonly graceMs?: number;
}

export interface ManagedChild {
  readonly name: string;
  readonly process: ChildProcess;
  /** Resolves when the process has exited (or could not be started). */
  readonly exited: Promise<ChildExit>;
  /** The last lines it printed, for error messages. */
  lastLines(): string[];
  stop(): Promise<void>;
}

/** Signals the child's whole process group (it was started detached, as its leader). */
export function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    child.kill(signal);
  }
}

export function startChild(command: string, args: readonly string[], options: ChildOptions): ManagedChild {
  const { name, cwd, env, uid, gid } = options;
  stopChildrenOnSignals();
  const child = spawn(command, args, { cwd, env, uid, gid, detached: true, stdio: [options.stdinPipe ? 'pipe' : 'ignore', 'pipe', 'pipe'] });
  running.add(child);
  const exited = new Promise<ChildExit>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
    child.once('error', () => resolve({ code: null, signal: null }));
  }).finally(() => running.delete(child));
  child.stdin?.on('error', () => undefined); // The pipe breaks when the child exits first.
  const tail = collectOutput(child, name, options.onOutput);
  return {
    name,
    process: child,
    exited,
    lastLines: () => [...tail],
    async stop() {
      if (!running.has(child)) return;
      killGroup(child, options.stopSignal ?? 'SIGTERM');
      const forceKill = setTimeout(() => killGroup(child, 'SIGKILL'), options.graceMs ?? 5000);
      await exited;
      clearTimeout(forceKill);
    },
  };
}

/** Passes each line on, tagged, and keeps the last ones. */
function collectOutput(child: ChildProcess, name: string, onOutput?: (line: string) => void): string[] {
  const tail: string[] = [];
  const keep = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (line.trim() === '') continue;
      tail.push(line);
      if (tail.length > TAIL_LINES) tail.shift();
      onOutput?.(`[${name}] ${line}`);
    }
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return tail;
}

/**
 * Waits until `check` passes; when the child exits first, the time runs out or
 * `cancelled` is aborted, stops it and fails with what it printed last.
 */
export async function untilReady(child: ManagedChild, check: () => Promise<boolean>, timeoutMs: number, cancelled?: AbortSignal): Promise<void> {
  try {
    await waitUntil(child.name, check, timeoutMs, child.exited, cancelled);
  } catch (error) {
    await child.stop();
    throw new Error([(error as Error).message, ...child.lastLines()].join('\n'));
  }
}

/** Polls `check` until it returns true, or fails after `timeoutMs` with `what` in the message. */
export async function waitUntil(
  what: string,
  check: () => Promise<boolean>,
  timeoutMs = 30_000,
  died?: Promise<unknown>,
  cancelled?: AbortSignal,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const watched = { dead: false };
  void died?.then(() => (watched.dead = true));
  while (Date.now() < deadline) {
    if (watched.dead) throw new Error(`${what}: terminó antes de estar listo`);
    if (cancelled?.aborted) throw new Error(`${what}: se detuvo antes de estar listo`);
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  throw new Error(`${what}: no estuvo listo en ${timeoutMs} ms`);
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
