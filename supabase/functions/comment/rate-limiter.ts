/**
 * Token buckets, one per key (a guest id, a client address): `requests` per
 * `perMs`, refilled continuously. Memory stays bounded: the buckets live in a Map
 * kept in least-recently-used order; refilled buckets at the old end are dropped,
 * and past `maxKeys` the oldest go first.
 */

export interface RateLimitRule {
  readonly requests: number;
  readonly perMs: number;
  readonly maxKeys: number;
}

export type RateDecision = { readonly allowed: true } | { readonly allowed: false; readonly retryAfterSeconds: number };

export interface RateLimiter {
  /** Takes one token from every key, or none when any key is out of tokens. */
  take(keys: readonly string[]): RateDecision;
  readonly size: number;
}

interface Bucket {
  readonly tokens: number;
  readonly at: number;
}

/** Per guest: about 12 comments a minute. */
export const DEFAULT_RATE_LIMIT: RateLimitRule = { requests: 12, perMs: 60_000, maxKeys: 10_000 };
/**
 * Per client address: a ceiling, not a share. A bar's guests share its Wi-Fi's
 * one public address; only real orders of real guests draw on it
 * (allowances.ts), and 300 a minute is six times fifty guests commenting at once.
 */
export const DEFAULT_ADDRESS_RATE_LIMIT: RateLimitRule = { requests: 300, perMs: 60_000, maxKeys: 10_000 };

export function createRateLimiter(rule: RateLimitRule, now: () => number = Date.now): RateLimiter {
  const buckets = new Map<string, Bucket>();
  const refillPerMs = rule.requests / rule.perMs;
  const level = (bucket: Bucket | undefined, time: number) =>
    bucket ? Math.min(rule.requests, bucket.tokens + Math.max(0, time - bucket.at) * refillPerMs) : rule.requests;

  function forgetIdle(time: number): void {
    for (const [key, bucket] of buckets) {
      if (buckets.size <= rule.maxKeys && level(bucket, time) < rule.requests) return;
      buckets.delete(key);
    }
  }

  return {
    take(keys) {
      const time = now();
      const levels = keys.map((key) => level(buckets.get(key), time));
      const lowest = Math.min(rule.requests, ...levels);
      if (lowest < 1) return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - lowest) / refillPerMs / 1000)) };
      keys.forEach((key, index) => {
        buckets.delete(key);
        buckets.set(key, { tokens: (levels[index] ?? rule.requests) - 1, at: time });
      });
      forgetIdle(time);
      return { allowed: true };
    },
    get size() {
      return buckets.size;
    },
  };
}
