/**
 * `npm start`: the whole product on this machine. Starts PostgreSQL, PostgREST
 * and the comment function from node_modules (unless VITE_SUPABASE_URL points
 * at a Supabase project), builds the app against them, and serves it on
 * http://localhost:4173 ($PORT overrides) until Ctrl-C or SIGTERM, which stop
 * every process it started.
 */
import { join } from 'node:path';
import { ROOT, startProduct } from './lib/product.ts';

const DEFAULT_PORT = 4173;

function portFromEnv(): number {
  const raw = process.env.PORT;
  if (raw === undefined || raw === '') return DEFAULT_PORT;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    console.error(`PORT must be a whole number from 1 to 65535, not "${raw}".`);
    process.exit(2);
  }
  return port;
}

function functionEnv(): Record<string, string> {
  const names = ['OPENAI_API_KEY', 'OPENAI_BASE_URL', 'OPENAI_MODEL', 'ALLOWED_ORIGINS'];
  return Object.fromEntries(names.flatMap((name) => (process.env[name] ? [[name, process.env[name]]] : [])));
}

const port = portFromEnv();
const verbose = process.env.BAR_TAB_VERBOSE === '1';
console.log('Iniciando La Cuenta…');
try {
  const product = await startProduct({
    port,
    host: process.env.HOST ?? '127.0.0.1',
    stateDir: process.env.BAR_TAB_STATE_DIR ?? join(ROOT, '.local', 'stack'),
    distDir: process.env.BAR_TAB_DIST_DIR ?? join(ROOT, 'dist'),
    functionEnv: functionEnv(),
    log: (line) => {
      if (verbose || /error|fatal|panic|earlier run|first start/i.test(line)) console.log(line);
    },
  });
  const rows: [string, string][] = [
    ['App URL', product.appUrl],
    ['API URL', product.apiUrl],
  ];
  if (product.stack) {
    rows.push(
      ['REST URL', `${product.apiUrl}/rest/v1`],
      ['Functions URL', `${product.apiUrl}/functions/v1`],
      ['DB URL', product.stack.dbUrl],
      ['anon key', product.stack.anonKey],
      ['service_role key', product.stack.serviceRoleKey],
    );
  }
  if (!process.env.OPENAI_API_KEY) rows.push(['Comments', 'local quip generator (set OPENAI_API_KEY for the model)']);
  const width = Math.max(...rows.map(([label]) => label.length));
  console.log(`\n${rows.map(([label, value]) => `  ${label.padStart(width)}: ${value}`).join('\n')}\n\n  La Cuenta está lista: ${product.appUrl}  (Ctrl-C para detener)\n`);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: deteniendo todo…`);
    void product.stop().then(() => process.exit(0));
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
} catch (error) {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE') {
    console.error(`Port ${port} is in use. Stop whatever uses it, or choose another: PORT=4174 npm start`);
  } else {
    console.error(`La Cuenta could not start: ${error instanceof Error ? error.message : String(error)}`);
  }
  process.exit(1);
}
