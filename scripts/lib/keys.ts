/**
 * The local project's secrets, made at first start and kept (git-ignored):
 * the JWT secret PostgREST checks, the anon key signed with it, the database
 * passwords and the host's key. A kept file that lacks one (from an older
 * version) gets it added; the others stay as they are.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { jwtVerify, SignJWT } from 'jose';

export interface LocalSecrets {
  readonly jwtSecret: string;
  readonly superuserPassword: string;
  readonly authenticatorPassword: string;
  /** What the host function asks of the bar's host. */
  readonly hostKey: string;
}

const MAKE: Readonly<Record<keyof LocalSecrets, () => string>> = {
  jwtSecret: () => randomBytes(48).toString('base64url'),
  superuserPassword: () => randomBytes(18).toString('base64url'),
  authenticatorPassword: () => randomBytes(18).toString('base64url'),
  hostKey: () => randomBytes(32).toString('base64url'),
};

async function readKept(file: string): Promise<Record<string, unknown>> {
  const text = await readFile(file, 'utf8').catch(() => null);
  if (text === null) return {};
  const parsed: unknown = JSON.parse(text);
  return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
}

export async function loadOrCreateSecrets(file: string): Promise<LocalSecrets> {
  const kept = await readKept(file).catch((): Record<string, unknown> => ({}));
  const keptOrNew = (name: keyof LocalSecrets) => {
    const value = kept[name];
    return typeof value === 'string' && value !== '' ? value : MAKE[name]();
  };
  const secrets: LocalSecrets = {
    jwtSecret: keptOrNew('jwtSecret'),
    superuserPassword: keptOrNew('superuserPassword'),
    authenticatorPassword: keptOrNew('authenticatorPassword'),
    hostKey: keptOrNew('hostKey'),
  };
  if (Object.entries(secrets).every(([name, value]) => kept[name] === value)) return secrets;
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify({ ...kept, ...secrets }, null, 2)}\n`, { mode: 0o600 });
  return secrets;
}

/**
 * A Supabase-style key: an HS256 JWT with the role PostgREST switches to. The
 * same secret always gives the same key, as a Supabase project's keys stay the
 * same: the gateway accepts only the project's keys as they are, and a phone
 * whose installed app was built at an earlier start must still sync.
 */
export function signRoleKey(jwtSecret: string, role: 'anon' | 'service_role'): Promise<string> {
  return new SignJWT({ role })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer('supabase-local')
    .setIssuedAt(KEYS_ISSUED_AT)
    .setExpirationTime(KEYS_EXPIRE_AT)
    .sign(new TextEncoder().encode(jwtSecret));
}

/** 2026-01-01 and 2046-01-01, in seconds. */
const KEYS_ISSUED_AT = 1_767_225_600;
const KEYS_EXPIRE_AT = 2_398_377_600;

/** What Supabase's gateway checks for a function with verify_jwt: an unexpired JWT signed with the project's secret. */
export async function isProjectJwt(jwtSecret: string, token: string): Promise<boolean> {
  if (token === '') return false;
  try {
    await jwtVerify(token, new TextEncoder().encode(jwtSecret), { algorithms: ['HS256'] });
    return true;
  } catch {
    return false;
  }
}
