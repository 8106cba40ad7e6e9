/**
 * Deno entry of the `payments` Edge Function. On Supabase the port and
 * hostname are ignored, SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY come from
 * the platform, and MERCADOPAGO_ACCESS_TOKEN, MERCADOPAGO_WEBHOOK_SECRET
 * (and MERCADOPAGO_API_URL, APP_URL) are its secrets. Mercado Pago sends no
 * JWT: supabase/config.toml turns verify_jwt off, and the function checks
 * every notification's signature itself.
 */
import { PAYMENTS_ENV_NAMES } from './settings.ts';
import { createPaymentsHandler } from './handler.ts';

const env = Object.fromEntries(PAYMENTS_ENV_NAMES.map((name) => [name, Deno.env.get(name)]));
const handlePayments = createPaymentsHandler({ env });

Deno.serve({ port: Number(Deno.env.get('PORT') ?? 8000), hostname: '127.0.0.1' }, (request, info) =>
  handlePayments(request, { remoteAddr: info.remoteAddr.hostname }),
);
