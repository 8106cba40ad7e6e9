/**
 * The functions' settings from supabase/config.toml, which `supabase functions
 * deploy` reads: the local gateway applies the same ones (today, verify_jwt).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'smol-toml';

export const CONFIG_FILE = fileURLToPath(new URL('../../supabase/config.toml', import.meta.url));

export interface FunctionConfig {
  /** Supabase's default: the gateway refuses a request without a valid JWT of the project. */
  readonly verifyJwt: boolean;
}

export function functionConfig(name: string, file = CONFIG_FILE): FunctionConfig {
  const config = parse(readFileSync(file, 'utf8')) as { functions?: Record<string, { verify_jwt?: unknown }> };
  const verify = config.functions?.[name]?.verify_jwt;
  return { verifyJwt: verify !== false };
}
