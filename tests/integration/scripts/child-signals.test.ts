import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../../scripts/lib/product.ts';

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Runs the script, waits for its child, sends Ctrl-C's signal; its exit and its child's pid. */
async function interrupt(...args: string[]): Promise<{ code: number | null; output: string; childPid: number }> {
  const script = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'tests/support/child-on-signal.ts'), ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  script.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  await expect.poll(() => /child (\d+)/.exec(output)?.[1], { timeout: 20_000 }).toBeDefined();
  const childPid = Number(/child (\d+)/.exec(output)?.[1]);
  expect(alive(childPid)).toBe(true);
  script.kill('SIGINT');
  const [code] = (await once(script, 'exit')) as [number | null];
  return { code, output, childPid };
}

describe('a script’s children on Ctrl-C', () => {
  it('are stopped when the script has no shutdown of its own', async () => {
    const { code, childPid } = await interrupt();
    expect(code).toBe(130);
    await expect.poll(() => alive(childPid), { timeout: 5000 }).toBe(false);
  });

  it('are left to the script’s own orderly shutdown when it has one', async () => {
    const { code, output, childPid } = await interrupt('own');
    expect(output).toContain('own shutdown');
    expect(code).toBe(0);
    expect(alive(childPid)).toBe(false);
  });
});
