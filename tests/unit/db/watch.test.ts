/** Watching stores a moment behind their writes: once per burst, never starved by one. */
import Dexie from 'dexie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { touchesStores } from '../../../src/db/dexie-channel.ts';
import { watchStores } from '../../../src/db/index.ts';

const WAIT = { quietMs: 150, maxWaitMs: 1_000 };
const EVERY_KEY = { d: 1, from: -Infinity, to: [[[]]] };
const wrote = (store: string) => {
  Dexie.on.storagemutated.fire({ [`idb://bar-tab/${store}/`]: EVERY_KEY });
};

describe('watching stores', () => {
  let stop: (() => void) | undefined;
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] }));
  afterEach(() => {
    stop?.();
    vi.useRealTimers();
  });

  it('tells which stores a change touched, by store and not by a shared prefix', () => {
    const parts = { 'idb://bar-tab/outbox/': EVERY_KEY, 'idb://bar-tab/outbox/kind': EVERY_KEY };
    expect(touchesStores(parts, 'bar-tab', ['outbox'])).toBe(true);
    expect(touchesStores(parts, 'bar-tab', ['orders', 'parked'])).toBe(false);
    expect(touchesStores({ 'idb://bar-tab/outboxes/': EVERY_KEY }, 'bar-tab', ['outbox'])).toBe(false);
    expect(touchesStores({ 'idb://other/outbox/': EVERY_KEY }, 'bar-tab', ['outbox'])).toBe(false);
    expect(touchesStores({ all: EVERY_KEY }, 'bar-tab', ['outbox'])).toBe(true);
  });

  it('reports a burst of writes once, when it has been quiet for a moment', () => {
    const changed = vi.fn();
    stop = watchStores('bar-tab', ['outbox'], WAIT, changed);
    for (let write = 0; write < 5; write += 1) {
      wrote('outbox');
      vi.advanceTimersByTime(100);
    }
    expect(changed).not.toHaveBeenCalled();
    vi.advanceTimersByTime(50);
    expect(changed).toHaveBeenCalledTimes(1);
  });

  it('reports a long burst at least once per longest wait', () => {
    const changed = vi.fn();
    stop = watchStores('bar-tab', ['outbox'], WAIT, changed);
    for (let write = 0; write < 25; write += 1) {
      wrote('outbox');
      vi.advanceTimersByTime(100);
    }
    // 2.5 s of writes 100 ms apart: never 150 ms of calm, reported at 1 s and 2 s.
    expect(changed).toHaveBeenCalledTimes(2);
  });

  it('ignores other stores, and nothing is reported once stopped', () => {
    const changed = vi.fn();
    stop = watchStores('bar-tab', ['outbox'], WAIT, changed);
    wrote('orders');
    vi.advanceTimersByTime(500);
    expect(changed).not.toHaveBeenCalled();
    wrote('outbox');
    stop();
    vi.advanceTimersByTime(500);
    expect(changed).not.toHaveBeenCalled();
  });
});
