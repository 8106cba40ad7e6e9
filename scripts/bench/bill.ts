/**
 * `npm run bench:bill`: the bar's bill (issue 32) through the whole product as
 * `npm start` runs it.
 *
 * - The comparison: a party of 200 guests × 15 orders of its list, and a bill
 *   of 300 lines saved by its host (the party's key → the `host` function in
 *   real Deno → PostgREST → PostgreSQL); then the host's page asks for the
 *   comparison (action `bill`) again and again: p50 and p95 of the whole answer.
 * - The race: 50 phones, each its own guest of one party, claim the same line
 *   of 10 units at once (`rpc/claim_bill_line` through the app's origin, as the
 *   phone's outbox sends it): exactly 10 taken, no unit taken twice, every other
 *   phone told `bill_line_taken`.
 *
 * Seeded: BENCH_SEED draws the bill's lines (products, spellings, quantities,
 * prices); the guests' orders follow from their ids, as bench:host's do.
 */
import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { PRODUCTS } from '../../supabase/functions/_shared/menu.ts';
import type { RunningProduct } from '../lib/product.ts';
import { seededRandom } from '../lib/seeded-random.ts';
import { withOwnProduct } from './own-product.ts';
import { exactly, info } from './party.ts';
import { percentile, saveResults, table, type Figure } from './report.ts';

const SEED = Number(process.env.BENCH_SEED ?? 20261127);
const GUESTS = 200;
const ORDERS_PER_GUEST = 15;
const BILL_LINES = 300;
const TARGET_P95_MS = 100;
const WARMUP = 5;
const RUNS = 60;
const PHONES = 50;
const UNITS = 10;

interface BenchParty {
  readonly id: string;
  readonly code: string;
  readonly key: string;
}

/** A party made as the owner's function makes one (its own code and key; the built-in list, by the insert's trigger). */
async function newParty(client: pg.Client, name: string): Promise<BenchParty> {
  const key = randomBytes(32).toString('base64url');
  const digest = createHash('sha256').update(key).digest();
  const { rows } = await client.query<{ id: string; code: string }>(
    'insert into parties (code, name, party_date, host_key_sha256) values (new_party_code(), $1, current_date, $2) returning id::text as id, code',
    [name, digest],
  );
  const party = rows[0];
  if (!party) throw new Error(`party ${name} was not made`);
  return { ...party, key };
}

/** `guests` guests of the party, each with `orders` orders of its list (picked by the guest's id), taps in the last hours. */
async function seedGuests(client: pg.Client, party: BenchParty, guests: number, orders: number): Promise<string[]> {
  const { rows } = await client.query<{ id: string }>(
    `insert into users (id, full_name, party_id) select gen_random_uuid(), 'Invitado ' || n, $1 from generate_series(1, $2::int) as n returning id::text as id`,
    [party.id, guests],
  );
  if (orders > 0) {
    await client.query(
      `with menu as (select array_agg(name order by position) as names, array_agg(price order by position) as prices from party_products where party_id = $1)
       insert into orders (id, user_id, product_name, product_price, created_at)
       select gen_random_uuid(), users.id, menu.names[pick], menu.prices[pick], now() - make_interval(mins => k * 7)
       from users cross join menu cross join generate_series(1, $2::int) as k
       cross join lateral (select 1 + abs(hashtext(users.id::text || k)) % cardinality(menu.names) as pick) as chosen
       where users.party_id = $1`,
      [party.id, orders],
    );
  }
  return rows.map((row) => row.id);
}

/** As a bar's receipt reads: the list's names in the bar's spelling (capitals, no accents), some not on the list, any price. */
function billLines(random: () => number, count: number): { product: string; quantity: number; unitPrice: number }[] {
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)] as T;
  const spellings = [
    (name: string) => name,
    (name: string) => name.toUpperCase(),
    (name: string) => name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase(),
  ];
  return Array.from({ length: count }, (_, index) => {
    const listed = random() < 0.9;
    const product = pick(PRODUCTS);
    return {
      product: listed ? pick(spellings)(product.name) : `Extra de la barra ${index + 1}`,
      quantity: 1 + Math.floor(random() * 12),
      unitPrice: listed && random() < 0.8 ? product.price : 500 + Math.floor(random() * 200) * 100,
    };
  });
}

