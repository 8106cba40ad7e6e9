/**
 * Deno entry of the `host` Edge Function. On Supabase the port and hostname
 * are ignored, and SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY come from the
 * platform; HOST_KEY is the function's secret (`supabase secrets set`).
 * Locally `npm start` sets all of them and PORT.
 */
import { HOST_ENV_NAMES } from './settings.ts';
import { createHostHandler } from './handler.ts';

const env = Object.fromEntries(HOST_ENV_NAMES.map((name) => [name, Deno.env.get(name)]));
const handleHost = createHostHandler({ env });

Deno.serve({ port: Number(Deno.env.get('PORT') ?? 8000), hostname: '127.0.0.1' }, (request, info) =>
  handleHost(request, { remoteAddr: info.remoteAddr.hostname }),
);
