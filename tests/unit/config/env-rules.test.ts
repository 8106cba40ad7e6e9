import { describe, expect, it } from 'vitest';
import { DEFAULT_PAYMENT_URL, parsePaymentUrl } from '../../../src/config/env-rules.ts';

describe('VITE_PAYMENT_URL', () => {
  it('defaults when unset or blank', () => {
    expect(parsePaymentUrl(undefined)).toBe(DEFAULT_PAYMENT_URL);
    expect(parsePaymentUrl('  ')).toBe(DEFAULT_PAYMENT_URL);
  });

  it('drops trailing slashes so the amount is one path segment', () => {
    expect(parsePaymentUrl('https://pagos.cl/bar/')).toBe('https://pagos.cl/bar');
    expect(parsePaymentUrl('https://pagos.cl/bar//')).toBe('https://pagos.cl/bar');
  });

  it('rejects what would make a broken or unsafe link', () => {
    for (const bad of ['pagos.cl/bar', 'javascript:alert(1)', 'ftp://pagos.cl', 'https://pagos.cl/?a=1', 'https://pagos.cl/#x']) {
      expect(() => parsePaymentUrl(bad), bad).toThrow(/VITE_PAYMENT_URL/);
    }
  });
});
