import { describe, expect, it } from 'vitest';
import { checkGuestName } from '../../../src/guest/index.ts';
import { acceptGuestName } from '../../../src/guest/name.ts';

describe('guest names', () => {
  it('accepts 3 characters or more, trimmed', () => {
    expect(acceptGuestName('Ana')).toBe('Ana');
    expect(acceptGuestName('  Ana María  ')).toBe('Ana María');
  });

  it('ignores 2 characters, blanks and only spaces', () => {
    for (const typed of ['', 'Jo', ' Jo ', '     ', '\t\n', '🍺🍺']) expect(acceptGuestName(typed), typed).toBeNull();
  });

  it('counts characters, not UTF-16 units, and wants 3 letters: 3 emoji are not a name', () => {
    expect(checkGuestName('🍺🍺🍺')).toEqual({ ok: false, problem: 'letters' });
    expect(checkGuestName('🍺🍺')).toEqual({ ok: false, problem: 'short' });
    expect(acceptGuestName('Ana 🍺')).toBe('Ana 🍺');
  });

  it('drops what shows nothing, so a blank name is as short as it looks', () => {
    const blanks = [
      '\u3164\u3164\u3164',
      '\u2800\u2800\u2800',
      '\u200b\u200b\u200b',
      '\u200d\u200d\u200d',
      '\u2060\u2060\u2060',
      '\u{E0041}\u{E0042}\u{E0043}',
      '\u115f\u1160\uffa0',
    ];
    for (const typed of blanks) expect(checkGuestName(typed), JSON.stringify(typed)).toEqual({ ok: false, problem: 'short' });
    expect(acceptGuestName('Ana\u200b\u{E0041}\u{E0042}')).toBe('Ana');
    expect(acceptGuestName('Ana\u2800\u2800Pérez')).toBe('Ana Pérez');
    expect(checkGuestName('A\u3164\u3164\u3164b\u2800\u2800')).toEqual({ ok: false, problem: 'short' });
    expect(checkGuestName('12345')).toEqual({ ok: false, problem: 'letters' });
  });

  it('keeps the names of the bar', () => {
    for (const name of ['José Pérez', 'Ñuño Güiraldes', 'María-José O’Brien', 'Jose\u0301 Pe\u0301rez', '李小龍', 'Ольга']) {
      expect(acceptGuestName(name), name).toBe(name);
    }
  });

  it('cuts a name at 60 characters without splitting an emoji', () => {
    expect(acceptGuestName('x'.repeat(10_000))).toBe('x'.repeat(60));
    const emoji = acceptGuestName(`Ana${'🍀'.repeat(100)}`);
    expect(emoji).toBe(`Ana${'🍀'.repeat(57)}`);
    expect(acceptGuestName(`${'a'.repeat(59)}  zzz`)).toBe('a'.repeat(59));
  });

  it('folds whitespace and drops control characters', () => {
    expect(acceptGuestName('Ana \u0000\u0007 María\u200b')).toBe('Ana María');
    expect(acceptGuestName('Ana\n\n  Pérez')).toBe('Ana Pérez');
  });

  it('keeps markup as plain characters (rendering escapes it)', () => {
    expect(acceptGuestName('<img src=x onerror=alert(1)>')).toBe('<img src=x onerror=alert(1)>');
  });
});
