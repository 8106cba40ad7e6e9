/**
 * One line per interval at most: when the model is down every comment fails the
 * same way, and a line per guest would bury the rest of the log. The next line
 * let through says how many were held back since the last.
 */
export function throttleLines(intervalMs: number, now: () => number): (line: string) => string | null {
  let lastWritten = Number.NEGATIVE_INFINITY;
  let heldBack = 0;
  return (line) => {
    const at = now();
    if (at - lastWritten < intervalMs) {
      heldBack += 1;
      return null;
    }
    const written = heldBack > 0 ? `${line} (${heldBack} more since the last line)` : line;
    lastWritten = at;
    heldBack = 0;
    return written;
  };
}
