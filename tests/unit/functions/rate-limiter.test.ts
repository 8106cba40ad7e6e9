import { describe, expect, it } from 'vitest';
import { createRateLimiter } from '../../../supabase/functions/comment/rate-limiter.ts';

function limiterAt(start = 0, maxKeys = 1000) {
  const clock = { now: start };
  const limiter = createRateLimiter({ requests: 12, perMs: 60_000, maxKeys }, () => clock.now);
  return { clock, limiter };
}

describe('rate limiter', () => {
  it('allows 12 requests a minute per key, then says when to come back', () => {
    const { limiter } = limiterAt();
    for (let request = 0; request < 12; request += 1) expect(limiter.take(['guest:a'])).toEqual({ allowed: true });
    expect(limiter.take(['guest:a'])).toEqual({ allowed: false, retryAfterSeconds: 5 });
    expect(limiter.take(['guest:b'])).toEqual({ allowed: true });
  });

  it('refills over time', () => {
    const { clock, limiter } = limiterAt();
    for (let request = 0; request < 12; request += 1) limiter.take(['guest:a']);
    clock.now += 2_500;
    expect(limiter.take(['guest:a'])).toEqual({ allowed: false, retryAfterSeconds: 3 });
    clock.now += 2_500;
    expect(limiter.take(['guest:a'])).toEqual({ allowed: true });
    expect(limiter.take(['guest:a']).allowed).toBe(false);
    clock.now += 60_000;
    for (let request = 0; request < 12; request += 1) expect(limiter.take(['guest:a']).allowed).toBe(true);
  });

  it('takes from every key or from none', () => {
    const { limiter } = limiterAt();
    for (let request = 0; request < 12; request += 1) limiter.take(['address:1.2.3.4']);
    expect(limiter.take(['guest:a', 'address:1.2.3.4']).allowed).toBe(false);
    for (let request = 0; request < 12; request += 1) expect(limiter.take(['guest:a']).allowed).toBe(true);
  });

  it('keeps memory bounded: idle keys go, and never more than maxKeys stay', () => {
    const { clock, limiter } = limiterAt(0, 100);
    for (let key = 0; key < 1000; key += 1) limiter.take([`guest:${key}`]);
    expect(limiter.size).toBe(100);
    clock.now += 60_000;
    limiter.take(['guest:new']);
    expect(limiter.size).toBe(1);
  });
});