async function askHost(product: RunningProduct, body: Record<string, unknown>): Promise<{ ms: number; status: number; text: string }> {
  const started = performance.now();
  const response = await fetch(`${product.apiUrl}/functions/v1/host`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', apikey: product.anonKey ?? '', Authorization: `Bearer ${product.anonKey ?? ''}` },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { ms: performance.now() - started, status: response.status, text };
}

interface Comparison {
  readonly billed: number;
  readonly declared: number;
  readonly lines: { id: string }[];
  readonly products: unknown[];
}

async function hostAnswer(product: RunningProduct, body: Record<string, unknown>): Promise<{ ms: number; comparison: Comparison; bytes: number }> {
  const answer = await askHost(product, body);
  if (answer.status !== 200) throw new Error(`the host function answered ${answer.status} to ${String(body.action)}: ${answer.text.slice(0, 200)}`);
  return { ms: answer.ms, comparison: JSON.parse(answer.text) as Comparison, bytes: Buffer.byteLength(answer.text) };
}

/** The comparison of a 300-line bill in a party of 200 guests × 15 orders, asked as the host's page asks it. */
async function comparisonFigures(product: RunningProduct, client: pg.Client, random: () => number): Promise<{ figures: Figure[]; times: number[] }> {
  const party = await newParty(client, 'Cuenta larga (bench)');
  await seedGuests(client, party, GUESTS, ORDERS_PER_GUEST);
  await client.query('vacuum analyze users, orders, party_products');
  const saved = await hostAnswer(product, { key: party.key, action: 'save_bill', lines: billLines(random, BILL_LINES) });
  if (saved.comparison.lines.length !== BILL_LINES) throw new Error(`the saved bill has ${saved.comparison.lines.length} lines, not ${BILL_LINES}`);
  if (saved.comparison.declared <= 0) throw new Error('the guests declared nothing: the comparison would not read their orders');
  await client.query('vacuum analyze bar_bills, bar_bill_lines');
  for (let run = 0; run < WARMUP; run += 1) await hostAnswer(product, { key: party.key, action: 'bill' });
  const times: number[] = [];
  let bytes = 0;
  for (let run = 0; run < RUNS; run += 1) {
    const answer = await hostAnswer(product, { key: party.key, action: 'bill' });
    times.push(answer.ms);
    bytes = answer.bytes;
  }
  const label = `bar's bill of ${BILL_LINES} lines, ${GUESTS} guests × ${ORDERS_PER_GUEST}: the comparison`;
  const p95 = percentile(times, 95);
  return {
    times,
    figures: [
      info(`${label}, p50 (${RUNS} asks)`, percentile(times, 50), 'ms'),
      { name: `${label}, p95`, value: p95, unit: 'ms', target: `≤ ${TARGET_P95_MS}`, pass: p95 <= TARGET_P95_MS },
      info(`${label}: saving the bill, once`, saved.ms, 'ms'),
      info(`${label}: answer size (${saved.comparison.products.length} products)`, bytes / 1024, 'KB'),
    ],
  };
}

/** One phone's claim of one unit, as its outbox sends it through the app's origin. */
async function claimOne(product: RunningProduct, party: BenchParty, guest: string, line: string): Promise<{ status: number; text: string }> {
  const response = await fetch(`${product.apiUrl}/rest/v1/rpc/claim_bill_line`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      apikey: product.anonKey ?? '',
      Authorization: `Bearer ${product.anonKey ?? ''}`,
      'x-guest-id': guest,
      'x-party-code': party.code,
    },
    body: JSON.stringify({ p_id: crypto.randomUUID(), p_line: line, p_shares: 1, p_created_at: new Date().toISOString() }),
  });
  return { status: response.status, text: await response.text() };
}

/** 50 phones, each its own guest with nothing declared, claim a line of 10 units at the same moment. */
async function raceFigures(product: RunningProduct, client: pg.Client): Promise<{ figures: Figure[]; refusals: string[] }> {
  const party = await newParty(client, 'Carrera por la cuenta (bench)');
  const guests = await seedGuests(client, party, PHONES, 0);
  const listed = PRODUCTS[0];
  if (!listed) throw new Error('no built-in product');
  const saved = await hostAnswer(product, { key: party.key, action: 'save_bill', lines: [{ product: listed.name, quantity: UNITS, unitPrice: listed.price }] });
  const line = saved.comparison.lines[0]?.id;
  if (!line) throw new Error('the bill was saved with no line');
  // Every phone's request is ready and its connection open before the first one goes: the claims meet at the database.
  const started = performance.now();
  const answers = await Promise.all(guests.map((guest) => claimOne(product, party, guest, line)));
  const raceMs = performance.now() - started;
  const taken = answers.filter((answer) => answer.status === 200).length;
  const refusals = answers.filter((answer) => answer.status !== 200).map((answer) => `${answer.status} ${answer.text.slice(0, 160)}`);
  const toldTaken = refusals.filter((refusal) => refusal.includes('bill_line_taken')).length;
  const stored = (
    await client.query<{ claims: number; units: number; over: number }>(
      `select count(*)::int as claims, count(distinct unit_no)::int as units, count(*) filter (where unit_no >= $2)::int as over
       from bill_claims where line_id = $1`,
      [line, UNITS],
    )
  ).rows[0] ?? { claims: 0, units: 0, over: 0 };
  const label = `bar's bill: ${PHONES} phones claiming the same ${UNITS} units at once`;
  return {
    refusals,
    figures: [
      exactly(`${label}: claims taken (answered 200)`, taken, UNITS, 'claims'),
      exactly(`${label}: claims in Postgres`, stored.claims, UNITS, 'claims'),
      exactly(`${label}: units taken twice, or past the line's ${UNITS}`, stored.claims - stored.units + stored.over, 0, 'units'),
      exactly(`${label}: phones told another was first (bill_line_taken)`, toldTaken, PHONES - UNITS, 'phones'),
      info(`${label}: all ${PHONES} answers in`, raceMs, 'ms'),
    ],
  };
}

export async function benchBill(): Promise<Figure[]> {
  return withOwnProduct({ name: 'bill', durable: false }, async ({ product, client }) => {
    console.log(`bench:bill seed ${SEED} (BENCH_SEED to change)`);
    const comparison = await comparisonFigures(product, client, seededRandom(SEED));
    const race = await raceFigures(product, client);
    const figures = [...comparison.figures, ...race.figures];
    await saveResults('bill', {
      seed: SEED,
      guests: GUESTS,
      ordersPerGuest: ORDERS_PER_GUEST,
      billLines: BILL_LINES,
      times: comparison.times,
      refusals: race.refusals,
      figures,
    });
    return figures;
  });
}

if (import.meta.url === `file://${process.argv[1] ?? ''}`) {
  const figures = await benchBill();
  console.log(table(figures));
  process.exit(figures.some((figure) => figure.pass === false) ? 1 : 0);
}
