/**
 * `npm run bench:sync`: 1,000 queued orders against the local stack (real
 * PostgreSQL and PostgREST), sent by the real flusher in bulk, by the same
 * flusher one order per request, and as bare requests with no queue. Prints
 * requests, wall time and the ratios.
 */
import '../lib/node-phone.ts';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BarTabDatabase, onDexie } from '../../src/db/database.ts';
import type { PhoneDatabase } from '../../src/db/idb.ts';
import type { OrderRow } from '../../src/db/records.ts';
import { inProcessLock } from '../../src/sync/lock.ts';
import { tabOutbox } from '../lib/tab-outbox.ts';
import { createSyncTransport } from '../../src/sync/transport.ts';
import { TabStore } from '../../src/tab/store.ts';
import { startLocalStack, type LocalStack } from '../lib/local-stack.ts';
import { median, saveResults, table, type Figure } from './report.ts';

const ORDERS = 1000;
const RUNS = 5;
/**
 * The batched flush takes a few hundred milliseconds, so one pause of a shared machine's moves it by half: its median
 * is taken over three times the runs, or the speed-up (a ratio over it) flips from one run of the bench to the next.
 */
const BATCHED_RUNS = 15;

function countingTransport(stack: LocalStack) {
  let requests = 0;
  const transport = createSyncTransport({
    url: `${stack.restUrl()}/__`, // any prefix: the fetch below strips it
    anonKey: stack.anonKey,
    fetch: (input, init) => {
      requests += 1;
      const url = String(input instanceof Request ? input.url : input).replace('/__/rest/v1', '');
      return fetch(url, init);
    },
  });
  return { transport, requests: () => requests };
}

async function phoneWithOrders(guestId: string): Promise<{ dexie: BarTabDatabase; database: PhoneDatabase }> {
  const dexie = new BarTabDatabase(`bench-${guestId}`);
  const database = onDexie(dexie);
  await tabOutbox(database).queueGuest({ id: guestId, full_name: 'Banco de Pruebas' });
  const tab = new TabStore(database, guestId);
  for (let index = 0; index < ORDERS; index += 1) await tab.addOrder({ name: 'Summer Ale 500cc', price: 4400 });
  return { dexie, database };
}

async function batched(stack: LocalStack): Promise<{ ms: number; requests: number }> {
  const guestId = crypto.randomUUID();
  const { dexie, database } = await phoneWithOrders(guestId);
  const { transport, requests } = countingTransport(stack);
  const started = performance.now();
  const outcome = await tabOutbox(database).flush({ transport, lock: inProcessLock() });
  const ms = performance.now() - started;
  if (outcome.kind !== 'done' || (await dexie.outbox.count()) !== 0) throw new Error(`flush did not finish: ${outcome.kind}`);
  dexie.close();
  return { ms, requests: requests() };
}

/** The same queue and flusher, each order its own request: what batching saves the phone. */
async function queueOnePerOrder(stack: LocalStack): Promise<{ ms: number; requests: number }> {
  const guestId = crypto.randomUUID();
  const { dexie, database } = await phoneWithOrders(guestId);
  const { transport, requests } = countingTransport(stack);
  const started = performance.now();
  const outcome = await tabOutbox(database, { oneAtATime: true }).flush({ transport, lock: inProcessLock() });
  const ms = performance.now() - started;
  if (outcome.kind !== 'done' || (await dexie.outbox.count()) !== 0) throw new Error(`flush did not finish: ${outcome.kind}`);
  dexie.close();
  return { ms, requests: requests() };
}

/** The bare requests, one per order, with no queue around them: the server's and the network's share alone. */
async function onePerOrder(stack: LocalStack): Promise<{ ms: number; requests: number }> {
  const guestId = crypto.randomUUID();
  const { dexie } = await phoneWithOrders(guestId);
  const rows: OrderRow[] = (await dexie.orders.toArray()).map(({ id, user_id, product_name, product_price, active, created_at }) => ({
    id,
    user_id,
    product_name,
    product_price,
    active,
    created_at,
  }));
  const { transport, requests } = countingTransport(stack);
  const started = performance.now();
  await transport.insertRows('users', guestId, [{ id: guestId, full_name: 'Banco de Pruebas' }]);
  for (const row of rows) {
    const answer = await transport.insertRows('orders', guestId, [row]);
    if (answer.status !== 201) throw new Error(`insert failed: ${JSON.stringify(answer)}`);
  }
  const ms = performance.now() - started;
  dexie.close();
  return { ms, requests: requests() };
}

export async function benchSync(): Promise<Figure[]> {
  const stateDir = await mkdtemp(join(tmpdir(), 'bar-tab-bench-'));
  await chmod(stateDir, 0o711);
  const stack = await startLocalStack({ stateDir });
  try {
    const bulk: { ms: number; requests: number }[] = [];
    const queued: { ms: number; requests: number }[] = [];
    const bare: { ms: number; requests: number }[] = [];
    // Interleaved, so the batched runs are spread over the same stretch of the machine's time as the others.
    for (let run = 0; run < BATCHED_RUNS; run += 1) {
      bulk.push(await batched(stack));
      if (run % (BATCHED_RUNS / RUNS) !== 0) continue;
      queued.push(await queueOnePerOrder(stack));
      bare.push(await onePerOrder(stack));
    }
    const ms = (results: readonly { ms: number }[]) => median(results.map((result) => result.ms));
    const bulkRequests = median(bulk.map((result) => result.requests));
    const ratio = ms(queued) / ms(bulk);
    const figures: Figure[] = [
      { name: `sync: requests for ${ORDERS} queued orders, batched`, value: bulkRequests, unit: 'requests', target: '≤ 3', pass: bulkRequests <= 3 },
      { name: `sync: wall time for ${ORDERS} orders, batched (median of ${bulk.length})`, value: ms(bulk), unit: 'ms', target: '', pass: null },
      { name: `sync: requests, one per order`, value: median(queued.map((result) => result.requests)), unit: 'requests', target: '', pass: null },
      {
        name: `sync: wall time, the same queue sending one order per request (median of ${queued.length})`,
        value: ms(queued),
        unit: 'ms',
        target: '',
        pass: null,
      },
      { name: 'sync: batched speed-up (the queue batched ÷ one order per request)', value: ratio, unit: '×', target: '≥ 20', pass: ratio >= 20 },
      { name: `sync: wall time, bare requests one per order (no queue)`, value: ms(bare), unit: 'ms', target: '', pass: null },
      { name: 'sync: batched ÷ bare requests one per order', value: ms(bare) / ms(bulk), unit: '×', target: '', pass: null },
    ];
    await saveResults('sync', { orders: ORDERS, runs: { bulk, queued, bare }, figures });
    return figures;
  } finally {
    await stack.stop();
    await rm(stateDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1] ?? ''}`) {
  console.log(table(await benchSync()));
}
