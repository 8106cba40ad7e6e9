/**
 * Pid files (ours for PostgREST, PostgreSQL's postmaster.pid; the pid is on the
 * first line of both), so a start after a crash can stop what the crashed run
 * left behind; and the state folder's owner, so a second start on the same
 * folder never takes a running first one's processes for leftovers.
 */
import { readFileSync, rmSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isAlive, waitUntil, type ManagedChild } from './child.ts';

async function commandOf(pid: number): Promise<string> {
  return (await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '')).replaceAll('\0', ' ');
}

/**
 * A process still running under the pid file, and running `commandPart`, is
 * stopped with `signal` before the next start; the stale file is removed.
 */
export async function stopLeftover(pidFile: string, commandPart: string, say: (line: string) => void, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  const pid = Number((await readFile(pidFile, 'utf8').catch(() => '')).split('\n')[0]);
  if (Number.isInteger(pid) && pid > 0 && isAlive(pid) && (await commandOf(pid)).includes(commandPart)) {
    say(`Deteniendo ${commandPart} (pid ${pid}), que quedó corriendo de una ejecución anterior.`);
    process.kill(pid, signal);
    await waitUntil(`deteniendo el ${commandPart} anterior`, () => Promise.resolve(!isAlive(pid)), 20_000);
  }
  await rm(pidFile, { force: true });
}

export async function writePidFile(pidFile: string, child: ManagedChild): Promise<void> {
  if (child.process.pid !== undefined) await writeFile(pidFile, String(child.process.pid));
  void child.exited.then(() => rm(pidFile, { force: true }));
}

/** The `npm start` that holds a state folder: its pid and where its app answers. */
export interface StateOwner {
  readonly pid: number;
  readonly appUrl: string;
}

const OWNER_FILE = 'npm-start.json';
/** What every `npm start` runs (npm execs node on it), so a pid reused by another program is not taken for one. */
const START_SCRIPT = 'scripts/start.ts';

async function ownerOf(file: string): Promise<StateOwner | null> {
  try {
    const owner = JSON.parse(await readFile(file, 'utf8')) as Partial<StateOwner>;
    const { pid, appUrl } = owner;
    if (typeof pid !== 'number' || typeof appUrl !== 'string') return null;
    return isAlive(pid) && (await commandOf(pid)).includes(START_SCRIPT) ? { pid, appUrl } : null;
  } catch {
    return null;
  }
}

/**
 * Claims the state folder for this `npm start` before anything in it is
 * touched: a second start on the same folder would take the first's
 * PostgreSQL and PostgREST for leftovers of a crash and stop them. Answers the
 * running owner instead when there is one (a crashed owner's file is stale and
 * taken over). The claim is an exclusive create, so two starts at once cannot
 * both win; it is released when this process exits.
 */
export async function claimStateDir(
  stateDir: string,
  appUrl: string,
): Promise<{ readonly claimed: true } | { readonly claimed: false; readonly owner: StateOwner }> {
  await mkdir(stateDir, { recursive: true });
  const file = join(stateDir, OWNER_FILE);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      await writeFile(file, JSON.stringify({ pid: process.pid, appUrl }), { flag: 'wx' });
      process.once('exit', () => {
        try {
          if ((JSON.parse(readFileSync(file, 'utf8')) as Partial<StateOwner>).pid === process.pid) rmSync(file, { force: true });
        } catch {
          // Already gone.
        }
      });
      return { claimed: true };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = await ownerOf(file);
    if (owner) return { claimed: false, owner };
    await rm(file, { force: true });
  }
  throw new Error(`no se pudo reservar la carpeta de estado ${stateDir}`);
}
