/** The RUT's check digit (modulo 11), as the transfer details keep it. */
import { describe, expect, it } from 'vitest';
import { normalizeRut, rutCheckDigit } from '../../../supabase/functions/_shared/rut.ts';

describe('a RUT', () => {
  it('has the check digit of the modulo-11 rule, 0 and K included', () => {
    expect(rutCheckDigit('12345678')).toBe('5');
    expect(rutCheckDigit('11111111')).toBe('1');
    expect(rutCheckDigit('10000013')).toBe('K');
    expect(rutCheckDigit('10000004')).toBe('0');
  });

  it('is kept without dots, with a dash and an upper-case K', () => {
    expect(normalizeRut('12.345.678-5')).toBe('12345678-5');
    expect(normalizeRut('123456785')).toBe('12345678-5');
    expect(normalizeRut(' 10.000.013-k ')).toBe('10000013-K');
  });

  it('is refused with a wrong check digit or what is not a RUT', () => {
    for (const text of ['12.345.678-6', '12345678-K', '0-0', 'abc', '', '1234567890-1', 12345678]) {
      expect(normalizeRut(text), String(text)).toBeNull();
    }
  });
});
