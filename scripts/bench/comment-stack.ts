/**
 * The comment function as the benchmarks run it: real Deno, its rate limits
 * kept in a real local Postgres (as on Supabase), in front of a given model.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startCommentFunction } from '../lib/comment-function.ts';
import { startLocalStack } from '../lib/local-stack.ts';

export interface BenchedComment {
  readonly url: string;
  stop(): Promise<void>;
}

export async function startBenchedComment(modelBaseUrl: string): Promise<BenchedComment> {
  const stateDir = await mkdtemp(join(tmpdir(), 'bar-tab-bench-comment-'));
  const stack = await startLocalStack({ stateDir, durable: false });
  const stopStack = async () => {
    await stack.stop();
    await rm(stateDir, { recursive: true, force: true });
  };
  try {
    const env = { OPENAI_API_KEY: 'sk-bench', OPENAI_BASE_URL: modelBaseUrl, SUPABASE_URL: stack.projectUrl, SUPABASE_SERVICE_ROLE_KEY: stack.serviceRoleKey };
    const fn = await startCommentFunction({ port: 0, env });
    return {
      url: fn.url,
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
