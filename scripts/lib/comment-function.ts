/**
 * The `comment` Edge Function as it runs locally (see edge-function.ts): it
 * may reach the model's host and the project (its rate limits live in
 * Postgres), and read its own settings and the OpenAI SDK's.
 */
import { PROJECT_ENV_NAMES } from '../../supabase/functions/_shared/project.ts';
import { edgeFunctionArguments, startEdgeFunction, type EdgeFunctionOptions, type EdgeFunctionPermissions, type RunningEdgeFunction } from './edge-function.ts';

export type CommentFunctionOptions = Omit<EdgeFunctionOptions, 'name' | keyof EdgeFunctionPermissions>;
export type RunningCommentFunction = RunningEdgeFunction;

/** What it may reach and read, given its environment (OPENAI_*, ALLOWED_ORIGINS, SUPABASE_URL, SUPABASE_SERVICE_ROLE_KEY). */
export function commentPermissions(env: Readonly<Record<string, string>>): EdgeFunctionPermissions {
  const project = env.SUPABASE_URL ? [new URL(env.SUPABASE_URL).host] : [];
  return {
    allowNet: [new URL(env.OPENAI_BASE_URL ?? 'https://api.openai.com/v1').host, ...project],
    // The OpenAI SDK reads a few of its own too (OPENAI_ORG_ID, OPENAI_LOG…).
    allowEnv: ['ALLOWED_ORIGINS', 'OPENAI_*', ...PROJECT_ENV_NAMES],
  };
}

/** The exact command line: deno plus these arguments, run in the project's root. */
export function denoArguments(port: number, env: Readonly<Record<string, string>>): string[] {
  return edgeFunctionArguments('comment', port, commentPermissions(env));
}

export function startCommentFunction(options: CommentFunctionOptions): Promise<RunningCommentFunction> {
  return startEdgeFunction({ ...options, name: 'comment', ...commentPermissions(options.env) });
}
