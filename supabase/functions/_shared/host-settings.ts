/** The `host` function's environment, read once, and its fixed rules. */
import { parseAllowedOrigins } from './cors.ts';

/** Every variable the function reads besides PORT (the Deno entry reads exactly these). */
export const HOST_ENV_NAMES = ['SUPABASE_URL', 'SUPABASE_SERVICE_ROLE_KEY', 'HOST_KEY', 'ALLOWED_ORIGINS'] as const;

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

const value = (text: string | undefined) => (text?.trim() ? text.trim() : undefined);

export function readHostSettings(env: HostEnv, restUrl?: string): HostSettings {
  const supabaseUrl = value(env.SUPABASE_URL)?.replace(/\/+$/, '');
  return {
    hostKey: value(env.HOST_KEY),
    restUrl: value(restUrl)?.replace(/\/+$/, '') ?? (supabaseUrl ? `${supabaseUrl}/rest/v1` : undefined),
    serviceRoleKey: value(env.SUPABASE_SERVICE_ROLE_KEY),
    allowedOrigins: parseAllowedOrigins(env.ALLOWED_ORIGINS),
  };
}
