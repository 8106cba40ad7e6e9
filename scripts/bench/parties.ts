/**
 * `npm run bench:parties`: many parties on one stack. 100 parties × 200 guests
 * × 15 orders (300,000 orders) are stored, then each party's page is asked for
 * as its own host asks for it (the party's key → the `host` function in real
 * Deno → PostgREST → PostgreSQL): p50 and p95 over random parties, which must
 * stay within the one-party target whatever the other 99 hold (the policies'
 * and the summaries' indexes lead with the party). Every summary is checked to
 * hold its own party's 200 guests and nobody else's.
 */
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { createHash, randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startProduct, type RunningProduct } from '../lib/product.ts';
import { seededRandom } from '../lib/seeded-random.ts';
import { percentile, saveResults, table, type Figure } from './report.ts';

const PARTIES = 100;
const GUESTS = 200;
const ORDERS_PER_GUEST = 15;
const RUNS = 100;
const TARGET_P95_MS = 100;
const SEED = Number(process.env.BENCH_SEED ?? 20261127);

interface SeededParty {
  readonly id: string;
  readonly key: string;
}

/** One party: its own key, 200 guests named after it, 15 orders each of the menu. */
async function seedParty(client: pg.Client, index: number): Promise<SeededParty> {
  const key = randomBytes(32).toString('base64url');
  const digest = createHash('sha256').update(key).digest();
  const { rows } = await client.query<{ id: string }>(
    `insert into parties (code, name, party_date, host_key_sha256) values (new_party_code(), $1, current_date - $2::int, $3) returning id`,
    [`Fiesta ${index}`, index, digest],
  );
  const id = rows[0]?.id ?? '';
  await client.query(
    `with menu as (select array_agg(name order by name, price) as names, array_agg(price order by name, price) as prices from products where menu_position is not null),
     guests as (
       insert into users (id, full_name, party_id)
       select gen_random_uuid(), 'Invitado ' || n || ' de la fiesta ' || $3::int, $1 from generate_series(1, $2::int) as n
       returning id
     )
     insert into orders (id, user_id, product_name, product_price, created_at)
     select gen_random_uuid(), guests.id, menu.names[pick], menu.prices[pick], now() - make_interval(mins => k * 7)
     from guests cross join menu cross join generate_series(1, ${ORDERS_PER_GUEST}) as k
     cross join lateral (select 1 + abs(hashtext(guests.id::text || k)) % cardinality(menu.names) as pick) as chosen`,
    [id, GUESTS, index],
  );
  return { id, key };
}

async function askParty(product: RunningProduct, key: string): Promise<{ ms: number; guests: string[] }> {
  const started = performance.now();
  const response = await fetch(`${product.apiUrl}/functions/v1/host`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', apikey: product.anonKey ?? '', Authorization: `Bearer ${product.anonKey ?? ''}` },
    body: JSON.stringify({ key, action: 'party' }),
  });
  const text = await response.text();
  const ms = performance.now() - started;
  if (response.status !== 200) throw new Error(`the host function answered ${response.status}: ${text.slice(0, 200)}`);
  return { ms, guests: (JSON.parse(text) as { guests: { full_name: string }[] }).guests.map((guest) => guest.full_name) };
}

export async function benchParties(): Promise<Figure[]> {
  const workDir = await mkdtemp(join(tmpdir(), 'bar-tab-bench-parties-'));
  await chmod(workDir, 0o711);
  const product = await startProduct({ port: 0, stateDir: join(workDir, 'state'), distDir: join(workDir, 'dist'), durable: false });
  const client = new pg.Client({ connectionString: product.stack?.dbUrl });
  try {
    if (!product.stack) throw new Error('bench:parties needs the local stack: unset VITE_SUPABASE_URL');
    await client.connect();
    const seedStarted = performance.now();
    const parties: SeededParty[] = [];
    for (let index = 1; index <= PARTIES; index += 1) parties.push(await seedParty(client, index));
    await client.query('vacuum analyze parties, users, orders');
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    const random = seededRandom(SEED);
    console.log(`bench:parties seed ${SEED} (BENCH_SEED to change)`);
    const times: number[] = [];
    let crossed = 0;
    for (let run = 0; run < RUNS + 5; run += 1) {
      const index = Math.floor(random() * PARTIES);
      const party = parties[index];
      if (!party) continue;
      const answer = await askParty(product, party.key);
      crossed += answer.guests.filter((name) => !name.endsWith(` de la fiesta ${index + 1}`)).length + Math.abs(answer.guests.length - GUESTS);
      if (run >= 5) times.push(answer.ms);
    }
    const p95 = percentile(times, 95);
    const label = `parties: one party's host summary among ${PARTIES} × ${GUESTS} guests × ${ORDERS_PER_GUEST}`;
    const figures: Figure[] = [
      { name: `${label}, p50`, value: percentile(times, 50), unit: 'ms', target: '', pass: null },
      { name: `${label}, p95`, value: p95, unit: 'ms', target: `≤ ${TARGET_P95_MS}`, pass: p95 <= TARGET_P95_MS },
      { name: 'parties: guests in a summary that are not its party’s, or missing', value: crossed, unit: 'guests', target: '= 0', pass: crossed === 0 },
      { name: `parties: storing ${PARTIES * GUESTS * ORDERS_PER_GUEST} orders`, value: seedSeconds, unit: 's', target: '', pass: null },
    ];
    await saveResults('parties', { seed: SEED, parties: PARTIES, guests: GUESTS, ordersPerGuest: ORDERS_PER_GUEST, times, figures });
    return figures;
  } finally {
    await client.end().catch(() => undefined);
    await product.stop();
    await rm(workDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1] ?? ''}`) {
  const figures = await benchParties();
  console.log(table(figures));
  process.exit(figures.some((figure) => figure.pass === false) ? 1 : 0);
}
