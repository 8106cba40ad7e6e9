/**
 * The comment function's rate limits: per guest, and per client address at ten
 * times that (a bar's guests share one public address). Kept in Postgres,
 * where every instance of the function sees them (on Supabase each cold start
 * and each parallel instance has its own memory); in memory only when the
 * function runs without a database, or for a moment the database cannot answer.
 */
import type { Database } from './database.ts';
import { createRateLimiter, type RateDecision, type RateLimitRule } from './rate-limiter.ts';

export interface CommentAllowances {
  /** One comment for this guest from this address, or how long to wait. */
  take(guestId: string, address: string): Promise<RateDecision>;
}

export interface AllowanceRules {
  readonly guest: RateLimitRule;
  /** Must refill over the same window as the guest's. */
  readonly address: RateLimitRule;
}

const keysOf = (guestId: string, address: string) => [`guest:${guestId}`, `address:${address}`];

export function memoryAllowances(rules: AllowanceRules, now?: () => number): CommentAllowances {
  const guests = createRateLimiter(rules.guest, now);
  const addresses = createRateLimiter(rules.address, now);
  return {
    take(guestId, address) {
      const [guestKey = '', addressKey = ''] = keysOf(guestId, address);
      // The guest's own limit first: a refused guest spends none of the shared address's allowance.
      const guest = guests.take([guestKey]);
      return Promise.resolve(guest.allowed ? addresses.take([addressKey]) : guest);
    },
  };
}

/** One round trip per comment to `take_comment_allowance` (supabase/migrations/*_comment_allowances.sql). */
export function sharedAllowances(database: Database, rules: AllowanceRules, fallback: CommentAllowances, log: (line: string) => void): CommentAllowances {
  if (rules.guest.perMs !== rules.address.perMs) throw new Error('the guest and address allowances must refill over the same window');
  const args = (guestId: string, address: string) => ({
    p_keys: keysOf(guestId, address),
    p_capacities: [rules.guest.requests, rules.address.requests],
    p_window_seconds: Math.round(rules.guest.perMs / 1000),
  });
  return {
    async take(guestId, address) {
      const answer = await database('take_comment_allowance', args(guestId, address));
      const wait = answer.ok ? Number(answer.text) : Number.NaN;
      if (!Number.isInteger(wait)) {
        log(`allowances unreachable, this instance counts alone for now: ${answer.ok ? answer.text : answer.reason}`);
        return fallback.take(guestId, address);
      }
      return wait > 0 ? { allowed: false, retryAfterSeconds: wait } : { allowed: true };
    },
  };
}
