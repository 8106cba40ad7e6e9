import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { onceKeptAndIdle } from '../../../src/platform/index.ts';

/** The page's worker container, as far as the app's waiting goes: `ready`, the controller, its changes. */
function container() {
  const target = new EventTarget();
  const state = { controller: null as (EventTarget & { state: string }) | null };
  let ready: () => void = () => undefined;
  const fake = Object.assign(target, {
    ready: new Promise<void>((resolve) => (ready = resolve)),
    get controller() {
      return state.controller;
    },
  });
  const worker = (initial: string) => Object.assign(new EventTarget(), { state: initial });
  return {
    fake,
    ready: () => ready(),
    /** The worker claims the page while activating, then finishes activating. */
    claim() {
      const claimed = worker('activating');
      state.controller = claimed;
      target.dispatchEvent(new Event('controllerchange'));
      return () => {
        claimed.state = 'activated';
        claimed.dispatchEvent(new Event('statechange'));
      };
    },
  };
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('work for once the app is kept', () => {
  it('waits for the worker to be in charge of the page and activated, not only ready, then for idle', async () => {
    const workers = container();
    vi.stubGlobal('navigator', { serviceWorker: workers.fake });
    const task = vi.fn();
    onceKeptAndIdle(task);
    workers.ready();
    await vi.advanceTimersByTimeAsync(100);
    const activated = workers.claim();
    await vi.advanceTimersByTimeAsync(100);
    expect(task).not.toHaveBeenCalled();
    activated();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('goes on a moment after ready on a page the worker never takes (reloaded past it)', async () => {
    const workers = container();
    vi.stubGlobal('navigator', { serviceWorker: workers.fake });
    const task = vi.fn();
    onceKeptAndIdle(task);
    workers.ready();
    await vi.advanceTimersByTimeAsync(4_000);
    expect(task).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(6_000);
    expect(task).toHaveBeenCalledTimes(1);
  });
});
