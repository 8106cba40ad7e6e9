import { describe, expect, it } from 'vitest';
import { formatAge, formatClock, formatStamp, productCount } from '../../../src/host/format.ts';

const pad = (value: number) => String(value).padStart(2, '0');

describe('the host page’s formats', () => {
  it('writes times as 22:41, 24-hour, in this phone’s zone', () => {
    const iso = '2026-11-22T01:41:05.123456+00:00';
    const date = new Date(iso);
    expect(formatClock(iso)).toBe(`${pad(date.getHours())}:${pad(date.getMinutes())}`);
    expect(formatClock(iso)).toMatch(/^\d{2}:\d{2}$/);
  });

  it('writes spreadsheet stamps with date, time and seconds', () => {
    const date = new Date(2026, 10, 21, 9, 5, 7);
    expect(formatStamp(date.toISOString())).toBe('2026-11-21 09:05:07');
  });

  it('says how old the snapshot is', () => {
    expect(formatAge(0)).toBe('hace 0 s');
    expect(formatAge(4999)).toBe('hace 4 s');
    expect(formatAge(59_999)).toBe('hace 59 s');
    expect(formatAge(60_000)).toBe('hace 1 min');
    expect(formatAge(2 * 3_600_000 + 5)).toBe('hace 2 h');
    expect(formatAge(-3000)).toBe('hace 0 s');
  });

  it('counts products in Spanish', () => {
    expect(productCount(1)).toBe('1 producto');
    expect(productCount(3)).toBe('3 productos');
    expect(productCount(0)).toBe('0 productos');
  });
});
