/**
 * What `npm start` prints: the operator's lines always; the processes' own
 * lines when verbose, else only their errors (PostgreSQL's own log, which
 * names every refused statement, only when verbose); a flood of one line as
 * that line once and then a count per window.
 */
import { RepeatFilter } from './repeat-filter.ts';

export interface OperatorConsole {
  /** A line for the operator, always shown. */
  readonly say: (line: string) => void;
  /** A line a process printed, tagged `[name] `. */
  readonly log: (line: string) => void;
  /** Shows the counts still open and stops counting (before exiting). */
  readonly close: () => void;
}

const ERROR = /\b(error|fatal|panic)\b/i;

function worthShowing(line: string, verbose: boolean): boolean {
  return verbose || (ERROR.test(line) && !line.startsWith('[postgres]'));
}

export function operatorConsole(verbose: boolean, print: (line: string) => void = console.log): OperatorConsole {
  const repeats = new RepeatFilter();
  const show = (lines: readonly string[]) => lines.forEach((line) => print(line));
  const ticking = setInterval(() => show(repeats.due(Date.now())), 1000);
  ticking.unref();
  // A closed terminal or pipe must not turn the orderly stop into a crash.
  process.stdout.on('error', () => undefined);
  process.stderr.on('error', () => undefined);
  return {
    say: print,
    log: (line) => {
      if (worthShowing(line, verbose)) show(repeats.accept(line, Date.now()));
    },
    close: () => {
      clearInterval(ticking);
      show(repeats.flush(Date.now()));
    },
  };
}
