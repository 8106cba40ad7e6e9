/**
 * `npm run bench:party`: a 200-guest party on one machine. Each guest is a phone
 * simulated in Node (its own IndexedDB on fake-indexeddb, the app's tab
 * functions and sync core) adding 15 orders, with offline spells and a few
 * resets, against the local stack (real PostgreSQL and PostgREST). Then 50
 * guests ask the `comment` function (real Deno) at once, in front of the local
 * OpenAI-format server.
 *
 * Time: 3 party minutes played twice as fast, in 90 s of wall clock (see
 * party-plan.ts); the page's write debounce and the network run at real speed.
 * Seeded (PARTY_SEED): the same seed plays the same evening.
 *
 * Measures flush latency (tap to the end of the flush that delivered the order),
 * the catch-up after offline spells, requests per second at PostgREST, and then
 * checks that Postgres holds exactly the phones' orders and active flags.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { seededRandom } from '../../tests/support/fault-proxy.ts';
import { startLocalStack, type LocalStack } from '../lib/local-stack.ts';
import { commentCrowd, EXPECTED_COMMENT, UPSTREAM, type CommentResult } from './party-comments.ts';
import { seatGuest, type PartyGuest, type Trips } from './party-guest.ts';
import { LAST_CALL_MS, ORDERS_PER_GUEST, PARTY_MINUTES, planGuest, SPEED, type GuestPlan } from './party-plan.ts';
import { median, percentile, saveResults, table, type Figure } from './report.ts';

const SEED = Number(process.env.PARTY_SEED ?? 20261121);
const GUESTS = 200;
const COMMENT_STREAMS = 50;
/** After the last call every queue must be empty within this long. */
const DRAIN_DEADLINE_MS = 30_000;

/** Requests at PostgREST, per wall-clock second since the party started. */
function requestClock() {
  // Sparse until every second has had a request.
  const perSecond: (number | undefined)[] = [];
  let origin = performance.now();
  return {
    start: () => void (origin = performance.now()),
    tick: () => {
      const second = Math.max(0, Math.floor((performance.now() - origin) / 1000));
      perSecond[second] = (perSecond[second] ?? 0) + 1;
    },
    perSecond: () => Array.from(perSecond, (count) => count ?? 0),
  };
}

async function seatEveryone(stack: LocalStack, onRequest: () => void): Promise<PartyGuest[]> {
  const bar = { restUrl: stack.restUrl(), anonKey: stack.anonKey, onRequest };
  return Promise.all(Array.from({ length: GUESTS }, (_, index) => seatGuest(bar, index + 1, seededRandom(SEED * 7 + index))));
}

interface Evening {
  readonly partyMs: number;
  readonly drainMs: number;
  readonly undrained: number;
  /** The benchmark's own event loop (200 phones in one process), p99 in ms. */
  readonly eventLoopP99Ms: number;
}

async function playTheParty(guests: readonly PartyGuest[], plans: readonly GuestPlan[], clock: ReturnType<typeof requestClock>): Promise<Evening> {
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  clock.start();
  const startedAt = performance.now();
  await Promise.all(guests.map((guest, index) => guest.play(plans[index] as GuestPlan, startedAt)));
  const lastCallAt = performance.now();
  const drained = await Promise.all(guests.map((guest) => guest.drain(lastCallAt + DRAIN_DEADLINE_MS)));
  loop.disable();
  return {
    partyMs: lastCallAt - startedAt,
    drainMs: performance.now() - lastCallAt,
    undrained: drained.filter((done) => !done).length,
    eventLoopP99Ms: loop.percentile(99) / 1e6,
  };
}

interface TabCheck {
  readonly onPhones: number;
  readonly lost: number;
  readonly duplicated: number;
  readonly strangers: number;
  readonly flagsDiffer: number;
  readonly users: number;
  readonly parked: number;
}

/** What the phones hold against what Postgres holds, read as the superuser (row level security bypassed). */
async function checkTheTab(dbUrl: string, guests: readonly PartyGuest[]): Promise<TabCheck> {
  const onPhones = new Map<string, boolean>();
  for (const guest of guests) for (const [id, active] of await guest.orders()) onPhones.set(id, active);
  const parked = (await Promise.all(guests.map((guest) => guest.parked()))).reduce((sum, count) => sum + count, 0);
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    const rows = (await client.query<{ id: string; active: boolean }>('select id::text as id, active from orders')).rows;
    const users = (await client.query<{ count: number }>('select count(*)::int as count from users')).rows[0]?.count ?? 0;
    const inPostgres = new Map(rows.map((row) => [row.id, row.active]));
    return {
      onPhones: onPhones.size,
      lost: [...onPhones.keys()].filter((id) => !inPostgres.has(id)).length,
      duplicated: rows.length - inPostgres.size,
      strangers: [...inPostgres.keys()].filter((id) => !onPhones.has(id)).length,
      flagsDiffer: [...onPhones].filter(([id, active]) => inPostgres.has(id) && inPostgres.get(id) !== active).length,
      users,
      parked,
    };
  } finally {
    await client.end();
  }
}

function allTrips(guests: readonly PartyGuest[]): Trips {
  const trips = guests.map((guest) => guest.trips());
  const sum = (pick: (trip: Trips) => number) => trips.reduce((total, trip) => total + pick(trip), 0);
  return {
    online: trips.flatMap((trip) => trip.online),
    catchUp: trips.flatMap((trip) => trip.catchUp),
    tappedOffline: sum((trip) => trip.tappedOffline),
    unmeasured: sum((trip) => trip.unmeasured),
  };
}

const exactly = (name: string, value: number, expected: number, unit: string): Figure => ({
  name,
  value,
  unit,
  target: `= ${expected}`,
  pass: value === expected,
});
const info = (name: string, value: number, unit: string): Figure => ({ name, value, unit, target: '', pass: null });

