/**
 * `npm run bench`: every benchmark, one Markdown table of figures against
 * their targets; each part also writes JSON under bench-results/.
 */
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startProduct } from '../lib/product.ts';
import { benchBill } from './bill.ts';
import { benchBrowser } from './browser.ts';
import { benchComment } from './comment.ts';
import { benchFlood } from './flood.ts';
import { benchHost } from './host.ts';
import { benchLighthouse } from './lighthouse.ts';
import { benchParties } from './parties.ts';
import { benchParty } from './party.ts';
import { benchReceipts } from './receipts.ts';
import { saveResults, table, type Figure } from './report.ts';
import { benchWeakSignalAt } from './weak-signal.ts';
import { benchSync } from './sync.ts';

async function productFigures(): Promise<{ figures: Figure[]; notes: string[] }> {
  const workDir = await mkdtemp(join(tmpdir(), 'bar-tab-bench-app-'));
  await chmod(workDir, 0o711);
  const distDir = join(workDir, 'dist');
  const product = await startProduct({ port: 0, stateDir: join(workDir, 'state'), distDir });
  try {
    const browser = await benchBrowser({ url: product.appUrl, distDir, dbUrl: product.stack?.dbUrl, anonKey: product.anonKey ?? undefined });
    const lighthouse = await benchLighthouse(product.appUrl);
    const weakSignal = await benchWeakSignalAt(product.appUrl, product.stack?.dbUrl);
    return { figures: [...browser, ...weakSignal, ...lighthouse.figures], notes: lighthouse.failing };
  } finally {
    await product.stop();
    await rm(workDir, { recursive: true, force: true });
  }
}

const started = performance.now();
const app = await productFigures();
const figures = [
  ...app.figures,
  ...(await benchSync()),
  ...(await benchComment()),
  ...(await benchParty()),
  ...(await benchFlood()),
  ...(await benchHost()),
  ...(await benchBill()),
  ...(await benchReceipts()),
  ...(await benchParties()),
];
await saveResults('all', { figures, lighthouseAuditsBelowFull: app.notes });
console.log(`\n${table(figures)}\n`);
if (app.notes.length > 0) console.log(`Lighthouse audits below full marks:\n${app.notes.map((note) => `- ${note}`).join('\n')}\n`);
console.log(`(${Math.round((performance.now() - started) / 1000)} s)`);
process.exit(figures.some((figure) => figure.pass === false) ? 1 : 0);
