/**
 * The browser tests run against the whole product, as `npm start` runs it:
 * PostgreSQL, PostgREST and the comment function from node_modules, the
 * production build pointed at them, one origin on a free port; the function
 * calls a local OpenAI-format server, and the payments function Mercado
 * Pago's stand-in. What the workers need is passed on in BAR_TAB_* variables.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, startProduct } from '../../scripts/lib/product.ts';
import { startFakeOpenAI } from '../../scripts/lib/openai-server.ts';
import { startFunctionSwitch } from '../support/function-switch.ts';
import { modelReadingOf, trueBill } from '../support/receipts.ts';

export default async function globalSetup(): Promise<() => Promise<void>> {
  const stateDir = await mkdtemp(join(tmpdir(), 'bar-tab-e2e-'));
  // The one stand-in: a local server in OpenAI's streaming format, slow enough to see the waiting message; as a vision
  // model it "reads" every photo of the bar's bill as the corpus's bill-14 (tests/e2e/bar-bill-photo.spec.ts).
  const model = await startFakeOpenAI({
    pieces: ['¡Salud', ', po!', ' Esa', ' elección', ' está', ' la raja.'],
    firstPieceDelayMs: 600,
    pieceDelayMs: 60,
    reading: modelReadingOf(trueBill('bill-14')),
  });
  const product = await startProduct({
    port: 0,
    stateDir,
    distDir: join(ROOT, 'dist'),
    functionEnv: { OPENAI_API_KEY: 'sk-e2e-local-stand-in', OPENAI_BASE_URL: model.baseURL },
  });
  const stack = product.stack;
  if (!stack) throw new Error('the browser tests need the local stack: unset VITE_SUPABASE_URL');
  process.env.BAR_TAB_URL = product.appUrl;
  process.env.BAR_TAB_DB_URL = stack.dbUrl;
  // The host's page signs in with the key npm start makes (tests/e2e/host.spec.ts).
  if (product.hostKey) process.env.BAR_TAB_HOST_KEY = product.hostKey;
  // Mercado Pago's stand-in, which the product started: specs pay, refund and misbehave through its /__standin/ routes.
  if (product.mercadoPago) {
    process.env.BAR_TAB_MERCADOPAGO_URL = product.mercadoPago.url;
    // Only so a spec can look for them in every file the app serves (pay-mercadopago-secrets.spec.ts).
    process.env.BAR_TAB_MERCADOPAGO_TOKEN = product.mercadoPago.accessToken;
    process.env.BAR_TAB_MERCADOPAGO_WEBHOOK_SECRET = product.mercadoPago.webhookSecret;
  }
  // The payments function taken down and brought back from a spec (pay-mercadopago-down.spec.ts).
  const functionSwitch = await startFunctionSwitch(product);
  process.env.BAR_TAB_FUNCTION_SWITCH_URL = functionSwitch.url;
  process.env.BAR_TAB_PROXIES = JSON.stringify(product.proxies.map((proxy) => ({ prefix: proxy.prefix, target: proxy.target(), apiKeys: proxy.apiKeys })));
  return async () => {
    await functionSwitch.close();
    await product.stop();
    await model.close();
    await rm(stateDir, { recursive: true, force: true });
  };
}
