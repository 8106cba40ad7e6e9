/** The functions tell Postgres whether the deployment has Mercado Pago: once, again while the database cannot be reached. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database, DatabaseAnswer } from '../../../supabase/functions/_shared/database.ts';
import { deploymentWaysSayer, SAY_AGAIN_MS } from '../../../supabase/functions/_shared/deployment-ways.ts';

const UNREACHABLE = 'say_deployment_ways unreachable: TypeError';
const unreachable: DatabaseAnswer = { ok: false, reason: UNREACHABLE };
const taken: DatabaseAnswer = { ok: true, text: '' };

/** A database answering from the list in turn, the last answer again once the list is spent. */
function databaseAnswering(...answers: DatabaseAnswer[]): { database: Database; calls: Record<string, unknown>[] } {
  const calls: Record<string, unknown>[] = [];
  const database: Database = (_fn, args) => {
    calls.push(args);
    return Promise.resolve(answers[Math.min(calls.length - 1, answers.length - 1)] ?? taken);
  };
  return { database, calls };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the deployment’s ways, said in Postgres', () => {
  it('is said once however many requests come, with what the function knows', async () => {
    const { database, calls } = databaseAnswering(taken);
    const say = deploymentWaysSayer(database, true, () => undefined);
    say();
    say();
    await vi.runAllTimersAsync();
    say();
    expect(calls).toEqual([{ p_mercadopago: true }]);
  });

  it('is tried again with backoff while the database cannot be reached, and stops once taken', async () => {
    const { database, calls } = databaseAnswering(unreachable, unreachable, taken);
    const say = deploymentWaysSayer(database, false, () => undefined);
    say();
    await vi.advanceTimersByTimeAsync(SAY_AGAIN_MS[0]);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(SAY_AGAIN_MS[1]);
    expect(calls).toHaveLength(3);
    await vi.runAllTimersAsync();
    say();
    expect(calls).toHaveLength(3);
    expect(calls.every((args) => args.p_mercadopago === false)).toBe(true);
  });

  it('gives up after the last wait, says why once, and tries again at the next request', async () => {
    const lines: string[] = [];
    const { database, calls } = databaseAnswering(unreachable);
    const say = deploymentWaysSayer(database, true, (line) => lines.push(line));
    say();
    await vi.runAllTimersAsync();
    expect(calls).toHaveLength(SAY_AGAIN_MS.length + 1);
    expect(lines).toEqual([`deployment's ways not said: ${UNREACHABLE}`]);
    say();
    await vi.runAllTimersAsync();
    expect(calls).toHaveLength(SAY_AGAIN_MS.length + 2);
  });

  it('says nothing without a database', () => {
    expect(() => deploymentWaysSayer(null, true, () => undefined)()).not.toThrow();
  });
});
