/** The function's environment, read once. */
import { parseAllowedOrigins } from '../_shared/cors.ts';
import { DEFAULT_BASE_URL, DEFAULT_MODEL } from './model-source.ts';
import { envValue as value, PROJECT_ENV_NAMES, readProject, type Project } from '../_shared/project.ts';

/** What the operator sets for the function (`npm start` passes on those set); the platform sets the project's. */
export const OPERATOR_ENV_NAMES = ['OPENAI_API_KEY', 'OPENAI_BASE_URL', 'OPENAI_MODEL', 'ALLOWED_ORIGINS'] as const;

/** Every variable the function reads (the Deno entry reads exactly these). */
export const ENV_NAMES = [...OPERATOR_ENV_NAMES, ...PROJECT_ENV_NAMES] as const;

export type CommentEnv = Partial<Readonly<Record<(typeof ENV_NAMES)[number], string | undefined>>>;

export interface CommentSettings extends Project {
  /** Absent: comments come from the local quip generator. */
  readonly apiKey: string | undefined;
  readonly baseURL: string;
  readonly model: string;
  readonly allowedOrigins: ReadonlySet<string>;
}

/** `restUrl` replaces `${SUPABASE_URL}/rest/v1` (tests give PostgREST's own URL). */
export function readSettings(env: CommentEnv, restUrl?: string): CommentSettings {
  return {
    ...readProject(env, restUrl),
    apiKey: value(env.OPENAI_API_KEY),
    baseURL: value(env.OPENAI_BASE_URL) ?? DEFAULT_BASE_URL,
    model: value(env.OPENAI_MODEL) ?? DEFAULT_MODEL,
    allowedOrigins: parseAllowedOrigins(env.ALLOWED_ORIGINS),
  };
}
