/**
 * A throwaway PostgreSQL that ran every migration: what supabase/schema.sql is
 * read from, by `npm run schema` and by the test that holds the file to the
 * migrations. No PostgREST, no kept folder: a few seconds, then gone.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MIGRATIONS_DIR } from './local-stack.ts';
import { prepareDatabase } from './migrations.ts';
import { freePort } from './ports.ts';
import { startPostgres } from './postgres.ts';

export interface MigratedDatabase {
  /** The superuser's connection string to the database every migration ran on. */
  readonly url: string;
  stop(): Promise<void>;
}

/** A throwaway PostgreSQL (fsync off, a temporary folder, a free port) that ran every migration of supabase/migrations. */
export async function startMigratedDatabase(): Promise<MigratedDatabase> {
  const folder = await mkdtemp(join(tmpdir(), 'bar-tab-schema-'));
  const quiet = () => undefined;
  try {
    const postgres = await startPostgres({
      dataDir: join(folder, 'pg'),
      port: await freePort(),
      password: randomBytes(18).toString('base64url'),
      durable: false,
      log: quiet,
      say: quiet,
    });
    const stop = async () => {
      await postgres.stop();
      await rm(folder, { recursive: true, force: true });
    };
    try {
      await prepareDatabase({
        superuserUrl: postgres.superuserUrl,
        authenticatorPassword: randomBytes(18).toString('base64url'),
        migrationsDir: MIGRATIONS_DIR,
      });
    } catch (error) {
      await stop();
      throw error;
    }
    return { url: postgres.superuserUrl, stop };
  } catch (error) {
    await rm(folder, { recursive: true, force: true });
    throw error;
  }
}
