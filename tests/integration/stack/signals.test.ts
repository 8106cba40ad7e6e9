/**
 * However `npm start` is told to stop, nothing it started is left running:
 * SIGHUP (a closed terminal) stops it in order, and a second Ctrl-C during
 * that stop forces it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launcher, outputHas, ready, stillRunning, type Launcher } from './npm-start.ts';

let npmStart: Launcher;

beforeAll(async () => {
  npmStart = await launcher();
});

afterAll(async () => {
  await npmStart.cleanUp();
});

describe('npm start told to stop', () => {
  it('by SIGHUP to node stops every process it started, in order', async () => {
    const run = await npmStart.start();
    await ready(run);
    const started = run.tree();
    expect(started.map((info) => info.command).join('\n')).toMatch(/postgrest/);
    run.child.kill('SIGHUP');
    expect(await run.exited).toBe(0);
    expect(run.output()).toContain('SIGHUP: deteniendo todo…');
    expect(await stillRunning(started)).toEqual([]);
  }, 120_000);

  it('by one Ctrl-C that reaches npm and node at once (a terminal’s) stops in order, not by force', async () => {
    const run = await npmStart.start();
    await ready(run);
    const started = run.tree();
    run.child.kill('SIGINT');
    run.child.kill('SIGINT');
    expect(await run.exited).toBe(0);
    expect(run.output()).toContain('SIGINT: deteniendo todo…');
    expect(run.output()).not.toContain('a la fuerza');
    expect(await stillRunning(started)).toEqual([]);
  }, 120_000);

  it('by a second Ctrl-C during the stop forces it, and still leaves nothing running', async () => {
    const run = await npmStart.start();
    await ready(run);
    const started = run.tree();
    const state = { exited: false };
    void run.exited.then(() => (state.exited = true));
    run.child.kill('SIGINT');
    await outputHas(run, 'SIGINT: deteniendo todo…');
    // A second press comes a moment later; signals closer together are one press delivered twice.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const forced = !state.exited;
    if (forced) run.child.kill('SIGINT');
    expect(await run.exited).not.toBeNull();
    if (forced) expect(run.output()).toContain('SIGINT otra vez: deteniendo todo a la fuerza.');
    expect(await stillRunning(started)).toEqual([]);
  }, 120_000);
});
