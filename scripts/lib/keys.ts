/**
 * The local project's secrets, made at first start and kept (git-ignored):
 * the JWT secret PostgREST checks, the anon key signed with it, and the
 * database passwords.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { SignJWT } from 'jose';

export interface LocalSecrets {
  readonly jwtSecret: string;
  readonly superuserPassword: string;
  readonly authenticatorPassword: string;
}

export async function loadOrCreateSecrets(file: string): Promise<LocalSecrets> {
  const existing = await readFile(file, 'utf8').then(
    (text) => JSON.parse(text) as LocalSecrets,
    () => null,
  );
  if (existing?.jwtSecret && existing.superuserPassword && existing.authenticatorPassword) return existing;
  const secrets: LocalSecrets = {
    jwtSecret: randomBytes(48).toString('base64url'),
    superuserPassword: randomBytes(18).toString('base64url'),
    authenticatorPassword: randomBytes(18).toString('base64url'),
  };
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 });
  return secrets;
}

/** A Supabase-style key: an HS256 JWT with the role PostgREST switches to. */
export function signRoleKey(jwtSecret: string, role: 'anon' | 'service_role'): Promise<string> {
  return new SignJWT({ role })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer('supabase-local')
    .setIssuedAt()
    .setExpirationTime('10y')
    .sign(new TextEncoder().encode(jwtSecret));
}
