/**
 * `npm run bench:flood`: one honest guest's inserts while anonymous clients
 * flood PostgREST with unfiltered reads of a table of 100,000 other guests'
 * orders. Row level security must answer such a read with nothing, cheaply:
 * if it evaluates the guest-id function per row, each read scans the table and
 * holds a database connection, and the honest guest's insert waits behind them.
 *
 * Prints the insert's p50/p99 alone and under the flood, their ratio (target
 * ≤ 2) and the unfiltered read's p50. The loaded orders fit any version of the
 * schema: menu products at menu prices, created_at minutes ago, 20 per guest.
 */
import { setMaxListeners } from 'node:events';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import pg from 'pg';
import { PRODUCTS } from '../../supabase/functions/_shared/menu.ts';
import { startLocalStack } from '../lib/local-stack.ts';
import { median, percentile, saveResults, table, type Figure } from './report.ts';

const OTHER_GUESTS = 5000;
const ORDERS_EACH = 20;
const INSERTS = 200;
const READERS = 40;
/**
 * Each reader's pace. Unpaced, 40 loops on this 2-core machine take every core
 * from PostgreSQL and PostgREST whatever the schema (the bench, PostgREST and
 * PostgreSQL share them): every request, the guest's too, then waits its turn
 * among 41 clients, about 30 ms with the fix, which measures the CPU, not row
 * level security; that flood is a gateway's rate limit's job. 40 × 5 = 200
 * reads/s is over three times the 200-guest party's peak (57 requests/s), and
 * a schema that scans the table per read serves 2 of them a second.
 */
const READS_PER_S_EACH = 5;
/** The honest guest's taps, alone and under the flood: 40 a second at most. */
const TAP_EVERY_MS = 25;
/** The flood lasts this long at most (today's schema makes every read slow). */
const FLOOD_MS = 15_000;
/** The readers fill the connection pool before the first insert is timed. */
const FLOOD_WARM_UP_MS = 1_000;
const READ_TIMEOUT_MS = 10_000;
const INSERT_TIMEOUT_MS = 30_000;
const RATIO_TARGET = 2;

interface Api {
  readonly restUrl: string;
  readonly anonKey: string;
}

/** 5,000 guests with 20 orders each, written as the superuser in two statements. */
async function loadOtherGuests(dbUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    await client.query(
      `insert into public.users (id, full_name)
       select gen_random_uuid(), 'Invitado ' || lpad(n::text, 4, '0') from generate_series(1, $1::int) as n`,
      [OTHER_GUESTS],
    );
    // Product i of the menu for order k of guest g: spread by a prime stride; taps 1 to 5 minutes ago.
    const inserted = await client.query(
      `insert into public.orders (id, user_id, product_name, product_price, active, created_at)
       select gen_random_uuid(), guest.id, menu.names[1 + (guest.n * 31 + k * 7) % cardinality(menu.names)],
              menu.prices[1 + (guest.n * 31 + k * 7) % cardinality(menu.names)], true,
              now() - make_interval(secs => 60 + (guest.n * 13 + k * 11) % 240)
       from (select id, row_number() over (order by id) as n from public.users) as guest,
            generate_series(1, $1::int) as k,
            (select $2::text[] as names, $3::int[] as prices) as menu`,
      [ORDERS_EACH, PRODUCTS.map((product) => product.name), PRODUCTS.map((product) => product.price)],
    );
    await client.query('analyze public.users; analyze public.orders');
    return inserted.rowCount ?? 0;
  } finally {
    await client.end();
  }
}

function headers(api: Api, guestId?: string): Record<string, string> {
  return {
    apikey: api.anonKey,
    authorization: `Bearer ${api.anonKey}`,
    'content-type': 'application/json',
    ...(guestId ? { 'x-guest-id': guestId } : {}),
  };
}

/** What the app's transport sends: an upsert by id that ignores duplicates, one guest's header. */
async function upsert(api: Api, table: 'users' | 'orders', guestId: string, row: object): Promise<Response> {
  return fetch(`${api.restUrl}/${table}?on_conflict=id`, {
    method: 'POST',
    headers: { ...headers(api, guestId), prefer: 'resolution=ignore-duplicates,return=minimal' },
    body: JSON.stringify([row]),
    signal: AbortSignal.timeout(INSERT_TIMEOUT_MS),
  });
}

