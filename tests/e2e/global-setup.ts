/**
 * The browser tests run against the whole product, as `npm start` runs it:
 * PostgreSQL, PostgREST and the comment function from node_modules, the
 * production build pointed at them, one origin on a free port. What the
 * workers need is passed on in BAR_TAB_* variables.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, startProduct } from '../../scripts/lib/product.ts';

export default async function globalSetup(): Promise<() => Promise<void>> {
  const stateDir = await mkdtemp(join(tmpdir(), 'bar-tab-e2e-'));
  const product = await startProduct({ port: 0, stateDir, distDir: join(ROOT, 'dist') });
  const stack = product.stack;
  if (!stack) throw new Error('the browser tests need the local stack: unset VITE_SUPABASE_URL');
  process.env.BAR_TAB_URL = product.appUrl;
  process.env.BAR_TAB_DB_URL = stack.dbUrl;
  process.env.BAR_TAB_PROXIES = JSON.stringify(product.proxies.map((proxy) => ({ prefix: proxy.prefix, target: proxy.target() })));
  return async () => {
    await product.stop();
    await rm(stateDir, { recursive: true, force: true });
  };
}
