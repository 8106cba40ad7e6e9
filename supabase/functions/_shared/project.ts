/** The Supabase project a function reaches with the service role: `SUPABASE_URL` and `SUPABASE_SERVICE_ROLE_KEY`, set by the platform. */
import { createDatabase, type Database } from './database.ts';

export const PROJECT_ENV_NAMES = ['SUPABASE_URL', 'SUPABASE_SERVICE_ROLE_KEY'] as const;

export type ProjectEnv = Partial<Readonly<Record<(typeof PROJECT_ENV_NAMES)[number], string | undefined>>>;

export interface Project {
  /** PostgREST's base URL: `${SUPABASE_URL}/rest/v1` unless given. */
  readonly restUrl: string | undefined;
  readonly serviceRoleKey: string | undefined;
}

export const envValue = (text: string | undefined) => (text?.trim() ? text.trim() : undefined);

export function readProject(env: ProjectEnv, restUrl?: string): Project {
  const supabaseUrl = envValue(env.SUPABASE_URL)?.replace(/\/+$/, '');
  return {
    restUrl: envValue(restUrl)?.replace(/\/+$/, '') ?? (supabaseUrl ? `${supabaseUrl}/rest/v1` : undefined),
    serviceRoleKey: envValue(env.SUPABASE_SERVICE_ROLE_KEY),
  };
}

/** The project's database, or null when the function runs without one. */
export function projectDatabase(project: Project, fetchImpl?: typeof fetch): Database | null {
  const { restUrl, serviceRoleKey } = project;
  return restUrl && serviceRoleKey ? createDatabase({ restUrl, serviceRoleKey, ...(fetchImpl ? { fetch: fetchImpl } : {}) }) : null;
}