interface Insert {
  readonly ms: number;
  /** HTTP status; 0 when no answer came in time. */
  readonly status: number;
}

const failed = (insert: Insert) => insert.status !== 201;

function honestGuest(api: Api) {
  const guestId = crypto.randomUUID();
  let taps = 0;
  return {
    async register(): Promise<void> {
      const answer = await upsert(api, 'users', guestId, { id: guestId, full_name: 'Invitada Honesta' });
      if (answer.status !== 201) throw new Error(`the honest guest was not registered: HTTP ${answer.status} ${await answer.text()}`);
    },
    async order(): Promise<Insert> {
      const product = PRODUCTS[taps % PRODUCTS.length] ?? PRODUCTS[0];
      if (!product) throw new Error('the bar has nothing on its list');
      taps += 1;
      const row = {
        id: crypto.randomUUID(),
        user_id: guestId,
        product_name: product.name,
        product_price: product.price,
        active: true,
        created_at: new Date().toISOString(),
      };
      const started = performance.now();
      const status = await upsert(api, 'orders', guestId, row).then(
        async (answer) => (await answer.arrayBuffer(), answer.status),
        () => 0,
      );
      return { ms: performance.now() - started, status };
    },
  };
}

type Guest = ReturnType<typeof honestGuest>;

/**
 * Resolves at most once every `everyMs`, counted from the previous resolution;
 * a turn that ran late is followed at once, never by a burst to catch up.
 */
function metronome(everyMs: number, signal?: AbortSignal): () => Promise<void> {
  let next = performance.now();
  return async () => {
    const wait = next - performance.now();
    if (wait > 0) await delay(wait, undefined, { signal }).catch(() => undefined);
    next = Math.max(next, performance.now()) + everyMs;
  };
}

/** Orders one at a time, one tap every TAP_EVERY_MS at most, until `count` are done or `until` (performance.now()) has passed. */
async function orderInTurn(guest: Guest, count: number, until = Infinity): Promise<Insert[]> {
  const inserts: Insert[] = [];
  const beat = metronome(TAP_EVERY_MS);
  while (inserts.length < count && performance.now() < until) {
    await beat();
    inserts.push(await guest.order());
  }
  return inserts;
}

interface Reads {
  /** Latency of each read that was answered. */
  readonly answered: number[];
  readonly timedOut: number;
  /** Rows the answered reads returned, all together (row level security must make it 0). */
  readonly rows: number;
  /** From the first read to the stop. */
  readonly seconds: number;
}

/** READERS loops of `GET /orders` without a guest id, until stopped. */
function startFlood(api: Api): { stop: () => Promise<Reads> } {
  const stopping = new AbortController();
  // Every reader's waits and requests listen to it.
  setMaxListeners(READERS * 4, stopping.signal);
  const startedAt = performance.now();
  const reads = { answered: [] as number[], timedOut: 0, rows: 0 };
  const readOnce = async () => {
    const started = performance.now();
    const signal = AbortSignal.any([stopping.signal, AbortSignal.timeout(READ_TIMEOUT_MS)]);
    try {
      const answer = await fetch(`${api.restUrl}/orders`, { headers: { apikey: api.anonKey, authorization: `Bearer ${api.anonKey}` }, signal });
      const body: unknown = await answer.json();
      reads.answered.push(performance.now() - started);
      reads.rows += Array.isArray(body) ? body.length : 0;
    } catch {
      if (!stopping.signal.aborted) reads.timedOut += 1;
    }
  };
  const loop = async () => {
    const beat = metronome(1000 / READS_PER_S_EACH, stopping.signal);
    while (!stopping.signal.aborted) {
      await beat();
      await readOnce();
    }
  };
  const loops = Array.from({ length: READERS }, loop);
  return {
    async stop() {
      stopping.abort();
      await Promise.all(loops);
      return { ...reads, seconds: (performance.now() - startedAt) / 1000 };
    },
  };
}

