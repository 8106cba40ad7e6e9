/** The function's environment, read once. */
import { parseAllowedOrigins } from './cors.ts';
import { DEFAULT_BASE_URL, DEFAULT_MODEL } from './model-source.ts';

/** Every variable the function reads (the Deno entry reads exactly these). */
export const ENV_NAMES = ['OPENAI_API_KEY', 'OPENAI_BASE_URL', 'OPENAI_MODEL', 'ALLOWED_ORIGINS'] as const;

export type CommentEnv = Partial<Readonly<Record<(typeof ENV_NAMES)[number], string | undefined>>>;

export interface CommentSettings {
  /** Absent: comments come from the local quip generator. */
  readonly apiKey: string | undefined;
  readonly baseURL: string;
  readonly model: string;
  readonly allowedOrigins: ReadonlySet<string>;
}

export function readSettings(env: CommentEnv): CommentSettings {
  const value = (text: string | undefined) => (text?.trim() ? text.trim() : undefined);
  return {
    apiKey: value(env.OPENAI_API_KEY),
    baseURL: value(env.OPENAI_BASE_URL) ?? DEFAULT_BASE_URL,
    model: value(env.OPENAI_MODEL) ?? DEFAULT_MODEL,
    allowedOrigins: parseAllowedOrigins(env.ALLOWED_ORIGINS),
  };
}
