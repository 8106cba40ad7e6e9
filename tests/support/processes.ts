/** The process tree under a pid, from /proc: to prove a stop leaves nothing running. */
import { readdirSync, readFileSync } from 'node:fs';

interface ProcessInfo {
  readonly pid: number;
  readonly ppid: number;
  readonly state: string;
  readonly command: string;
}

function readProcess(pid: number): ProcessInfo | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command sits in parentheses and may hold spaces; the fields after it are fixed.
    const [state = '', ppid = '0'] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
    return { pid, ppid: Number(ppid), state, command };
  } catch {
    return null;
  }
}

function allProcesses(): ProcessInfo[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((name) => readProcess(Number(name)))
    .filter((info): info is ProcessInfo => info !== null);
}

/** Every live descendant of `root` (zombies count as gone: they have exited). */
export function descendants(root: number): ProcessInfo[] {
  const all = allProcesses();
  const found: ProcessInfo[] = [];
  const queue = [root];
  while (queue.length > 0) {
    const parent = queue.shift();
    for (const child of all.filter((info) => info.ppid === parent)) {
      found.push(child);
      queue.push(child.pid);
    }
  }
  return found.filter((info) => info.state !== 'Z');
}

/** True while the process exists and has not exited. */
export function running(pid: number): boolean {
  const info = readProcess(pid);
  return info !== null && info.state !== 'Z';
}
