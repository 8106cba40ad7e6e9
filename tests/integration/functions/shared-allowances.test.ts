/**
 * The comment function's rate limits hold across instances: two real Deno
 * processes against one database share one allowance per guest and one per
 * address, as parallel instances on Supabase would. A forged x-forwarded-for
 * buys no new allowance.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCommentFunction, type RunningCommentFunction } from '../../../scripts/lib/comment-function.ts';
import { anOrder } from '../../support/comment-orders.ts';
import { startTestStack, type TestStack } from '../../support/stack.ts';

let stack: TestStack;
let first: RunningCommentFunction;
let second: RunningCommentFunction;

beforeAll(async () => {
  stack = await startTestStack();
  const env = { SUPABASE_URL: stack.stack.projectUrl, SUPABASE_SERVICE_ROLE_KEY: stack.stack.serviceRoleKey };
  [first, second] = await Promise.all([startCommentFunction({ port: 0, env }), startCommentFunction({ port: 0, env })]);
});

afterAll(async () => {
  await Promise.all([first.stop(), second.stop()]);
  await stack.stop();
});

/** Asks for a comment and hangs up once the answer has begun: the status is what counts here. */
async function ask(fn: RunningCommentFunction, guestId: string, headers: Record<string, string> = {}): Promise<number> {
  const response = await fetch(`${fn.url}/comment`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(anOrder({ guestId })),
  });
  await response.body?.cancel();
  return response.status;
}

describe('the comment allowances', () => {
  it('give a guest 12 comments a minute in all, whichever instance answers', async () => {
    const guest = crypto.randomUUID();
    const answers: number[] = [];
    for (let index = 0; index < 14; index += 1) answers.push(await ask(index % 2 === 0 ? first : second, guest));
    expect(answers.slice(0, 12)).toEqual(Array<number>(12).fill(200));
    expect(answers.slice(12)).toEqual([429, 429]);
    // Kept in the database: the guest's allowance is whole again only about a minute from now.
    const [row] = await stack.query<{ seconds: number }>('select extract(epoch from next_free - now())::float as seconds from comment_allowances where key = $1', [`guest:${guest}`]);
    expect(row?.seconds).toBeGreaterThan(50);
  });

  it('give one address 120 a minute across instances, and a forged x-forwarded-for no new allowance', async () => {
    // 140 guests at once from one bar's address (as the platform's edge names it), each forging its own.
    const bar = { 'CF-Connecting-IP': '203.0.113.77' };
    const guests = Array.from({ length: 140 }, () => crypto.randomUUID());
    const started = performance.now();
    const statuses = await Promise.all(
      guests.map((guest, index) => ask(index % 2 === 0 ? first : second, guest, { ...bar, 'X-Forwarded-For': `198.51.100.${index}` })),
    );
    // 120, plus what refills while the burst runs (2 a second); each instance alone would have let all 140 through.
    const refilled = Math.ceil((2 * (performance.now() - started)) / 1000);
    const allowed = statuses.filter((status) => status === 200).length;
    expect(allowed).toBeGreaterThanOrEqual(120);
    expect(allowed).toBeLessThanOrEqual(120 + refilled);
    expect(allowed).toBeLessThan(140);
    expect(statuses.filter((status) => status === 429)).toHaveLength(140 - allowed);
  });

  it('are kept where anon cannot reach them', async () => {
    const answer = await fetch(`${stack.stack.restUrl()}/comment_allowances`, {
      headers: { apikey: stack.stack.anonKey, Authorization: `Bearer ${stack.stack.anonKey}` },
    });
    expect(answer.status).toBe(401);
    const rpc = await fetch(`${stack.stack.restUrl()}/rpc/take_comment_allowance`, {
      method: 'POST',
      headers: { apikey: stack.stack.anonKey, Authorization: `Bearer ${stack.stack.anonKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ p_keys: ['guest:x'], p_capacities: [1000], p_window_seconds: 1 }),
    });
    expect(rpc.status).toBe(401);
  });
});
