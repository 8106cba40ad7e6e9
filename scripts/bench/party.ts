/**
 * `npm run bench:party`: a party on one machine, at two sizes. Each guest is a
 * phone simulated in Node (its own IndexedDB on fake-indexeddb, the app's tab
 * functions and sync core) with offline spells and a few resets, against the
 * local stack (real PostgreSQL and PostgREST); the phones run in worker
 * threads (party-crowd.ts).
 *
 * - Today's party: 200 guests, 15 orders each, 3 party minutes played twice as
 *   fast (90 s of wall clock, see party-plan.ts). Then 50 guests ask the
 *   `comment` function (real Deno) at once, in front of the local OpenAI-format
 *   server.
 * - Ten times the guests: 2,000 guests, 20 orders each, the same 3 minutes
 *   played at real speed, split between two threads: at twice the speed the
 *   phones' own IndexedDB work (8 transactions for a flush of one order)
 *   outgrows this 2-core machine, and the figures would measure the simulation.
 *   No comment crowd.
 *
 * The page's write debounce and the network run at real speed. Seeded
 * (PARTY_SEED): the same seed plays the same evening.
 *
 * Measures flush latency (tap to the end of the flush that delivered the order),
 * the catch-up after offline spells, requests per second at PostgREST, and then
 * checks that Postgres holds exactly the phones' orders and active flags.
 */
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { seededRandom } from '../lib/seeded-random.ts';
import { startLocalStack, type LocalStack } from '../lib/local-stack.ts';
import { commentCrowd, EXPECTED_COMMENT, UPSTREAM, type CommentResult } from './party-comments.ts';
import { epochNow, startCrowd, type Crowd, type CrowdReport } from './party-crowd.ts';
import type { Joined, Trips } from './party-guest.ts';
import { lastCallMs, ORDERS_PER_GUEST, PARTY_MINUTES, planGuest, SPEED, type GuestPlan } from './party-plan.ts';
import { median, percentile, saveResults, table, type Figure } from './report.ts';

const SEED = Number(process.env.PARTY_SEED ?? 20261121);
const COMMENT_STREAMS = 50;

/** One party's size; its figures are named after `label`. */
export interface PartySize {
  readonly label: string;
  readonly guests: number;
  readonly ordersPerGuest: number;
  /** Under bench-results/. */
  readonly results: string;
  /** How much faster than real time the party is played (party-plan.ts). */
  readonly speed: number;
  /** Worker threads the phones are split among. */
  readonly crowds: number;
}

/** Today's party: its figures keep their names and targets, and run in one thread. */
const TODAY: PartySize = { label: 'party', guests: 200, ordersPerGuest: ORDERS_PER_GUEST, speed: SPEED, results: 'party', crowds: 1 };
const TEN_TIMES: PartySize = { label: 'party ×10', guests: 2000, ordersPerGuest: 20, speed: 1, results: 'party-2000', crowds: 2 };
/** The larger party must be played, checked and cleared in this long. */
const TEN_TIMES_WALL_BUDGET_S = 300;
/** After the last call every queue must be empty within this long. */
const DRAIN_DEADLINE_MS = 30_000;

/** Where the phones find the bar, how the evening is seeded, and the party each phone joined (none: the default party). */
export interface Seating {
  readonly stack: LocalStack;
  readonly seed: number;
  readonly joined?: readonly Joined[];
}

/** Splits the guests among `crowds` worker threads and seats them all. */
export async function seatEveryone({ stack, seed, joined }: Seating, size: PartySize, plans: readonly GuestPlan[]): Promise<Crowd[]> {
  const perCrowd = Math.ceil(size.guests / size.crowds);
  const firsts = Array.from({ length: Math.ceil(size.guests / perCrowd) }, (_, index) => index * perCrowd);
  const seated = await Promise.allSettled(
    firsts.map((first) =>
      startCrowd({
        restUrl: stack.restUrl(),
        anonKey: stack.anonKey,
        seed,
        firstNumber: first + 1,
        plans: plans.slice(first, first + perCrowd),
        speed: size.speed,
        ...(joined ? { joined: joined.slice(first, first + perCrowd) } : {}),
      }),
    ),
  );
  const crowds = seated.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const failed = seated.find((result) => result.status === 'rejected');
  if (failed) {
    await Promise.all(crowds.map((crowd) => crowd.leave()));
    throw failed.reason;
  }
  return crowds;
}

