/**
 * Keeps a backend running: when it dies without being asked to, it is started
 * again the same way (same port) after a pause that doubles from 0.5 s to 30 s
 * and starts over once it has stayed up a minute. The operator reads one line
 * when it goes and one when it is back. A deliberate stop() never restarts it.
 */
import type { ChildExit, ManagedChild } from './child.ts';

export interface Backoff {
  readonly firstMs: number;
  readonly maxMs: number;
  /** Up this long, it counts as healthy again: the next pause is the first one. */
  readonly steadyMs: number;
}

export const DEFAULT_BACKOFF: Backoff = { firstMs: 500, maxMs: 30_000, steadyMs: 60_000 };

export interface SuperviseOptions {
  /** How the operator knows it: 'PostgreSQL', 'PostgREST', 'La función comment'. */
  readonly name: string;
  /**
   * Starts it and resolves once it is ready; throws, with it stopped, when it
   * cannot, or soon after `stopping` is aborted (a stop during a restart).
   */
  readonly launch: (stopping: AbortSignal) => Promise<ManagedChild>;
  readonly say: (line: string) => void;
  readonly backoff?: Backoff;
}

export interface Supervised {
  /** The process running now (null while it is being restarted). */
  current(): ManagedChild | null;
  stop(): Promise<void>;
}

/** The pause before the next start: the first one, or double the last one up to the cap. */
export function nextPause(lastMs: number | null, backoff: Backoff): number {
  return lastMs === null ? backoff.firstMs : Math.min(lastMs * 2, backoff.maxMs);
}

export function describeExit(exit: ChildExit): string {
  if (exit.signal) return `señal ${exit.signal}`;
  return exit.code === null ? 'no se pudo ejecutar' : `código ${exit.code}`;
}

function seconds(ms: number): string {
  return `${String(ms / 1000).replace('.', ',')} s`;
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

function firstLine(error: Error): string {
  return error.message.split('\n')[0] ?? '';
}

interface SupervisorState {
  child: ManagedChild | null;
  stopping: boolean;
  lastPauseMs: number | null;
}

export async function supervise(options: SuperviseOptions): Promise<Supervised> {
  const { name, say } = options;
  const backoff = options.backoff ?? DEFAULT_BACKOFF;
  const stopping = new AbortController();
  const launch = () => options.launch(stopping.signal);
  const state: SupervisorState = { child: await launch(), stopping: false, lastPauseMs: null };
  let restarting: Promise<void> = Promise.resolve();
  let cancelPause: () => void = () => undefined;
  // A function, so the check after an await is not narrowed away.
  const stoppedMeanwhile = () => state.stopping;
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      cancelPause = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  const restart = async (exit: ChildExit, upMs: number) => {
    state.child = null;
    let waitMs = nextPause(upMs >= backoff.steadyMs ? null : state.lastPauseMs, backoff);
    say(`${name} terminó (${describeExit(exit)}); reiniciando en ${seconds(waitMs)}…`);
    for (;;) {
      state.lastPauseMs = waitMs;
      await pause(waitMs);
      if (stoppedMeanwhile()) return;
      const started = await launch().catch(asError);
      if (!(started instanceof Error)) state.child = started;
      if (stoppedMeanwhile()) return; // stop() stops what started once this returns
      if (!(started instanceof Error)) {
        say(`${name} volvió.`);
        watch(started);
        return;
      }
      waitMs = nextPause(waitMs, backoff);
      say(`${name} no arrancó (${firstLine(started)}); reintentando en ${seconds(waitMs)}…`);
    }
  };

  const watch = (child: ManagedChild) => {
    const since = Date.now();
    void child.exited.then((exit) => {
      if (state.stopping || state.child !== child) return;
      restarting = restart(exit, Date.now() - since);
    });
  };
  if (state.child) watch(state.child);

  return {
    current: () => state.child,
    async stop() {
      state.stopping = true;
      stopping.abort();
      cancelPause();
      await restarting;
      await state.child?.stop();
    },
  };
}
