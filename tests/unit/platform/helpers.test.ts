import { describe, expect, it, vi } from 'vitest';
import { createListeners, runAgainIfAsked } from '../../../src/platform/index.ts';

describe('a listener set', () => {
  it('tells its readers, starts with the first and stops with the last, once', () => {
    const first = vi.fn();
    const last = vi.fn();
    const { subscribe, notify } = createListeners({ first, last });
    const a = vi.fn();
    const b = vi.fn();
    const dropA = subscribe(a);
    const dropB = subscribe(b);
    expect(first).toHaveBeenCalledTimes(1);
    notify();
    dropA();
    dropA();
    expect(last).not.toHaveBeenCalled();
    notify();
    dropB();
    expect(last).toHaveBeenCalledTimes(1);
    notify();
    expect(a).toHaveBeenCalledTimes(1);
    expect(b).toHaveBeenCalledTimes(2);
  });
});

describe('a task run again if asked', () => {
  it('runs once more after the run under way, however often it was asked meanwhile, and not after stop', async () => {
    let release: () => void = () => undefined;
    const task = vi.fn(() => new Promise<void>((resolve) => (release = resolve)));
    const runs = runAgainIfAsked(task);
    const first = runs.run();
    void runs.run();
    void runs.run();
    expect(runs.busy()).toBe(true);
    release();
    await vi.waitFor(() => expect(task).toHaveBeenCalledTimes(2));
    release();
    await first;
    expect(task).toHaveBeenCalledTimes(2);
    expect(runs.busy()).toBe(false);
    await runs.stop();
    await runs.run();
    expect(task).toHaveBeenCalledTimes(2);
  });
});
