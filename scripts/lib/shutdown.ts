/**
 * How `npm start` ends. SIGINT, SIGTERM and SIGHUP stop everything in order;
 * a second signal during that stop forces it (the exit hook in child.ts
 * SIGKILLs every child's group). So does the process that started us going
 * away: npm runs the script through `sh -c`, and Debian's sh (dash) does not
 * exec it, so a signal sent to npm alone never reaches us. npm passes SIGINT
 * and SIGTERM to sh only; sh dies of SIGTERM without passing it on (and holds
 * SIGINT until we exit), and SIGHUP kills npm alone. Then our parent, or npm
 * above it, is gone, which is watched.
 */
import { readFileSync } from 'node:fs';

const WATCH_MS = 500;
/** Signals closer together than this are one press of Ctrl-C delivered twice. */
const SAME_PRESS_MS = 1000;
const SIGNALS: readonly NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

export interface ShutdownOptions {
  /** Stops everything started, in order. */
  readonly stop: () => Promise<void>;
  readonly say: (line: string) => void;
  /** Runs last, before exiting (to show what is still buffered). */
  readonly beforeExit?: () => void;
}

function parentOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command sits in parentheses and may hold spaces; the fields after it are fixed.
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return null;
  }
}

function commandName(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return '';
  }
}

/**
 * Our parent, and above it npm when the parent is the shell npm ran us in:
 * each pid's own parent, so a process that is gone (its children move to
 * another parent) shows as a change, whatever reuses its pid.
 */
function lineage(): string {
  const parent = process.ppid;
  const viaShell = process.env.npm_lifecycle_event !== undefined && /^(sh|dash|bash)$/.test(commandName(parent));
  return viaShell ? `${parent}<${parentOf(parent) ?? '?'}` : String(parent);
}

export function stopOnSignalsAndParentExit(options: ShutdownOptions): void {
  let stopping = false;
  const finish = (code: number) => {
    options.beforeExit?.();
    process.exit(code);
  };
  const stop = (reason: string) => {
    if (stopping) return;
    stopping = true;
    options.say(`\n${reason}: deteniendo todo…`);
    void options.stop().then(
      () => finish(0),
      () => finish(1),
    );
  };
  let firstSignalAt = 0;
  for (const signal of SIGNALS) {
    process.on(signal, () => {
      if (!stopping) {
        firstSignalAt = Date.now();
        stop(signal);
        return;
      }
      // A terminal's Ctrl-C reaches npm and node at once, and npm passes its copy on: the same
      // press arrives twice within milliseconds. Only a second press forces the stop.
      if (Date.now() - firstSignalAt < SAME_PRESS_MS) return;
      options.say(`${signal} otra vez: deteniendo todo a la fuerza.`);
      finish(130);
    });
  }
  const started = lineage();
  const watch = setInterval(() => {
    if (lineage() === started) return;
    clearInterval(watch);
    stop('El proceso que inició La Cuenta terminó');
  }, WATCH_MS);
  watch.unref();
}
