import { describe, expect, it } from 'vitest';
import { RepeatFilter, sameness } from '../../../scripts/lib/repeat-filter.ts';

const reconnect = (second: number) =>
  `[postgrest] 23/Nov/2026:05:36:${String(second).padStart(2, '0')} +0000: connection to server at "127.0.0.1", port 37345 failed: Connection refused`;

describe('lines that count as the same', () => {
  it('differ only in digits: timestamps, ports, counters', () => {
    expect(sameness(reconnect(1))).toBe(sameness(reconnect(59)));
    expect(sameness('Attempting to reconnect in 1 seconds')).toBe(sameness('Attempting to reconnect in 32 seconds'));
  });

  it('differ in words', () => {
    expect(sameness('[postgrest] error: connection refused')).not.toBe(sameness('[postgrest] error: password authentication failed'));
  });
});

describe('a flood of one line', () => {
  it('shows the line once, then one count per window that doubles from 10 s to 60 s', () => {
    const filter = new RepeatFilter({ firstMs: 10_000, maxMs: 60_000 });
    const shown: string[] = [];
    // One line a second for 3 minutes, as PostgREST retries while PostgreSQL is down.
    for (let second = 0; second < 180; second += 1) {
      const now = second * 1000;
      shown.push(...filter.due(now), ...filter.accept(reconnect(second % 60), now));
    }
    expect(shown[0]).toBe(reconnect(0));
    const counts = shown.slice(1);
    expect(counts.map((line) => /\(repetido (\d+) veces en (\d+) s\)$/.exec(line)?.slice(1))).toEqual([
      ['9', '10'],
      ['20', '20'],
      ['40', '40'],
      ['60', '60'],
    ]);
    expect(counts[0]).toContain('Connection refused');
    expect(shown.length).toBeLessThan(10);
  });

  it('shows other lines as they come, each with its own count', () => {
    const filter = new RepeatFilter({ firstMs: 10_000, maxMs: 60_000 });
    expect(filter.accept('[deno] error: a', 0)).toEqual(['[deno] error: a']);
    expect(filter.accept('[deno] error: b', 1000)).toEqual(['[deno] error: b']);
    expect(filter.accept('[deno] error: a', 2000)).toEqual([]);
    expect(filter.due(10_000)).toEqual(['[deno] error: a (repetido 1 vez en 10 s)']);
    expect(filter.due(11_000)).toEqual([]);
  });

  it('forgets a line quiet for a whole window, so it shows again at once', () => {
    const filter = new RepeatFilter({ firstMs: 10_000, maxMs: 60_000 });
    filter.accept('[postgrest] error 1', 0);
    expect(filter.due(10_000)).toEqual([]);
    expect(filter.accept('[postgrest] error 2', 30_000)).toEqual(['[postgrest] error 2']);
  });

  it('gives every open count when stopping', () => {
    const filter = new RepeatFilter();
    filter.accept('[postgrest] error 1', 0);
    filter.accept('[postgrest] error 2', 500);
    filter.accept('[postgrest] error 3', 1000);
    expect(filter.flush(3000)).toEqual(['[postgrest] error 3 (repetido 2 veces en 3 s)']);
    expect(filter.flush(4000)).toEqual([]);
  });
});
