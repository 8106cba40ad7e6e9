/** Serves the built app (npm run test:e2e builds it first) on a free port for the browser tests. */
import { fileURLToPath } from 'node:url';
import { startAppServer } from '../../scripts/lib/app-server.ts';

export default async function globalSetup(): Promise<() => Promise<void>> {
  const app = await startAppServer({ distDir: fileURLToPath(new URL('../../dist', import.meta.url)), port: 0 });
  process.env.BAR_TAB_URL = app.url;
  return () => app.close();
}
