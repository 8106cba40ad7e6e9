import { describe, expect, it } from 'vitest';
import { parseBackend, parsePaymentUrl, paymentWaysWarning } from '../../../src/config/env-rules.ts';

describe('VITE_PAYMENT_URL', () => {
  it('is no page at all when unset or blank: no placeholder nobody owns', () => {
    expect(parsePaymentUrl(undefined)).toBeNull();
    expect(parsePaymentUrl('  ')).toBeNull();
  });

  it('warns the build only when neither a payment page nor Mercado Pago is there', () => {
    expect(paymentWaysWarning(undefined, undefined)).toMatch(/^Aviso: ni VITE_PAYMENT_URL ni MERCADOPAGO_ACCESS_TOKEN/);
    expect(paymentWaysWarning(' ', '')).not.toBeNull();
    expect(paymentWaysWarning('https://pagos.cl/bar', undefined)).toBeNull();
    expect(paymentWaysWarning(undefined, 'APP_USR-1')).toBeNull();
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

describe('VITE_SUPABASE_URL and VITE_SUPABASE_ANON_KEY', () => {
  it('means no backend when both are unset, and insists on both otherwise', () => {
    expect(parseBackend(undefined, undefined)).toBeNull();
    expect(() => parseBackend('https://x.supabase.co', undefined)).toThrow(/both/);
    expect(() => parseBackend(undefined, 'key')).toThrow(/both/);
  });

  it('takes a project URL, or / for the app’s own origin', () => {
    expect(parseBackend('https://abc.supabase.co/', 'k.e.y')).toEqual({ supabaseUrl: 'https://abc.supabase.co', supabaseAnonKey: 'k.e.y' });
    expect(parseBackend('/', 'k.e.y', 'http://192.168.1.20:4173')).toEqual({ supabaseUrl: 'http://192.168.1.20:4173', supabaseAnonKey: 'k.e.y' });
  });

  it('rejects what cannot work', () => {
    expect(() => parseBackend('abc.supabase.co', 'k')).toThrow(/not a URL/);
    expect(() => parseBackend('ftp://abc.supabase.co', 'k')).toThrow(/http/);
    expect(() => parseBackend('https://abc.supabase.co', 'two words')).toThrow(/spaces/);
  });
});