export interface Evening {
  readonly partyMs: number;
  readonly drainMs: number;
  readonly undrained: number;
  /** The phones' event loops (the worst thread's), p99 in ms. */
  readonly eventLoopP99Ms: number;
}

/** Plays the party from one moment for every crowd, then drains every queue and collects the crowds' reports. */
export async function playTheParty(crowds: readonly Crowd[]): Promise<{ evening: Evening; reports: CrowdReport[] }> {
  // A little ahead, so that every crowd has the start before it comes.
  const startAt = epochNow() + 100;
  await Promise.all(crowds.map((crowd) => crowd.play(startAt)));
  const lastCallAt = epochNow();
  const undrained = await Promise.all(crowds.map((crowd) => crowd.drain(lastCallAt + DRAIN_DEADLINE_MS)));
  const drainMs = epochNow() - lastCallAt;
  const reports = await Promise.all(crowds.map((crowd) => crowd.report()));
  const evening = {
    partyMs: lastCallAt - startAt,
    drainMs,
    undrained: undrained.reduce((sum, count) => sum + count, 0),
    eventLoopP99Ms: Math.max(...reports.map((report) => report.eventLoopP99Ms)),
  };
  return { evening, reports };
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
async function checkTheTab(dbUrl: string, reports: readonly CrowdReport[]): Promise<TabCheck> {
  const onPhones = new Map(reports.flatMap((report) => report.orders));
  const parked = reports.reduce((sum, report) => sum + report.parked, 0);
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

export function allTrips(reports: readonly CrowdReport[]): Trips {
  const sum = (pick: (trip: Trips) => number) => reports.reduce((total, report) => total + pick(report.trips), 0);
  return {
    online: reports.flatMap((report) => report.trips.online),
    catchUp: reports.flatMap((report) => report.trips.catchUp),
    tappedOffline: sum((trip) => trip.tappedOffline),
    unmeasured: sum((trip) => trip.unmeasured),
  };
}

/** Requests per second of the whole party: the crowds' counts added second by second. */
export function requestsPerSecond(reports: readonly CrowdReport[]): number[] {
  const seconds = Math.max(0, ...reports.map((report) => report.requestsPerSecond.length));
  return Array.from({ length: seconds }, (_, second) => reports.reduce((sum, report) => sum + (report.requestsPerSecond[second] ?? 0), 0));
}

export const exactly = (name: string, value: number, expected: number, unit: string): Figure => ({
  name,
  value,
  unit,
  target: `= ${expected}`,
  pass: value === expected,
});
export const info = (name: string, value: number, unit: string): Figure => ({ name, value, unit, target: '', pass: null });
const atMost = (name: string, value: number, limit: number, unit: string): Figure => ({ name, value, unit, target: `≤ ${limit}`, pass: value <= limit });

/**
 * The host's page shows a pick within 5 s of the tap (docs/host.md) and asks
 * every 3 s: the tap's trip to the server, the write debounce included, has
 * at most 1 s of that at the 99th percentile.
 */
const FLUSH_P99_TARGET_MS = 1000;

export function syncFigures(label: string, trips: Trips, perSecond: readonly number[], evening: Evening, plans: readonly GuestPlan[]): Figure[] {
  const requests = perSecond.reduce((sum, count) => sum + count, 0);
  const spells = plans.reduce((sum, plan) => sum + plan.spells.length, 0);
  const resets = plans.reduce((sum, plan) => sum + plan.resets.length, 0);
  return [
    info(`${label}: offline spells (${resets} resets, ${trips.tappedOffline} orders tapped offline)`, spells, 'spells'),
    info(`${label}: flush latency p50, tapped online (${trips.online.length} orders)`, median(trips.online), 'ms'),
    atMost(`${label}: flush latency p99, tapped online`, percentile(trips.online, 99), FLUSH_P99_TARGET_MS, 'ms'),
    info(`${label}: catch-up after an offline spell p50 (${trips.catchUp.length} orders)`, median(trips.catchUp), 'ms'),
    info(`${label}: catch-up after an offline spell p99`, percentile(trips.catchUp, 99), 'ms'),
    info(`${label}: PostgREST requests/s, mean (${requests} requests)`, requests / Math.max(1, perSecond.length), 'req/s'),
    info(`${label}: PostgREST requests/s, peak second`, Math.max(0, ...perSecond), 'req/s'),
    info(`${label}: bench process event-loop delay p99`, evening.eventLoopP99Ms, 'ms'),
    info(`${label}: queues drained after the last call in`, evening.drainMs, 'ms'),
  ];
}

function tabFigures(size: PartySize, check: TabCheck, evening: Evening): Figure[] {
  const { label } = size;
  return [
    exactly(`${label}: orders on the ${size.guests} phones`, check.onPhones, size.guests * size.ordersPerGuest, 'orders'),
    exactly(`${label}: phones with a queue left after the drain`, evening.undrained, 0, 'phones'),
    exactly(`${label}: orders lost`, check.lost, 0, 'orders'),
    exactly(`${label}: orders duplicated`, check.duplicated, 0, 'orders'),
    exactly(`${label}: orders in Postgres no phone holds`, check.strangers, 0, 'orders'),
    exactly(`${label}: active flags differing`, check.flagsDiffer, 0, 'orders'),
    exactly(`${label}: orders parked (no aceptado)`, check.parked, 0, 'orders'),
    exactly(`${label}: guests in Postgres`, check.users, size.guests, 'users'),
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
async function benchTheBar(size: PartySize): Promise<{ figures: Figure[]; details: Record<string, unknown> }> {
  const stateDir = await mkdtemp(join(tmpdir(), 'bar-tab-party-'));
  await chmod(stateDir, 0o711);
  const stack = await startLocalStack({ stateDir });
  const crowds: Crowd[] = [];
  try {
    const planner = seededRandom(SEED);
    const plans = Array.from({ length: size.guests }, () => planGuest(planner, size.ordersPerGuest, size.speed));
    const seatingStartedAt = performance.now();
    crowds.push(...(await seatEveryone({ stack, seed: SEED }, size, plans)));
    const seatMs = performance.now() - seatingStartedAt;
    const { evening, reports } = await playTheParty(crowds);
    const check = await checkTheTab(stack.dbUrl, reports);
    const trips = allTrips(reports);
    const perSecond = requestsPerSecond(reports);
    const figures = [...syncFigures(size.label, trips, perSecond, evening, plans), ...tabFigures(size, check, evening)];
    const flushes = sumFlushes(reports.map((report) => report.flushes));
    return { figures, details: { seatMs, evening, check, requestsPerSecond: perSecond, unmeasured: trips.unmeasured, flushes } };
  } finally {
    await Promise.all(crowds.map((crowd) => crowd.leave()));
    await stack.stop();
    await rm(stateDir, { recursive: true, force: true });
  }
}

export function sumFlushes(flushes: readonly CrowdReport['flushes'][]) {
  const sum = (pick: (flush: CrowdReport['flushes']) => number) => flushes.reduce((total, flush) => total + pick(flush), 0);
  return { done: sum((flush) => flush.done), failed: sum((flush) => flush.failed), offlineAttempts: sum((flush) => flush.offlineAttempts) };
}

const parametersOf = (size: PartySize) => ({
  seed: SEED,
  guests: size.guests,
  ordersPerGuest: size.ordersPerGuest,
  partyMinutes: PARTY_MINUTES,
  speed: size.speed,
  lastCallMs: lastCallMs(size.speed),
});

async function todaysParty(): Promise<Figure[]> {
  const bar = await benchTheBar(TODAY);
  const comments = await commentCrowd(COMMENT_STREAMS);
  const figures = [...bar.figures, ...commentFigures(comments)];
  const failedComments = comments.filter((result) => result.error !== undefined || result.text !== EXPECTED_COMMENT);
  await saveResults(TODAY.results, {
    parameters: parametersOf(TODAY),
    ...bar.details,
    upstream: UPSTREAM,
    comments,
    failedComments: failedComments.length,
    figures,
  });
  return figures;
}

/** Ten times the guests, a third more orders each, at real speed; no comment crowd. */
async function tenTimesTheParty(): Promise<Figure[]> {
  const started = performance.now();
  const bar = await benchTheBar(TEN_TIMES);
  const wallS = (performance.now() - started) / 1000;
  const figures: Figure[] = [
    ...bar.figures,
    { name: `${TEN_TIMES.label}: wall time`, value: wallS, unit: 's', target: `≤ ${TEN_TIMES_WALL_BUDGET_S}`, pass: wallS <= TEN_TIMES_WALL_BUDGET_S },
  ];
  await saveResults(TEN_TIMES.results, { parameters: parametersOf(TEN_TIMES), ...bar.details, figures });
  return figures;
}

export async function benchParty(): Promise<Figure[]> {
  return [...(await todaysParty()), ...(await tenTimesTheParty())];
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
