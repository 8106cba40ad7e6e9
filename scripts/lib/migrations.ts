/**
 * Prepares a bare PostgreSQL like a Supabase project (its API roles) and runs
 * supabase/migrations/*.sql in name order, each once, recorded in a table.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';

const SUPABASE_ROLES = `
do $$
begin
  if not exists (select from pg_roles where rolname = 'anon') then create role anon nologin noinherit; end if;
  if not exists (select from pg_roles where rolname = 'authenticated') then create role authenticated nologin noinherit; end if;
  if not exists (select from pg_roles where rolname = 'service_role') then create role service_role nologin noinherit bypassrls; end if;
  if not exists (select from pg_roles where rolname = 'authenticator') then create role authenticator login noinherit; end if;
end
$$;
grant anon, authenticated, service_role to authenticator;
create schema if not exists supabase_migrations;
create table if not exists supabase_migrations.schema_migrations (
  version text primary key,
  name text not null,
  applied_at timestamptz not null default now()
);
`;

export interface MigrationResult {
  readonly applied: string[];
  readonly skipped: string[];
}

export async function prepareDatabase(options: { superuserUrl: string; authenticatorPassword: string; migrationsDir: string }): Promise<MigrationResult> {
  const client = new pg.Client({ connectionString: options.superuserUrl });
  await client.connect();
  try {
    await client.query(SUPABASE_ROLES);
    await client.query(`alter role authenticator with password ${client.escapeLiteral(options.authenticatorPassword)}`);
    return await applyMigrations(client, options.migrationsDir);
  } finally {
    await client.end();
  }
}

async function applyMigrations(client: pg.Client, migrationsDir: string): Promise<MigrationResult> {
  const files = (await readdir(migrationsDir)).filter((file) => file.endsWith('.sql')).sort();
  const done = new Set((await client.query<{ version: string }>('select version from supabase_migrations.schema_migrations')).rows.map((row) => row.version));
  const result: MigrationResult = { applied: [], skipped: [] };
  for (const file of files) {
    const version = file.split('_')[0] ?? file;
    if (done.has(version)) {
      result.skipped.push(file);
      continue;
    }
    const sql = await readFile(join(migrationsDir, file), 'utf8');
    await client.query('begin');
    try {
      await client.query(sql);
      await client.query('insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)', [version, file]);
      await client.query('commit');
    } catch (error) {
      await client.query('rollback');
      throw new Error(`Migration ${file} failed: ${(error as Error).message}`);
    }
    result.applied.push(file);
  }
  return result;
}
