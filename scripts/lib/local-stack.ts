/**
 * The whole local backend without Docker: PostgreSQL, the migrations, and
 * PostgREST, each on a free port, laid out like a Supabase project. Either
 * process is restarted on its port if it dies. Everything started here is
 * stopped by stop(), on Ctrl-C, and on failure.
 */
import { chmod, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadOrCreateSecrets, signRoleKey } from './keys.ts';
import { prepareDatabase, type MigrationResult } from './migrations.ts';
import { startGateway } from './gateway.ts';
import { freePort } from './ports.ts';
import { startPostgres, type RunningPostgres } from './postgres.ts';
import { startPostgrest, type RunningPostgrest } from './postgrest.ts';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../supabase/migrations', import.meta.url));

export interface LocalStack {
  /** Superuser connection string (what `supabase status` calls the DB URL). */
  readonly dbUrl: string;
  /** PostgREST itself; the app reaches it through its own origin at /rest/v1. */
  readonly restUrl: () => string;
  /**
   * The project's URL, laid out like Supabase's (`/rest/v1` → PostgREST, wanting the anon or the
   * service_role key in `apikey`): SUPABASE_URL for a function run alone.
   */
  readonly projectUrl: string;
  readonly anonKey: string;
  readonly serviceRoleKey: string;
  readonly jwtSecret: string;
  /** The host function's key, kept with the other secrets. */
  readonly hostKey: string;
  readonly migrations: MigrationResult;
  /** Stops PostgREST only (tests use this to cut the API mid-flush). */
  stopRest(): Promise<void>;
  /** Starts PostgREST again on the same port. */
  startRest(): Promise<void>;
  stop(): Promise<void>;
}

export interface LocalStackOptions {
  /** Kept between runs: the database files and the secrets. */
  readonly stateDir: string;
  /**
   * PostgreSQL with fsync on, so what it acknowledged survives a crash; true
   * unless given. Tests pass false for speed.
   */
  readonly durable?: boolean | undefined;
  /** Each line the processes print. */
  readonly log?: (line: string) => void;
  /** Lines for the operator (first start, leftovers, restarts); `log` unless given. */
  readonly say?: (line: string) => void;
}

export async function startLocalStack(options: LocalStackOptions): Promise<LocalStack> {
  const log = options.log ?? (() => undefined);
  const say = options.say ?? log;
  await mkdir(options.stateDir, { recursive: true });
  // Run as root, PostgreSQL runs as the postgres user, who must be able to reach its data folder.
  await chmod(options.stateDir, 0o711);
  const secrets = await loadOrCreateSecrets(join(options.stateDir, 'secrets.json'));
  const stoppers: (() => Promise<void>)[] = [];
  const stopAll = async () => {
    for (const stop of stoppers.splice(0).reverse()) await stop().catch((error: unknown) => log(String(error)));
  };
  try {
    const postgres: RunningPostgres = await startPostgres({
      dataDir: join(options.stateDir, 'pg'),
      port: await freePort(),
      password: secrets.superuserPassword,
      durable: options.durable ?? true,
      log,
      say,
    });
    stoppers.push(() => postgres.stop());
    const migrations = await prepareDatabase({
      superuserUrl: postgres.superuserUrl,
      authenticatorPassword: secrets.authenticatorPassword,
      migrationsDir: MIGRATIONS_DIR,
    });

    const restPort = await freePort();
    const adminPort = await freePort();
    const restOptions = {
      dbUrl: `postgres://authenticator:${encodeURIComponent(secrets.authenticatorPassword)}@127.0.0.1:${postgres.port}/postgres`,
      port: restPort,
      adminPort,
      jwtSecret: secrets.jwtSecret,
      pidFile: join(options.stateDir, 'postgrest.pid'),
      log,
      say,
    };
    let rest: RunningPostgrest | null = await startPostgrest(restOptions);
    const stopRest = async () => {
      const running = rest;
      rest = null;
      await running?.stop();
    };
    stoppers.push(stopRest);
    const anonKey = await signRoleKey(secrets.jwtSecret, 'anon');
    const serviceRoleKey = await signRoleKey(secrets.jwtSecret, 'service_role');
    const gateway = await startGateway([{ prefix: '/rest/v1', target: () => `http://127.0.0.1:${restPort}`, apiKeys: [anonKey, serviceRoleKey] }]);
    stoppers.push(() => gateway.close());

    return {
      dbUrl: postgres.superuserUrl,
      restUrl: () => `http://127.0.0.1:${restPort}`,
      projectUrl: gateway.url,
      anonKey,
      serviceRoleKey,
      jwtSecret: secrets.jwtSecret,
      hostKey: secrets.hostKey,
      migrations,
      stopRest,
      startRest: async () => {
        rest ??= await startPostgrest(restOptions);
      },
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
