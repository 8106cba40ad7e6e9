/**
 * `npm start`: the whole product on this machine. Starts PostgreSQL, PostgREST
 * and the Edge Functions from node_modules (unless VITE_SUPABASE_URL points at
 * a Supabase project), restarts any of them that dies, builds the app against
 * them, and serves it on http://localhost:4173 ($PORT overrides) until Ctrl-C,
 * SIGTERM or SIGHUP, which stop every process it started. Speaks Spanish.
 * A second start on the same state folder refuses at once and touches nothing.
 */
import { join } from 'node:path';
import { renderUnicodeCompact } from 'uqr';
import { OPERATOR_ENV_NAMES } from '../supabase/functions/comment/settings.ts';
import { MERCADOPAGO_ENV_NAMES } from './lib/product.ts';
import { operatorConsole } from './lib/operator-console.ts';
import { claimStateDir } from './lib/pid-file.ts';
import { appUrlOf, ROOT, startProduct, type RunningProduct } from './lib/product.ts';
import { stopOnSignalsAndParentExit } from './lib/shutdown.ts';

const DEFAULT_PORT = 4173;

function portFromEnv(): number {
  const raw = process.env.PORT;
  if (raw === undefined || raw === '') return DEFAULT_PORT;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    console.error(`PORT debe ser un número entero de 1 a 65535, no "${raw}".`);
    process.exit(2);
  }
  return port;
}

function functionEnv(): Record<string, string> {
  return Object.fromEntries([...OPERATOR_ENV_NAMES, ...MERCADOPAGO_ENV_NAMES].flatMap((name) => (process.env[name] ? [[name, process.env[name]]] : [])));
}

const indent = (block: string) =>
  block
    .split('\n')
    .map((line) => `  ${line}`)
    .join('\n');

/** What `supabase status` would say, in Spanish. */
function summary(product: RunningProduct): string {
  const rows: [string, string][] = [
    ['URL de la app', product.appUrl],
    ['URL de la API', product.apiUrl],
  ];
  if (product.stack) {
    rows.push(
      ['URL REST', `${product.apiUrl}/rest/v1`],
      ['URL de funciones', `${product.apiUrl}/functions/v1`],
      ['URL de la base', product.stack.dbUrl],
      ['clave anon', product.stack.anonKey],
      ['clave service_role', product.stack.serviceRoleKey],
    );
  }
  if (product.functions.includes('host') && product.hostKey) {
    // The deployment's key is the owner's: every party, and new ones, at /anfitrion.
    rows.push(['URL del anfitrión', `${product.appUrl}/anfitrion`], ['clave del anfitrión', `${product.hostKey}  (la dueña: todas las fiestas)`]);
  }
  // The party's link is for phones: at the address the bar's wifi reaches, when there is one.
  if (product.phoneUrl) rows.push(['Desde un teléfono en la misma red', product.phoneUrl]);
  const partyLink = product.defaultParty ? `${product.phoneUrl ?? product.appUrl}/f/${product.defaultParty.code}` : null;
  if (product.defaultParty && partyLink) rows.push([product.defaultParty.name, partyLink]);
  if (product.mercadoPago) {
    rows.push(['Pagos', `Mercado Pago simulado en ${product.mercadoPago.url} (ningún dinero se mueve; define MERCADOPAGO_ACCESS_TOKEN para el real)`]);
  }
  if (product.functions.includes('comment') && !process.env.OPENAI_API_KEY) {
    rows.push(['Comentarios', 'frases locales (define OPENAI_API_KEY para usar el modelo)']);
  }
  const width = Math.max(...rows.map(([label]) => label.length));
  const table = rows.map(([label, value]) => `  ${label.padStart(width)}: ${value}`).join('\n');
  const qr = partyLink ? `\n  Código QR de la fiesta (${partyLink}):\n${indent(renderUnicodeCompact(partyLink, { border: 2 }))}\n` : '';
  const phoneHint = product.phoneUrl || !partyLink ? '' : '  Para abrirla desde un teléfono en la misma red wifi: HOST=0.0.0.0 npm start\n';
  return `\n${table}\n${qr}${phoneHint}\n  La Cuenta está lista: ${product.appUrl}  (Ctrl-C para detener)\n`;
}

const port = portFromEnv();
const host = process.env.HOST ?? '127.0.0.1';
const stateDir = process.env.BAR_TAB_STATE_DIR ?? join(ROOT, '.local', 'stack');
// The folder is the local stack's; with a Supabase project configured nothing runs from it.
if (!process.env.VITE_SUPABASE_URL) {
  const claim = await claimStateDir(stateDir, appUrlOf(host, port));
  if (!claim.claimed) {
    console.error(
      `Ya hay una La Cuenta corriendo con la carpeta de estado ${stateDir}: ${claim.owner.appUrl} (proceso ${claim.owner.pid}). ` +
        'No se tocó nada de ella. Para abrirla, usa esa dirección; para detenerla, Ctrl-C en su terminal. ' +
        `Para otra copia aparte, dale otra carpeta y otro puerto: BAR_TAB_STATE_DIR=${join(ROOT, '.local', 'otra')} PORT=${port + 1} npm start`,
    );
    process.exit(1);
  }
}
const output = operatorConsole(process.env.BAR_TAB_VERBOSE === '1');
let product: RunningProduct | null = null;
// Installed before anything starts: a signal during the start exits, and the exit hook kills what had started.
stopOnSignalsAndParentExit({ stop: () => product?.stop() ?? Promise.resolve(), say: output.say, beforeExit: output.close });
output.say('Iniciando La Cuenta…');
try {
  product = await startProduct({
    port,
    host,
    stateDir,
    distDir: process.env.BAR_TAB_DIST_DIR ?? join(ROOT, 'dist'),
    functionEnv: functionEnv(),
    log: output.log,
    say: output.say,
  });
  output.say(summary(product));
} catch (error) {
  if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    console.error(`El puerto ${port} está en uso. Detén lo que lo usa o elige otro: PORT=4174 npm start`);
  } else {
    console.error(`La Cuenta no pudo iniciar: ${error instanceof Error ? error.message : String(error)}`);
  }
  process.exit(1);
}
