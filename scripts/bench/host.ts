/**
 * `npm run bench:host`: the host's party summary for 200 and for 2,000 guests
 * × 15 orders, through the whole product as `npm start` runs it (the app's
 * origin → the `host` function in real Deno → PostgREST → PostgreSQL): p50 and
 * p95 of the function's whole answer, as the host's page receives it. Also the
 * guests' first-load JavaScript of the same build, and the host page's own
 * chunk, which only /anfitrion fetches.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import type { RunningProduct } from '../lib/product.ts';
import { withOwnProduct } from './own-product.ts';
import { percentile, saveResults, table, type Figure } from './report.ts';

const ORDERS_PER_GUEST = 15;
const SIZES = [
  { guests: 200, targetP95Ms: 100 },
  { guests: 2000, targetP95Ms: 300 },
] as const;
const WARMUP = 5;
const RUNS = 60;

/** Guests `from`..`to` with 15 orders each of the menu's products, taps in the last hours; every third marked paid. */
async function seedGuests(client: pg.Client, from: number, to: number): Promise<void> {
  await client.query(
    `with menu as (select array_agg(name order by name, price) as names, array_agg(price order by name, price) as prices from products where menu_position is not null),
     guests as (
       insert into users (id, full_name)
       select gen_random_uuid(), 'Invitado ' || n from generate_series($1::int, $2::int) as n
       returning id
     )
     insert into orders (id, user_id, product_name, product_price, created_at)
     select gen_random_uuid(), guests.id, menu.names[pick], menu.prices[pick], now() - make_interval(mins => k * 7)
     from guests cross join menu cross join generate_series(1, ${ORDERS_PER_GUEST}) as k
     cross join lateral (select 1 + abs(hashtext(guests.id::text || k)) % cardinality(menu.names) as pick) as chosen`,
    [from, to],
  );
  await client.query(
    `insert into host_paid_marks (user_id, paid_amount)
     select users.id, 10000 from users where users.full_name like 'Invitado %' and abs(hashtext(users.id::text)) % 3 = 0
     on conflict (user_id) do nothing`,
  );
  // What autovacuum does on a live database: fresh statistics and the visibility map.
  await client.query('vacuum analyze users, orders, host_paid_marks');
}

/** One summary, as the host's page asks for it: the time until the whole answer has arrived. */
async function askParty(product: RunningProduct, hostKey: string): Promise<{ ms: number; text: string }> {
  const started = performance.now();
  const response = await fetch(`${product.apiUrl}/functions/v1/host`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', apikey: product.anonKey ?? '' },
    body: JSON.stringify({ key: hostKey, action: 'party' }),
  });
  const text = await response.text();
  const ms = performance.now() - started;
  if (response.status !== 200) throw new Error(`the host function answered ${response.status}: ${text.slice(0, 200)}`);
  return { ms, text };
}

async function measure(product: RunningProduct, hostKey: string, guests: number): Promise<{ times: number[]; bytes: number }> {
  const first = await askParty(product, hostKey);
  const party = JSON.parse(first.text) as { guests: unknown[] };
  if (party.guests.length !== guests) throw new Error(`expected ${guests} guests, the summary has ${party.guests.length}`);
  for (let run = 1; run < WARMUP; run += 1) await askParty(product, hostKey);
  const times: number[] = [];
  for (let run = 0; run < RUNS; run += 1) times.push((await askParty(product, hostKey)).ms);
  return { times, bytes: Buffer.byteLength(first.text) };
}

const gzipKb = (bytes: Buffer) => gzipSync(bytes, { level: 9 }).length / 1024;

/** What index.html loads (entry and modulepreloads), and the host page's lazy chunk, in gzip KB. */
async function bundleFigures(distDir: string): Promise<Figure[]> {
  const html = await readFile(join(distDir, 'index.html'), 'utf8');
  const firstLoad = [...html.matchAll(/<(?:script type="module"|link rel="modulepreload")[^>]*(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map(
    (match) => match[1] ?? '',
  );
  let guests = 0;
  for (const file of firstLoad) guests += gzipKb(await readFile(join(distDir, file)));
  let host = 0;
  // Files only: the host's OCR engine is a folder of its own there (build/ocr-files.ts), counted apart (bench:receipts).
  for (const entry of await readdir(join(distDir, 'assets'), { withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const { name } = entry;
    const bytes = await readFile(join(distDir, 'assets', name));
    if (/\.(js|css)$/.test(name) && /Descargar CSV|host-guest/.test(bytes.toString('utf8'))) host += gzipKb(bytes);
  }
  return [
    { name: 'guests’ first-load JavaScript (index.html’s scripts), gzip', value: guests, unit: 'KB', target: '', pass: null },
    { name: 'host page chunk (script + stylesheet, fetched only at /anfitrion), gzip', value: host, unit: 'KB', target: '', pass: null },
  ];
}

export async function benchHost(): Promise<Figure[]> {
  return withOwnProduct({ name: 'host' }, async ({ product, client, distDir }) => {
    if (!product.hostKey) throw new Error('bench:host needs the host function’s key: unset VITE_SUPABASE_URL');
    const figures: Figure[] = [];
    const runs: Record<string, { times: number[]; bytes: number }> = {};
    let seeded = 0;
    for (const size of SIZES) {
      await seedGuests(client, seeded + 1, size.guests);
      seeded = size.guests;
      const result = await measure(product, product.hostKey, size.guests);
      runs[String(size.guests)] = result;
      const label = `host summary, ${size.guests.toLocaleString('en')} guests × ${ORDERS_PER_GUEST}`;
      const p95 = percentile(result.times, 95);
      figures.push(
        { name: `${label}: p50`, value: percentile(result.times, 50), unit: 'ms', target: '', pass: null },
        { name: `${label}: p95`, value: p95, unit: 'ms', target: `≤ ${size.targetP95Ms}`, pass: p95 <= size.targetP95Ms },
        { name: `${label}: answer size`, value: result.bytes / 1024, unit: 'KB', target: '', pass: null },
      );
    }
    figures.push(...(await bundleFigures(distDir)));
    await saveResults('host', { ordersPerGuest: ORDERS_PER_GUEST, runs, figures });
    return figures;
  });
}

if (import.meta.url === `file://${process.argv[1] ?? ''}`) {
  const figures = await benchHost();
  console.log(table(figures));
  process.exit(figures.some((figure) => figure.pass === false) ? 1 : 0);
}
