/**
 * `npm start`: serves the production build (made by the npm script just before)
 * on http://localhost:4173, or on $PORT, until Ctrl-C or SIGTERM.
 */
import { fileURLToPath } from 'node:url';
import { startAppServer } from './lib/app-server.ts';

const DEFAULT_PORT = 4173;

function portFromEnv(): number {
  const raw = process.env.PORT;
  if (raw === undefined || raw === '') return DEFAULT_PORT;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`PORT must be a whole number from 0 to 65535, not "${raw}".`);
    process.exit(2);
  }
  return port;
}

const port = portFromEnv();
try {
  const app = await startAppServer({
    distDir: fileURLToPath(new URL('../dist', import.meta.url)),
    port,
    host: process.env.HOST ?? '127.0.0.1',
  });
  console.log(`\n  La Cuenta está lista: ${app.url}\n  (Ctrl-C para detener)\n`);
  const stop = (signal: string) => {
    console.log(`\n${signal}: deteniendo…`);
    void app.close().then(() => process.exit(0));
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
} catch (error) {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE') {
    console.error(`Port ${port} is in use. Stop whatever uses it, or run with another: PORT=4174 npm start`);
  } else {
    console.error(error instanceof Error ? error.message : error);
  }
  process.exit(1);
}
