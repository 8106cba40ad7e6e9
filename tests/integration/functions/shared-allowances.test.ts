/**
 * Who is owed a comment, against a real database. A comment is owed only for
 * an order the server holds for a guest it knows: invented ids earn nothing
 * and spend nothing, so one script at the bar's address cannot silence the
 * honest guests. The allowances hold across instances: two real Deno processes
 * against one database share one allowance per guest and one per address, as
 * parallel instances on Supabase would. A forged x-forwarded-for buys nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCommentFunction, type RunningCommentFunction } from '../../../scripts/lib/comment-function.ts';
import { COMMENT_ERRORS, createCommentHandler, type CommentHandler } from '../../../supabase/functions/comment/handler.ts';
import { DEFAULT_ADDRESS_RATE_LIMIT } from '../../../supabase/functions/comment/rate-limiter.ts';
import { anOrder } from '../../support/comment-orders.ts';
import { startTestStack, type TestStack } from '../../support/stack.ts';

let stack: TestStack;
let first: RunningCommentFunction;
let second: RunningCommentFunction;
let inProcess: CommentHandler;

const ADDRESS_CEILING = DEFAULT_ADDRESS_RATE_LIMIT.requests;

beforeAll(async () => {
  stack = await startTestStack();
  const env = { SUPABASE_URL: stack.stack.projectUrl, SUPABASE_SERVICE_ROLE_KEY: stack.stack.serviceRoleKey };
  [first, second] = await Promise.all([startCommentFunction({ port: 0, env }), startCommentFunction({ port: 0, env })]);
  // The same function in this process, waiting only a moment for an order that is not on the server.
  inProcess = createCommentHandler({
    env,
    restUrl: stack.stack.restUrl(),
    quipPauseMs: 1,
    orderWait: { totalMs: 300, pausesMs: [50, 100] },
    log: () => undefined,
  });
});

afterAll(async () => {
  await Promise.all([first.stop(), second.stop()]);
  await stack.stop();
});

interface HeldOrder {
  readonly guestId: string;
  readonly orderId: string;
}

/** Guests the server knows, each with one Summer Ale the server holds. */
async function guestsWithAnOrder(count: number): Promise<HeldOrder[]> {
  const held = Array.from({ length: count }, () => ({ guestId: crypto.randomUUID(), orderId: crypto.randomUUID() }));
  await stack.query(`insert into users (id, full_name) select unnest($1::uuid[]), 'Invitada de prueba'`, [held.map((one) => one.guestId)]);
  await stack.query(
    `insert into orders (id, user_id, product_name, product_price, created_at)
     select unnest($1::uuid[]), unnest($2::uuid[]), 'Summer Ale 500cc', 4400, now()`,
    [held.map((one) => one.orderId), held.map((one) => one.guestId)],
  );
  return held;
}

const body = (held: HeldOrder) => JSON.stringify(anOrder({ guestId: held.guestId, orderId: held.orderId }));

/** Asks a Deno instance for a comment and hangs up once the answer has begun: the status is what counts here. */
async function ask(fn: RunningCommentFunction, held: HeldOrder, headers: Record<string, string> = {}): Promise<number> {
  const response = await fetch(`${fn.url}/comment`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: body(held) });
  await response.body?.cancel();
  return response.status;
}

/** Asks the in-process function, as the bar's address. */
async function askHere(held: HeldOrder, address: string): Promise<Response> {
  const request = new Request('http://functions.test/comment', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: body(held) });
  return inProcess(request, { remoteAddr: address });
}

