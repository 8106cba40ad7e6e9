/**
 * A bench's own product (the local stack, the functions in real Deno, the
 * app's build), in a fresh folder, with a superuser client on its database:
 * all stopped and removed when the bench ends, fails, or is interrupted
 * (Ctrl-C, SIGTERM, SIGHUP: the stack's processes run in process groups of
 * their own, which a terminal's Ctrl-C does not reach).
 */
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startProduct, type RunningProduct } from '../lib/product.ts';
import type { LocalStack } from '../lib/local-stack.ts';

export interface OwnProduct {
  readonly product: RunningProduct;
  readonly stack: LocalStack;
  /** Connected as the superuser: row level security does not apply. */
  readonly client: pg.Client;
  /** Where the app was built. */
  readonly distDir: string;
}

export interface OwnProductOptions {
  /** Names the temporary folder and the error when there is no local stack. */
  readonly name: string;
  /** PostgreSQL's fsync; off for a bench that only stores what it made. */
  readonly durable?: boolean;
}

const SIGNALS: readonly NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/** Runs `bench` against a product of its own, and stops it afterwards, however `bench` ends. */
export async function withOwnProduct<T>(options: OwnProductOptions, bench: (own: OwnProduct) => Promise<T>): Promise<T> {
  const workDir = await mkdtemp(join(tmpdir(), `bar-tab-bench-${options.name}-`));
  await chmod(workDir, 0o711);
  const distDir = join(workDir, 'dist');
  let product: RunningProduct | null = null;
  let client: pg.Client | null = null;
  const stop = async () => {
    await client?.end().catch(() => undefined);
    client = null;
    await product?.stop();
    product = null;
    await rm(workDir, { recursive: true, force: true });
  };
  const interrupted = (signal: NodeJS.Signals) => {
    console.error(`\n${signal}: stopping bench:${options.name}'s processes…`);
    void stop().finally(() => process.exit(130));
  };
  for (const signal of SIGNALS) process.once(signal, interrupted);
  try {
    product = await startProduct({
      port: 0,
      stateDir: join(workDir, 'state'),
      distDir,
      ...(options.durable === undefined ? {} : { durable: options.durable }),
    });
    const { stack } = product;
    if (!stack) throw new Error(`bench:${options.name} needs the local stack: unset VITE_SUPABASE_URL`);
    client = new pg.Client({ connectionString: stack.dbUrl });
    await client.connect();
    return await bench({ product, stack, client, distDir });
  } finally {
    for (const signal of SIGNALS) process.off(signal, interrupted);
    await stop();
  }
}
