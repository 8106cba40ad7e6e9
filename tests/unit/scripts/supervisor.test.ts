import { ChildProcess } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import type { ChildExit, ManagedChild } from '../../../scripts/lib/child.ts';
import { DEFAULT_BACKOFF, nextPause, supervise, type Backoff } from '../../../scripts/lib/supervisor.ts';

const QUICK: Backoff = { firstMs: 10, maxMs: 40, steadyMs: 60_000 };

/** A stand-in process: `die` ends it as a crash would; stop() as asked. */
interface FakeChild extends ManagedChild {
  die(exit: ChildExit): void;
  readonly stopped: () => boolean;
}

function fakeChild(): FakeChild {
  let end: (exit: ChildExit) => void = () => undefined;
  const exited = new Promise<ChildExit>((resolve) => (end = resolve));
  let stopped = false;
  return {
    name: 'fake',
    process: new ChildProcess(), // never spawned: the supervisor does not touch it
    exited,
    lastLines: () => [],
    stop: () => {
      stopped = true;
      end({ code: 0, signal: null });
      return exited.then(() => undefined);
    },
    die: (exit) => end(exit),
    stopped: () => stopped,
  };
}

async function until(check: () => boolean): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('not within 5 s');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('the pause before a restart', () => {
  it('doubles from 0.5 s to 30 s', () => {
    const pauses = [nextPause(null, DEFAULT_BACKOFF)];
    for (let step = 0; step < 8; step += 1) pauses.push(nextPause(pauses.at(-1) ?? null, DEFAULT_BACKOFF));
    expect(pauses).toEqual([500, 1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000]);
  });
});

describe('a supervised process', () => {
  it('is started again when it dies, with one line when it goes and one when it is back', async () => {
    const children: FakeChild[] = [];
    const launch = () => {
      const child = fakeChild();
      children.push(child);
      return Promise.resolve(child);
    };
    const said: string[] = [];
    const supervised = await supervise({
      name: 'PostgREST',
      launch,
      say: (line) => said.push(line),
      backoff: QUICK,
    });
    children[0]?.die({ code: 1, signal: null });
    await until(() => said.length === 2);
    expect(said).toEqual(['PostgREST terminó (código 1); reiniciando en 0,01 s…', 'PostgREST volvió.']);
    expect(supervised.current()).toBe(children[1]);
    await supervised.stop();
    expect(children[1]?.stopped()).toBe(true);
  });

  it('pauses longer each time it dies soon after starting, and starts over once it stayed up', async () => {
    const pausesSaid = async (steadyMs: number) => {
      const children: FakeChild[] = [];
      const said: string[] = [];
      const launch = () => {
        children.push(fakeChild());
        return Promise.resolve(children.at(-1) as FakeChild);
      };
      const supervised = await supervise({ name: 'PostgREST', launch, say: (line) => said.push(line), backoff: { ...QUICK, steadyMs } });
      for (let death = 1; death <= 3; death += 1) {
        children.at(-1)?.die({ code: 1, signal: null });
        await until(() => said.length === death * 2);
      }
      await supervised.stop();
      return said.filter((line) => line.includes('terminó')).map((line) => /en (\S+ s)/.exec(line)?.[1]);
    };
    expect(await pausesSaid(60_000)).toEqual(['0,01 s', '0,02 s', '0,04 s']);
    expect(await pausesSaid(0)).toEqual(['0,01 s', '0,01 s', '0,01 s']);
  });

  it('retries a start that fails, pausing longer each time', async () => {
    const first = fakeChild();
    const second = fakeChild();
    const said: string[] = [];
    let launches = 0;
    const supervised = await supervise({
      name: 'PostgreSQL',
      launch: () => {
        launches += 1;
        if (launches === 1) return Promise.resolve(first);
        return launches < 4 ? Promise.reject(new Error('puerto ocupado\ndetalle')) : Promise.resolve(second);
      },
      say: (line) => said.push(line),
      backoff: QUICK,
    });
    first.die({ code: null, signal: 'SIGKILL' });
    await until(() => said.includes('PostgreSQL volvió.'));
    expect(said).toEqual([
      'PostgreSQL terminó (señal SIGKILL); reiniciando en 0,01 s…',
      'PostgreSQL no arrancó (puerto ocupado); reintentando en 0,02 s…',
      'PostgreSQL no arrancó (puerto ocupado); reintentando en 0,04 s…',
      'PostgreSQL volvió.',
    ]);
    await supervised.stop();
  });

  it('is not restarted after a deliberate stop, even one that comes during a pause', async () => {
    const first = fakeChild();
    let launches = 0;
    const said: string[] = [];
    const supervised = await supervise({
      name: 'La función comment',
      launch: () => {
        launches += 1;
        return Promise.resolve(launches === 1 ? first : fakeChild());
      },
      say: (line) => said.push(line),
      backoff: { firstMs: 60_000, maxMs: 60_000, steadyMs: 60_000 },
    });
    first.die({ code: 1, signal: null });
    await until(() => said.length === 1);
    await supervised.stop();
    expect(launches).toBe(1);

    const again = fakeChild();
    said.length = 0;
    const quiet = await supervise({ name: 'PostgREST', launch: () => Promise.resolve(again), say: (line) => said.push(line), backoff: QUICK });
    await quiet.stop();
    // A restart would have said so as the exit was seen, before stop() returned.
    expect(said).toEqual([]);
  });

  it('stopped while it is being restarted, cuts the start short and says nothing more', async () => {
    const first = fakeChild();
    const said: string[] = [];
    let launches = 0;
    const supervised = await supervise({
      name: 'PostgREST',
      launch: (stopping) => {
        launches += 1;
        if (launches === 1) return Promise.resolve(first);
        // A start that would wait a long while for readiness, unless told to stop.
        return new Promise<ManagedChild>((_, reject) => stopping.addEventListener('abort', () => reject(new Error('se detuvo'))));
      },
      say: (line) => said.push(line),
      backoff: QUICK,
    });
    first.die({ code: 1, signal: null });
    await until(() => launches === 2);
    await supervised.stop();
    expect(said).toEqual(['PostgREST terminó (código 1); reiniciando en 0,01 s…']);
  });
});