describe('a comment is owed only for an order the server holds', () => {
  it('answers invented guests and orders 404 in Spanish, and they spend no one’s allowance', async () => {
    const [real] = await guestsWithAnOrder(1);
    if (!real) throw new Error('no guest seeded');
    const invented = [
      { guestId: crypto.randomUUID(), orderId: crypto.randomUUID() },
      { guestId: real.guestId, orderId: crypto.randomUUID() },
      { guestId: crypto.randomUUID(), orderId: real.orderId },
    ];
    for (const held of invented) {
      const answer = await askHere(held, '203.0.113.10');
      expect(answer.status).toBe(404);
      expect(await answer.json()).toEqual({ error: COMMENT_ERRORS.unknownOrder });
    }
    expect(await stack.query(`select key from comment_allowances where key like '%203.0.113.10%' or key = $1`, [`guest:${real.guestId}`])).toEqual([]);
  });

  it('serves 50 honest guests at once after one client posted 130 requests with invented ids from the bar’s address', async () => {
    const bar = '203.0.113.20';
    const flood = await Promise.all(
      Array.from({ length: 130 }, () => askHere({ guestId: crypto.randomUUID(), orderId: crypto.randomUUID() }, bar).then((answer) => answer.status)),
    );
    expect(new Set(flood)).toEqual(new Set([404]));
    const honest = await guestsWithAnOrder(50);
    const answers = await Promise.all(honest.map((held) => askHere(held, bar)));
    expect(answers.map((answer) => answer.status)).toEqual(Array<number>(50).fill(200));
    expect((await Promise.all(answers.map((answer) => answer.text()))).every((text) => text.trim() !== '')).toBe(true);
  });

  it('waits for an order still on its way from the phone, then comments on it', async () => {
    const held = { guestId: crypto.randomUUID(), orderId: crypto.randomUUID() };
    const asked = askHere(held, '203.0.113.30');
    await stack.query(`insert into users (id, full_name) values ($1, 'Rita Rezagada')`, [held.guestId]);
    await stack.query(`insert into orders (id, user_id, product_name, product_price, created_at) values ($1, $2, 'Summer Ale 500cc', 4400, now())`, [
      held.orderId,
      held.guestId,
    ]);
    expect((await asked).status).toBe(200);
  });

  it('comments on a dish the host added to the party’s list, not on one at a price the server never took', async () => {
    const held = { guestId: crypto.randomUUID(), orderId: crypto.randomUUID() };
    await stack.query(`select host_add_product((select id from parties where is_default), 'Pichanga de la casa', 12990, 'Fondos')`);
    await stack.query(`insert into users (id, full_name) values ($1, 'Pía Pichanga')`, [held.guestId]);
    await stack.query(`insert into orders (id, user_id, product_name, product_price, created_at) values ($1, $2, 'Pichanga de la casa', 12990, now())`, [
      held.orderId,
      held.guestId,
    ]);
    const askAbout = (product: { name: string; price: number }) =>
      inProcess(
        new Request('http://functions.test/comment', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(anOrder({ ...held, product })),
        }),
        { remoteAddr: '203.0.113.40' },
      );
    const served = await askAbout({ name: 'Pichanga de la casa', price: 12990 });
    expect(served.status).toBe(200);
    expect((await served.text()).trim()).not.toBe('');
    expect((await askAbout({ name: 'Pichanga de la casa', price: 100 })).status).toBe(404);
  });
});

describe('the comment allowances', () => {
  it('give a guest 12 comments a minute in all, whichever instance answers', async () => {
    const [held] = await guestsWithAnOrder(1);
    if (!held) throw new Error('no guest seeded');
    const answers: number[] = [];
    for (let index = 0; index < 14; index += 1) answers.push(await ask(index % 2 === 0 ? first : second, held));
    expect(answers.slice(0, 12)).toEqual(Array<number>(12).fill(200));
    expect(answers.slice(12)).toEqual([429, 429]);
    // Kept in the database: the guest's allowance is whole again only about a minute from now.
    const [row] = await stack.query<{ seconds: number }>(
      'select extract(epoch from next_free - now())::float as seconds from comment_allowances where key = $1',
      [`guest:${held.guestId}`],
    );
    expect(row?.seconds).toBeGreaterThan(50);
  });

  it(`give one address ${ADDRESS_CEILING} a minute across instances, and a forged x-forwarded-for no new allowance`, async () => {
    // More guests at once than the ceiling, from one bar's address (as the platform's edge names it), each forging its own.
    const bar = { 'CF-Connecting-IP': '203.0.113.77' };
    const guests = await guestsWithAnOrder(ADDRESS_CEILING + 20);
    const started = performance.now();
    const statuses = await Promise.all(
      guests.map((held, index) => ask(index % 2 === 0 ? first : second, held, { ...bar, 'X-Forwarded-For': `198.51.100.${index % 250}` })),
    );
    // The ceiling, plus what refills while the burst runs; each instance alone would have let them all through.
    const refilled = Math.ceil(((ADDRESS_CEILING / 60) * (performance.now() - started)) / 1000);
    const allowed = statuses.filter((status) => status === 200).length;
    expect(allowed).toBeGreaterThanOrEqual(ADDRESS_CEILING);
    expect(allowed).toBeLessThanOrEqual(ADDRESS_CEILING + refilled);
    expect(allowed).toBeLessThan(guests.length);
    expect(statuses.filter((status) => status === 429)).toHaveLength(guests.length - allowed);
  });

  it('are kept where anon cannot reach them', async () => {
    const answer = await fetch(`${stack.stack.restUrl()}/comment_allowances`, {
      headers: { apikey: stack.stack.anonKey, Authorization: `Bearer ${stack.stack.anonKey}` },
    });
    expect(answer.status).toBe(401);
    for (const [fn, args] of [
      ['take_comment_allowance', { p_keys: ['guest:x'], p_capacities: [1000], p_window_seconds: 1 }],
      [
        'take_order_comment',
        { p_guest: crypto.randomUUID(), p_order: null, p_product_name: 'x', p_product_price: 1, p_address: 'x', p_capacities: [1, 1], p_window_seconds: 1 },
      ],
    ] as const) {
      const rpc = await fetch(`${stack.stack.restUrl()}/rpc/${fn}`, {
        method: 'POST',
        headers: { apikey: stack.stack.anonKey, Authorization: `Bearer ${stack.stack.anonKey}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(args),
      });
      expect(rpc.status, fn).toBe(401);
    }
  });
});