function syncFigures(trips: Trips, perSecond: readonly number[], evening: Evening, plans: readonly GuestPlan[]): Figure[] {
  const requests = perSecond.reduce((sum, count) => sum + count, 0);
  const spells = plans.reduce((sum, plan) => sum + plan.spells.length, 0);
  const resets = plans.reduce((sum, plan) => sum + plan.resets.length, 0);
  return [
    info(`party: offline spells (${resets} resets, ${trips.tappedOffline} orders tapped offline)`, spells, 'spells'),
    info(`party: flush latency p50, tapped online (${trips.online.length} orders)`, median(trips.online), 'ms'),
    info('party: flush latency p99, tapped online', percentile(trips.online, 99), 'ms'),
    info(`party: catch-up after an offline spell p50 (${trips.catchUp.length} orders)`, median(trips.catchUp), 'ms'),
    info('party: catch-up after an offline spell p99', percentile(trips.catchUp, 99), 'ms'),
    info(`party: PostgREST requests/s, mean (${requests} requests)`, requests / Math.max(1, perSecond.length), 'req/s'),
    info('party: PostgREST requests/s, peak second', Math.max(0, ...perSecond), 'req/s'),
    info('party: bench process event-loop delay p99', evening.eventLoopP99Ms, 'ms'),
    info('party: queues drained after the last call in', evening.drainMs, 'ms'),
  ];
}

function tabFigures(check: TabCheck, evening: Evening): Figure[] {
  return [
    exactly(`party: orders on the ${GUESTS} phones`, check.onPhones, GUESTS * ORDERS_PER_GUEST, 'orders'),
    exactly('party: phones with a queue left after the drain', evening.undrained, 0, 'phones'),
    exactly('party: orders lost', check.lost, 0, 'orders'),
    exactly('party: orders duplicated', check.duplicated, 0, 'orders'),
    exactly('party: orders in Postgres no phone holds', check.strangers, 0, 'orders'),
    exactly('party: active flags differing', check.flagsDiffer, 0, 'orders'),
    exactly('party: orders parked (no aceptado)', check.parked, 0, 'orders'),
    exactly('party: guests in Postgres', check.users, GUESTS, 'users'),
  ];
}

function commentFigures(results: readonly CommentResult[]): Figure[] {
  const correct = results.filter((result) => result.error === undefined && result.text === EXPECTED_COMMENT).length;
  const firstChunks = results.filter((result) => result.firstChunkMs >= 0).map((result) => result.firstChunkMs);
  return [
    exactly(`party: comments complete and correct, ${COMMENT_STREAMS} at once`, correct, COMMENT_STREAMS, 'streams'),
    info(`party: comment first chunk p99, ${COMMENT_STREAMS} at once (model's own delay ${UPSTREAM.firstPieceDelayMs} ms)`, percentile(firstChunks, 99), 'ms'),
  ];
}

/** The party at the bar: phones, the local stack, the check of the tab. */
async function benchTheBar(): Promise<{ figures: Figure[]; details: Record<string, unknown> }> {
  const stateDir = await mkdtemp(join(tmpdir(), 'bar-tab-party-'));
  await chmod(stateDir, 0o711);
  const stack = await startLocalStack({ stateDir });
  const guests: PartyGuest[] = [];
  try {
    const clock = requestClock();
    guests.push(...(await seatEveryone(stack, clock.tick)));
    const planner = seededRandom(SEED);
    const plans = guests.map(() => planGuest(planner));
    const evening = await playTheParty(guests, plans, clock);
    const check = await checkTheTab(stack.dbUrl, guests);
    const trips = allTrips(guests);
    const figures = [...syncFigures(trips, clock.perSecond(), evening, plans), ...tabFigures(check, evening)];
    const flushes = guests.map((guest) => guest.flushes);
    return { figures, details: { evening, check, requestsPerSecond: clock.perSecond(), unmeasured: trips.unmeasured, flushes: sumFlushes(flushes) } };
  } finally {
    await Promise.all(guests.map((guest) => guest.leave()));
    await stack.stop();
    await rm(stateDir, { recursive: true, force: true });
  }
}

function sumFlushes(flushes: readonly PartyGuest['flushes'][]) {
  const sum = (pick: (flush: PartyGuest['flushes']) => number) => flushes.reduce((total, flush) => total + pick(flush), 0);
  return { done: sum((flush) => flush.done), failed: sum((flush) => flush.failed), offlineAttempts: sum((flush) => flush.offlineAttempts) };
}

export async function benchParty(): Promise<Figure[]> {
  const bar = await benchTheBar();
  const comments = await commentCrowd(COMMENT_STREAMS);
  const figures = [...bar.figures, ...commentFigures(comments)];
  const parameters = { seed: SEED, guests: GUESTS, ordersPerGuest: ORDERS_PER_GUEST, partyMinutes: PARTY_MINUTES, speed: SPEED, lastCallMs: LAST_CALL_MS };
  const failedComments = comments.filter((result) => result.error !== undefined || result.text !== EXPECTED_COMMENT);
  await saveResults('party', { parameters, ...bar.details, upstream: UPSTREAM, comments, failedComments: failedComments.length, figures });
  return figures;
}

if (import.meta.url === `file://${process.argv[1] ?? ''}`) {
  const started = performance.now();
  const figures = await benchParty();
  console.log(table(figures));
  console.log(`\nwall time ${((performance.now() - started) / 1000).toFixed(1)} s (seed ${SEED})`);
  // Exit now: the transport arms a 15 s timeout per request and clears it only on abort,
  // so the last requests' timers would otherwise hold the process for another 15 s.
  process.exit(figures.some((figure) => figure.pass === false) ? 1 : 0);
}
