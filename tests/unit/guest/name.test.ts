import { describe, expect, it } from 'vitest';
import { acceptGuestName } from '../../../src/guest/index.ts';

describe('guest names', () => {
  it('accepts 3 characters or more, trimmed', () => {
    expect(acceptGuestName('Ana')).toBe('Ana');
    expect(acceptGuestName('  Ana María  ')).toBe('Ana María');
  });

  it('ignores 2 characters, blanks and only spaces', () => {
    for (const typed of ['', 'Jo', ' Jo ', '     ', '\t\n', '🍺🍺']) expect(acceptGuestName(typed), typed).toBeNull();
  });

  it('counts characters, not UTF-16 units, so 3 emoji are a name', () => {
    expect(acceptGuestName('🍺🍺🍺')).toBe('🍺🍺🍺');
  });

  it('cuts a name at 60 characters without splitting an emoji', () => {
    expect(acceptGuestName('x'.repeat(10_000))).toBe('x'.repeat(60));
    const emoji = acceptGuestName('🍀'.repeat(100));
    expect(emoji).toBe('🍀'.repeat(60));
    expect(acceptGuestName(`${'a'.repeat(59)}  zzz`)).toBe('a'.repeat(59));
  });

  it('folds whitespace and drops control characters', () => {
    expect(acceptGuestName('Ana \u0000\u0007 María\u200b')).toBe('Ana María\u200b');
    expect(acceptGuestName('Ana\n\n  Pérez')).toBe('Ana Pérez');
  });

  it('keeps markup as plain characters (rendering escapes it)', () => {
    expect(acceptGuestName('<img src=x onerror=alert(1)>')).toBe('<img src=x onerror=alert(1)>');
  });
});
