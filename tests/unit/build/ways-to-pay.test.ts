/** `npm run build` warns when guests would have no way to pay (issue 42), and only then, and only when building. */
import type { ResolvedConfig } from 'vite';
import { describe, expect, it, vi } from 'vitest';
import { waysToPay } from '../../../build/ways-to-pay.ts';

/** What the build's logger is told once its config is resolved. */
function warned(paymentUrl: string | undefined, token: string | undefined, command: 'build' | 'serve' = 'build'): string[] {
  const warn = vi.fn<(message: string) => void>();
  const plugin = waysToPay(paymentUrl, token);
  const hook = plugin.configResolved as (config: ResolvedConfig) => void;
  hook({ command, logger: { warn } } as unknown as ResolvedConfig);
  return warn.mock.calls.map(([message]) => message);
}

describe('the build’s warning about ways to pay', () => {
  it('warns with neither a payment page nor Mercado Pago', () => {
    expect(warned(undefined, undefined)).toEqual([
      'Aviso: ni VITE_PAYMENT_URL ni MERCADOPAGO_ACCESS_TOKEN están definidas. Los invitados de una fiesta sin página de pago propia ni datos para transferir no tendrán cómo pagar (no verán «Ir a pagar»).',
    ]);
  });

  it('says nothing with either, nor while serving', () => {
    expect(warned('https://pagos.cl/bar', undefined)).toEqual([]);
    expect(warned(undefined, 'APP_USR-1')).toEqual([]);
    expect(warned(undefined, undefined, 'serve')).toEqual([]);
  });
});
