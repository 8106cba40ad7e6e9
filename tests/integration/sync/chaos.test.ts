/**
 * Chaos: 20 phones add 500 orders in all, with resets sprinkled in, while a
 * proxy drops connections, answers 500/503 and delays at random. At the end
 * Postgres must hold exactly the rows and active flags the phones hold.
 * Seeded: the same seed replays the same faults and the same guest actions.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seededRandom } from '../../../scripts/lib/seeded-random.ts';
import { startFaultProxy, type Fault, type FaultProxy } from '../../support/fault-proxy.ts';
import { makePhone, type Phone } from '../../support/phones.ts';
import { startTestStack, type TestStack } from '../../support/stack.ts';

const SEED = Number(process.env.CHAOS_SEED ?? 20261122);
const PHONES = 20;
const ORDERS = 500;

let stack: TestStack;
let api: FaultProxy;
let phones: Phone[] = [];

beforeAll(async () => {
  stack = await startTestStack();
  const faults = seededRandom(SEED);
  const pick = (): Fault => {
    const roll = faults();
    if (roll < 0.1) return 'drop-before';
    if (roll < 0.2) return 'drop-after';
    if (roll < 0.27) return 'error-500';
    if (roll < 0.34) return 'error-503';
    if (roll < 0.45) return 'delay';
    return 'pass';
  };
  api = await startFaultProxy(stack.stack.restUrl, pick, 20);
  phones = await Promise.all(Array.from({ length: PHONES }, () => makePhone(api.url, stack.stack.anonKey, { timeoutMs: 2000 })));
});

afterAll(async () => {
  await Promise.all(phones.map((phone) => phone.close()));
  await api.close();
  await stack.stop();
});

it(`keeps Postgres equal to ${PHONES} phones under random faults (seed ${SEED})`, async () => {
  const guests = seededRandom(SEED + 1);
  const phoneAt = (roll: number) => phones[Math.floor(roll * PHONES)] as Phone;
  const flushes: Promise<unknown>[] = [];
  let resets = 0;
  for (let added = 0; added < ORDERS;) {
    const phone = phoneAt(guests());
    const action = guests();
    if (action < 0.03) {
      resets += 1;
      await phone.reset();
    } else {
      await phone.addOrder();
      added += 1;
    }
    // Flushes run concurrently with the guests' taps, as the engine's triggers would.
    if (guests() < 0.25) flushes.push(phone.flush());
  }
  await Promise.all(flushes);

  // The signal settles: every queue must drain (bounded: each flush either sends or fails fast).
  api.setFaults(() => 'pass');
  const outcomes = await Promise.all(phones.map((phone) => phone.flushUntilDone(20)));
  expect(outcomes.every((outcome) => outcome.kind === 'done')).toBe(true);

  const onPhones = new Map<string, boolean>();
  for (const phone of phones) for (const order of await phone.database.orders.toArray()) onPhones.set(order.id, order.active);
  const inPostgres = await stack.query<{ id: string; active: boolean }>('select id, active from orders');
  expect(inPostgres).toHaveLength(ORDERS);
  expect(new Map(inPostgres.map((row) => [row.id, row.active]))).toEqual(onPhones);
  expect(await stack.query('select id from users')).toHaveLength(PHONES);
  expect(resets).toBeGreaterThan(0);
  expect([...onPhones.values()].some((active) => !active)).toBe(true);
  expect(api.counts['drop-after']).toBeGreaterThan(0);
  expect(api.counts['error-503']).toBeGreaterThan(0);
  for (const phone of phones) expect(await phone.database.parked.count()).toBe(0);
}, 120_000);
