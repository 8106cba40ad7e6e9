import { describe, expect, it, vi } from 'vitest';
import type { Database, DatabaseAnswer } from '../../../supabase/functions/_shared/database.ts';
import { deploymentWaysSayer } from '../../../supabase/functions/_shared/deployment-ways.ts';

/** A database that fails `failures` times, then takes the say; every call is kept. */
function database(failures: number) {
  const calls: unknown[] = [];
  const answer: Database = (_fn, args) => {
    calls.push(args);
    const failed: DatabaseAnswer = { ok: false, reason: 'say_deployment_ways unreachable: TypeError' };
    return Promise.resolve(calls.length <= failures ? failed : { ok: true, text: '' });
  };
  return { answer, calls };
}

describe('deploymentWaysSayer', () => {
  it('tries again on its own, with backoff, until the say is taken; then says no more', async () => {
    vi.useFakeTimers();
    const { answer, calls } = database(2);
    const log: string[] = [];
    const say = deploymentWaysSayer(answer, true, (line) => log.push(line), 100);
    say();
    await vi.advanceTimersByTimeAsync(99);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    // The second wait is twice the first.
    await vi.advanceTimersByTimeAsync(199);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toEqual([{ p_mercadopago: true }, { p_mercadopago: true }, { p_mercadopago: true }]);
    expect(log).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(10_000);
    say();
    expect(calls).toHaveLength(3);
    vi.useRealTimers();
  });

  it('keeps one retry waiting, however many requests fail meanwhile', async () => {
    vi.useFakeTimers();
    const { answer, calls } = database(3);
    const say = deploymentWaysSayer(answer, false, () => undefined, 100);
    say();
    await vi.advanceTimersByTimeAsync(0);
    // A request's say fails too: still one retry waiting.
    say();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(100);
    expect(calls).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toHaveLength(4);
    vi.useRealTimers();
  });
});
