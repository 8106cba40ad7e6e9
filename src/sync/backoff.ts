/** When to try again: exponential backoff with full jitter, 1 s to 5 min, never sooner than Retry-After. */

export const BACKOFF_BASE_MS = 1_000;
export const BACKOFF_CAP_MS = 5 * 60_000;

/**
 * `failures` counts consecutive failed flushes (1 for the first). Full jitter
 * spreads many phones that lost signal together, so they do not return together.
 */
export function retryDelay(failures: number, random: () => number = Math.random, retryAfterMs?: number): number {
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, failures - 1));
  const jittered = Math.max(BACKOFF_BASE_MS, Math.floor(random() * ceiling));
  return Math.min(BACKOFF_CAP_MS, Math.max(jittered, retryAfterMs ?? 0));
}
