/**
 * The real local stack (PostgreSQL, PostgREST) for one test file, in a fresh
 * temporary folder, on free ports; stopped and removed after the file.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startLocalStack, type LocalStack } from '../../scripts/lib/local-stack.ts';

export interface TestStack {
  readonly stack: LocalStack;
  /** Runs SQL as the superuser (RLS bypassed): what the database really holds. */
  query<Row extends pg.QueryResultRow>(sql: string, values?: unknown[]): Promise<Row[]>;
  stop(): Promise<void>;
}

export async function startTestStack(): Promise<TestStack> {
  const stateDir = await mkdtemp(join(tmpdir(), 'bar-tab-stack-'));
  // Tests keep PostgreSQL's fsync off for speed; npm start keeps it on.
  const stack = await startLocalStack({ stateDir, durable: false });
  const pool = new pg.Pool({ connectionString: stack.dbUrl, max: 2 });
  // An idle connection the server closed (PostgreSQL stopping under a test) is replaced at the next query; unheard, it would end the run.
  pool.on('error', () => undefined);
  return {
    stack,
    query: async <Row extends pg.QueryResultRow>(sql: string, values?: unknown[]) => (await pool.query<Row>(sql, values)).rows,
    stop: async () => {
      await pool.end();
      await stack.stop();
      await rm(stateDir, { recursive: true, force: true });
    },
  };
}
