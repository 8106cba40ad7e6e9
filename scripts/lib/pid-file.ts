/**
 * Pid files (ours for PostgREST, PostgreSQL's postmaster.pid; the pid is on the
 * first line of both), so a start after a crash can stop what the crashed run
 * left behind.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
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
