/**
 * supabase/schema.sql is today's schema: what the migrations add up to, on a
 * fresh database. A migration that changes the schema fails here until the file
 * is written again; and the file is whole: run on an empty database, it builds
 * the same schema.
 */
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMigratedDatabase, type MigratedDatabase } from '../../../scripts/lib/migrated-database.ts';
import { SCHEMA_FILE, schemaAt } from '../../../scripts/lib/schema-sql.ts';

let database: MigratedDatabase;
let migrated: string;

beforeAll(async () => {
  database = await startMigratedDatabase();
  migrated = await schemaAt(database.url);
});

afterAll(async () => {
  await database.stop();
});

/** The same cluster (its roles are cluster-wide), another database. */
function urlOf(name: string): string {
  const url = new URL(database.url);
  url.pathname = `/${name}`;
  return url.toString();
}

async function run(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

describe('supabase/schema.sql', () => {
  it('is the schema the migrations make', async () => {
    const written = await readFile(SCHEMA_FILE, 'utf8').catch(() => '');
    expect(written, 'supabase/schema.sql is not what supabase/migrations make: run `npm run schema` and commit the file').toBe(migrated);
  });

  it('builds the schema it says on an empty database', async () => {
    await run(database.url, 'create database from_schema_file');
    const written = await readFile(SCHEMA_FILE, 'utf8');
    await run(urlOf('from_schema_file'), written);
    expect(await schemaAt(urlOf('from_schema_file'))).toBe(written);
  });
});
