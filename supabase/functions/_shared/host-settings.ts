/** The `host` function's environment, read once, and its fixed rules. */
import { parseAllowedOrigins } from './cors.ts';
import { envValue as value, PROJECT_ENV_NAMES, readProject } from './project.ts';

/** Every variable the function reads besides PORT (the Deno entry reads exactly these). */
export const HOST_ENV_NAMES = [...PROJECT_ENV_NAMES, 'HOST_KEY', 'ALLOWED_ORIGINS'] as const;

export type HostEnv = Partial<Readonly<Record<(typeof HOST_ENV_NAMES)[number], string | undefined>>>;

/** Wrong host keys one client address may send per window; past it every try waits. */
export const HOST_KEY_TRIES = { tries: 10, windowSeconds: 60 } as const;

export interface HostSettings {
  /** Absent: the function refuses everything (503) rather than open the party to anyone. */
  readonly hostKey: string | undefined;
  /** PostgREST's base URL: `${SUPABASE_URL}/rest/v1` unless given. */
  readonly restUrl: string | undefined;
  readonly serviceRoleKey: string | undefined;
  readonly allowedOrigins: ReadonlySet<string>;
}

export function readHostSettings(env: HostEnv, restUrl?: string): HostSettings {
  return { hostKey: value(env.HOST_KEY), ...readProject(env, restUrl), allowedOrigins: parseAllowedOrigins(env.ALLOWED_ORIGINS) };
}
