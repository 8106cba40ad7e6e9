/**
 * The `comment` Edge Function as it runs locally (see edge-function.ts): it
 * may reach the model's host and read its own settings and the OpenAI SDK's.
 */
import {
  edgeFunctionArguments,
  startEdgeFunction,
  type EdgeFunctionOptions,
  type EdgeFunctionPermissions,
  type RunningEdgeFunction,
} from './edge-function.ts';

export type CommentFunctionOptions = Omit<EdgeFunctionOptions, 'name' | keyof EdgeFunctionPermissions>;
export type RunningCommentFunction = RunningEdgeFunction;

/** What it may reach and read, given its environment (OPENAI_API_KEY, OPENAI_BASE_URL, OPENAI_MODEL, ALLOWED_ORIGINS). */
export function commentPermissions(env: Readonly<Record<string, string>>): EdgeFunctionPermissions {
  return {
    allowNet: [new URL(env.OPENAI_BASE_URL ?? 'https://api.openai.com/v1').host],
    // The OpenAI SDK reads a few of its own too (OPENAI_ORG_ID, OPENAI_LOG…).
    allowEnv: ['ALLOWED_ORIGINS', 'OPENAI_*'],
  };
}

/** The exact command line: deno plus these arguments, run in the project's root. */
export function denoArguments(port: number, env: Readonly<Record<string, string>>): string[] {
  return edgeFunctionArguments('comment', port, commentPermissions(env));
}

export function startCommentFunction(options: CommentFunctionOptions): Promise<RunningCommentFunction> {
  return startEdgeFunction({ ...options, name: 'comment', ...commentPermissions(options.env) });
}
