/**
 * Keeps a flood of one line (a process retrying every second while the
 * database is down) from burying the console: a line is shown the first time;
 * its repeats are only counted, and shown as one line with the count when its
 * window closes. The window doubles (10 s… 60 s) while the line keeps coming,
 * and a line quiet for a whole window is forgotten. Lines that differ only in
 * digits (timestamps, ports, counters) count as the same line.
 */
export interface RepeatWindows {
  readonly firstMs: number;
  readonly maxMs: number;
}

export const DEFAULT_WINDOWS: RepeatWindows = { firstMs: 10_000, maxMs: 60_000 };

interface Repeats {
  /** The latest of the repeated lines, shown in the count's line. */
  line: string;
  count: number;
  since: number;
  windowMs: number;
}

/** What makes two lines the same: everything but their digits. */
export function sameness(line: string): string {
  return line.replace(/\d+/g, '#');
}

function countLine(repeats: Repeats, now: number): string {
  const times = repeats.count === 1 ? '1 vez' : `${repeats.count} veces`;
  return `${repeats.line} (repetido ${times} en ${Math.round((now - repeats.since) / 1000)} s)`;
}

export class RepeatFilter {
  private readonly seen = new Map<string, Repeats>();

  constructor(private readonly windows: RepeatWindows = DEFAULT_WINDOWS) {}

  /** The lines to show now that `line` has arrived: counts that are due, then the line unless it is a repeat. */
  accept(line: string, now: number): string[] {
    const shown = this.due(now);
    const key = sameness(line);
    const repeats = this.seen.get(key);
    if (repeats) {
      repeats.count += 1;
      repeats.line = line;
      return shown;
    }
    this.seen.set(key, { line, count: 0, since: now, windowMs: this.windows.firstMs });
    return [...shown, line];
  }

  /** The counts of the windows closed by `now`; call it every second or so. */
  due(now: number): string[] {
    const shown: string[] = [];
    for (const [key, repeats] of this.seen) {
      if (now - repeats.since < repeats.windowMs) continue;
      if (repeats.count === 0) {
        this.seen.delete(key);
        continue;
      }
      shown.push(countLine(repeats, now));
      repeats.count = 0;
      repeats.since = now;
      repeats.windowMs = Math.min(repeats.windowMs * 2, this.windows.maxMs);
    }
    return shown;
  }

  /** Every open count, at once (when stopping), and a fresh start. */
  flush(now: number): string[] {
    const shown = [...this.seen.values()].filter((repeats) => repeats.count > 0).map((repeats) => countLine(repeats, now));
    this.seen.clear();
    return shown;
  }
}
