/**
 * `npm run build` warns when the deployment gives guests no way to pay by
 * itself (issue 42): no VITE_PAYMENT_URL and no MERCADOPAGO_ACCESS_TOKEN in
 * its environment (only whether the token is there is read: it never enters
 * the build). A party's own page or 'Datos para transferir' may still come
 * from the host; until then its guests see no 'Ir a pagar'.
 */
import type { Plugin } from 'vite';
import { paymentWaysWarning } from '../src/config/env-rules.ts';

export function waysToPay(paymentUrl: string | undefined, mercadoPagoToken: string | undefined): Plugin {
  const warning = paymentWaysWarning(paymentUrl, mercadoPagoToken);
  return {
    name: 'bar-tab:ways-to-pay',
    configResolved(config) {
      if (warning && config.command === 'build') config.logger.warn(warning);
    },
  };
}
