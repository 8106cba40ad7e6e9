/**
 * The comment function as the benchmarks run it: real Deno, its rate limits
 * kept in a real local Postgres (as on Supabase), in front of a given model.
 * A comment is owed only for an order the server holds, so the bench asks
 * about orders of guests it stored beforehand, one order per comment.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startCommentFunction } from '../lib/comment-function.ts';
import { startLocalStack } from '../lib/local-stack.ts';

/** A guest the server knows and one of their orders, of this product. */
export interface HeldOrder {
  readonly guestId: string;
  readonly orderId: string;
  readonly product: { readonly name: string; readonly price: number };
}

export interface BenchedComment {
  readonly url: string;
  /** A stored order no comment was asked about yet. */
  nextOrder(): HeldOrder;
  stop(): Promise<void>;
}

/** More than any bench asks about. */
const STORED_ORDERS = 2_000;
const PRODUCT = { name: 'Summer Ale 500cc', price: 4400 } as const;

async function storeOrders(dbUrl: string, count: number): Promise<HeldOrder[]> {
  const held = Array.from({ length: count }, () => ({ guestId: crypto.randomUUID(), orderId: crypto.randomUUID(), product: PRODUCT }));
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    const guests = held.map((one) => one.guestId);
    await client.query(`insert into users (id, full_name) select unnest($1::uuid[]), 'Invitado del banco'`, [guests]);
    await client.query(
      `insert into orders (id, user_id, product_name, product_price, created_at) select unnest($1::uuid[]), unnest($2::uuid[]), $3, $4, now()`,
      [held.map((one) => one.orderId), guests, PRODUCT.name, PRODUCT.price],
    );
  } finally {
    await client.end();
  }
  return held;
}

export async function startBenchedComment(modelBaseUrl: string): Promise<BenchedComment> {
  const stateDir = await mkdtemp(join(tmpdir(), 'bar-tab-bench-comment-'));
  const stack = await startLocalStack({ stateDir, durable: false });
  const stopStack = async () => {
    await stack.stop();
    await rm(stateDir, { recursive: true, force: true });
  };
  try {
    const held = await storeOrders(stack.dbUrl, STORED_ORDERS);
    const env = { OPENAI_API_KEY: 'sk-bench', OPENAI_BASE_URL: modelBaseUrl, SUPABASE_URL: stack.projectUrl, SUPABASE_SERVICE_ROLE_KEY: stack.serviceRoleKey };
    const fn = await startCommentFunction({ port: 0, env });
    return {
      url: fn.url,
      nextOrder() {
        const order = held.pop();
        if (!order) throw new Error(`the comment bench asked about more than ${STORED_ORDERS} orders`);
        return order;
      },
      async stop() {
        await fn.stop();
        await stopStack();
      },
    };
  } catch (error) {
    await stopStack();
    throw error;
  }
}
