/**
 * Who is owed a comment. At a bar every phone shares one public address, so
 * an allowance per address alone would let one script silence the party. A
 * comment is owed only for an order the server holds for a guest it knows;
 * only then does it draw on the guest's allowance and on the address's, a
 * ceiling far above a real party's need. Kept in Postgres, where every
 * instance of the function sees them (on Supabase each cold start and each
 * parallel instance has its own memory); in memory only when the function
 * runs without a database, or for a moment the database cannot answer.
 */
import type { Database } from '../_shared/database.ts';
import { createRateLimiter, type RateLimitRule } from './rate-limiter.ts';

/** The order a comment is asked for. */
export interface CommentAsk {
  readonly guestId: string;
  /** Absent from apps older than this rule: then any order of this product of the guest's counts. */
  readonly orderId?: string | undefined;
  readonly product: { readonly name: string; readonly price: number };
}

export type CommentDecision =
  | { readonly kind: 'go' }
  | { readonly kind: 'wait'; readonly retryAfterSeconds: number }
  /** The server holds no such order, even after waiting for the phone's sync to bring it. */
  | { readonly kind: 'unknown-order' };

export interface CommentAllowances {
  take(ask: CommentAsk, address: string, signal: AbortSignal): Promise<CommentDecision>;
}

export interface AllowanceRules {
  readonly guest: RateLimitRule;
  /** Must refill over the same window as the guest's. */
  readonly address: RateLimitRule;
}

/** How long an order not on the server yet is waited for: the phone sends it and asks for its comment at once. */
export interface OrderWait {
  readonly totalMs: number;
  /** Pauses between asks, the last repeated. */
  readonly pausesMs: readonly number[];
}

export const DEFAULT_ORDER_WAIT: OrderWait = { totalMs: 8_000, pausesMs: [100, 200, 400, 800, 1_000] };

export function memoryAllowances(rules: AllowanceRules, now?: () => number): CommentAllowances {
  const guests = createRateLimiter(rules.guest, now);
  const addresses = createRateLimiter(rules.address, now);
  return {
    take(ask, address) {
      // The guest's own limit first: a refused guest spends none of the shared address's allowance.
      const decision = guests.take([`guest:${ask.guestId}`]);
      const both = decision.allowed ? addresses.take([`address:${address}`]) : decision;
      return Promise.resolve(both.allowed ? { kind: 'go' } : { kind: 'wait', retryAfterSeconds: both.retryAfterSeconds });
    },
  };
}

/** One round trip per ask to `take_order_comment` (supabase/migrations/*_comments_for_real_orders.sql). */
export function sharedAllowances(
  database: Database,
  rules: AllowanceRules,
  fallback: CommentAllowances,
  log: (line: string) => void,
  wait: OrderWait = DEFAULT_ORDER_WAIT,
): CommentAllowances {
  if (rules.guest.perMs !== rules.address.perMs) throw new Error('the guest and address allowances must refill over the same window');
  const args = (ask: CommentAsk, address: string) => ({
    p_guest: ask.guestId,
    p_order: ask.orderId ?? null,
    p_product_name: ask.product.name,
    p_product_price: ask.product.price,
    p_address: address,
    p_capacities: [rules.guest.requests, rules.address.requests],
    p_window_seconds: Math.round(rules.guest.perMs / 1000),
  });
  return {
    async take(ask, address, signal) {
      const deadline = Date.now() + wait.totalMs;
      for (let attempt = 0; ; attempt += 1) {
        const answer = await database('take_order_comment', args(ask, address));
        const seconds = answer.ok ? Number(answer.text) : Number.NaN;
        if (!Number.isInteger(seconds)) {
          log(`allowances unreachable, this instance counts alone for now: ${answer.ok ? answer.text : answer.reason}`);
          return fallback.take(ask, address, signal);
        }
        if (seconds > 0) return { kind: 'wait', retryAfterSeconds: seconds };
        if (seconds === 0) return { kind: 'go' };
        const pause = wait.pausesMs[Math.min(attempt, wait.pausesMs.length - 1)] ?? 0;
        if (Date.now() + pause > deadline || !(await paused(pause, signal))) return { kind: 'unknown-order' };
      }
    },
  };
}

/** False when the client went away meanwhile. */
function paused(ms: number, signal: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal.aborted) {
      resolve(false);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve(true);
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