/** PostgREST does not cancel a query whose client went away: cancel the readers' leftovers. */
async function cancelLeftoverReads(dbUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    await client.query(
      `select pg_cancel_backend(pid) from pg_stat_activity
       where usename = 'authenticator' and state = 'active' and pid <> pg_backend_pid()`,
    );
  } finally {
    await client.end();
  }
}

async function underFlood(api: Api, guest: Guest): Promise<{ inserts: Insert[]; reads: Reads }> {
  const flood = startFlood(api);
  const started = performance.now();
  try {
    await delay(FLOOD_WARM_UP_MS);
    const inserts = await orderInTurn(guest, INSERTS, started + FLOOD_MS);
    return { inserts, reads: await flood.stop() };
  } catch (error) {
    await flood.stop();
    throw error;
  }
}

const info = (name: string, value: number, unit: string): Figure => ({ name, value, unit, target: '', pass: null });

function floodFigures(loaded: number, alone: readonly Insert[], flooded: readonly Insert[], reads: Reads): Figure[] {
  const aloneMs = alone.map((insert) => insert.ms);
  const floodMs = flooded.map((insert) => insert.ms);
  const refused = flooded.filter(failed).length;
  // A read that timed out took at least the timeout: counted at it, the median is a lower bound.
  const readMs = [...reads.answered, ...Array.from({ length: reads.timedOut }, () => READ_TIMEOUT_MS)];
  const ratio = median(floodMs) / Math.max(1e-6, median(aloneMs));
  const flood = `${READERS} unfiltered readers at ${READS_PER_S_EACH} reads/s each`;
  return [
    info('flood: orders of other guests in the table', loaded, 'orders'),
    info(`flood: honest insert p50, alone (${alone.length} inserts)`, median(aloneMs), 'ms'),
    info('flood: honest insert p99, alone', percentile(aloneMs, 99), 'ms'),
    info(`flood: honest insert p50, under ${flood} (${flooded.length} inserts, ${refused} failed)`, median(floodMs), 'ms'),
    info(`flood: honest insert p99, under ${flood}`, percentile(floodMs, 99), 'ms'),
    { name: 'flood: insert p50 under flood / alone', value: ratio, unit: '×', target: `≤ ${RATIO_TARGET}`, pass: ratio <= RATIO_TARGET },
    info(`flood: unfiltered read p50 (${reads.answered.length} answered, ${reads.timedOut} cut at ${READ_TIMEOUT_MS / 1000} s)`, median(readMs), 'ms'),
    info(`flood: unfiltered reads answered per second (${READERS * READS_PER_S_EACH} offered)`, reads.answered.length / reads.seconds, 'reads/s'),
    { name: 'flood: rows the unfiltered reads returned', value: reads.rows, unit: 'rows', target: '= 0', pass: reads.rows === 0 },
  ];
}

export async function benchFlood(): Promise<Figure[]> {
  const stateDir = await mkdtemp(join(tmpdir(), 'bar-tab-flood-'));
  await chmod(stateDir, 0o711);
  const stack = await startLocalStack({ stateDir });
  try {
    const api: Api = { restUrl: stack.restUrl(), anonKey: stack.anonKey };
    const loaded = await loadOtherGuests(stack.dbUrl);
    const guest = honestGuest(api);
    await guest.register();
    const alone = await orderInTurn(guest, INSERTS);
    if (alone.some(failed)) throw new Error('an insert failed with no flood at all');
    const { inserts, reads } = await underFlood(api, guest);
    await cancelLeftoverReads(stack.dbUrl);
    const figures = floodFigures(loaded, alone, inserts, reads);
    const parameters = { otherGuests: OTHER_GUESTS, ordersEach: ORDERS_EACH, inserts: INSERTS, readers: READERS, floodMs: FLOOD_MS };
    await saveResults('flood', { parameters, migrations: stack.migrations.applied, alone, flooded: inserts, reads, figures });
    return figures;
  } finally {
    await stack.stop();
    await rm(stateDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1] ?? ''}`) {
  const started = performance.now();
  const figures = await benchFlood();
  console.log(table(figures));
  console.log(`\nwall time ${((performance.now() - started) / 1000).toFixed(1)} s`);
  process.exit(figures.some((figure) => figure.pass === false) ? 1 : 0);
}
