import { describe, expect, it } from 'vitest';
import { throttleLines } from '../../../supabase/functions/comment/log-throttle.ts';

function throttled(intervalMs = 60_000) {
  const clock = { now: 0 };
  const throttle = throttleLines(intervalMs, () => clock.now);
  return (atMs: number, line: string) => {
    clock.now = atMs;
    return throttle(line);
  };
}

describe('a line at most once a minute', () => {
  it('lets the first line through at once', () => {
    expect(throttled()(5, 'model failed')).toBe('model failed');
  });

  it('holds back every line within the minute after one it let through', () => {
    const write = throttled();
    write(0, 'uno');
    expect(write(1, 'dos')).toBeNull();
    expect(write(59_999, 'tres')).toBeNull();
  });

  it('lets the next one through a minute later, saying how many it held back', () => {
    const write = throttled();
    write(0, 'uno');
    write(10, 'dos');
    write(20, 'tres');
    expect(write(60_000, 'cuatro')).toBe('cuatro (2 more since the last line)');
    expect(write(60_001, 'cinco')).toBeNull();
    expect(write(200_000, 'seis')).toBe('seis (1 more since the last line)');
    expect(write(300_000, 'siete')).toBe('siete');
  });

  it('counts the minute from the last line written, not from the first held back', () => {
    const write = throttled(1_000);
    write(0, 'uno');
    write(999, 'dos');
    expect(write(1_500, 'tres')).toBe('tres (1 more since the last line)');
    expect(write(2_499, 'cuatro')).toBeNull();
    expect(write(2_500, 'cinco')).toBe('cinco (1 more since the last line)');
  });
});
