/**
 * A crowd of phones in a worker thread. One Node thread cannot play 2,000
 * phones at the party's pace: each keeps its own IndexedDB on fake-indexeddb,
 * and what a real phone spends on its own CPU adds up here on one. The party
 * splits its guests among a few crowds; each plays its phones on the shared
 * wall clock and reports what a single process used to see.
 *
 * Main thread: startCrowd(). Worker: this module, loaded with `workerData`.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { seededRandom } from '../lib/seeded-random.ts';
import { seatGuest, type Joined, type PartyGuest, type Trips } from './party-guest.ts';
import type { GuestPlan } from './party-plan.ts';

export interface CrowdSpec {
  readonly restUrl: string;
  readonly anonKey: string;
  readonly seed: number;
  /** The first guest's number (1-based) among the whole party's. */
  readonly firstNumber: number;
  readonly plans: readonly GuestPlan[];
  /** The party's speed (see party-plan.ts). */
  readonly speed: number;
  /** The party each phone joined by its link, in the order of `plans`; none (or a gap): the default party. */
  readonly joined?: readonly (Joined | undefined)[];
}

/** One phone's guest, their party and the orders the phone holds. */
export interface PhoneHeld {
  readonly guestId: string;
  /** The party's code; null for the default party. */
  readonly party: string | null;
  readonly orderIds: readonly string[];
}

export interface CrowdReport {
  /** Every order on the crowd's phones: id and active flag. */
  readonly orders: readonly (readonly [string, boolean])[];
  readonly phones: readonly PhoneHeld[];
  readonly parked: number;
  readonly trips: Trips;
  readonly flushes: { readonly done: number; readonly failed: number; readonly offlineAttempts: number };
  /** Requests that left the phones, per second since the party started. */
  readonly requestsPerSecond: readonly number[];
  /** The crowd's event loop from the start of the party to the end of the drain, p99 in ms. */
  readonly eventLoopP99Ms: number;
}

/** Commands, each answered by one message of the same kind. Times are epoch milliseconds. */
type Command =
  | { readonly kind: 'play'; readonly startAt: number }
  | { readonly kind: 'drain'; readonly deadline: number }
  | { readonly kind: 'report' }
  | { readonly kind: 'leave' };

type Answer =
  | { readonly kind: 'seated' | 'played' | 'left' }
  | { readonly kind: 'drain'; readonly undrained: number }
  | { readonly kind: 'report'; readonly report: CrowdReport }
  | { readonly kind: 'failed'; readonly error: string };

/** performance.now() differs between threads; epoch milliseconds do not. */
const epochNow = () => performance.timeOrigin + performance.now();
const localTime = (epoch: number) => epoch - performance.timeOrigin;

export interface Crowd {
  play(startAt: number): Promise<void>;
  /** Phones whose queue was not empty by `deadline`. */
  drain(deadline: number): Promise<number>;
  report(): Promise<CrowdReport>;
  /** Closes the phones' databases and ends the thread; safe to call twice. */
  leave(): Promise<void>;
}

/** Loads this module in a worker under tsx (a worker does not inherit `--import tsx` on Node 20). */
function crowdWorker(spec: CrowdSpec): Worker {
  const tsx = import.meta.resolve('tsx/esm/api');
  const code = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(import.meta.url)}); });`;
  return new Worker(code, { eval: true, workerData: spec });
}

/** The worker's answers in turn; once it has ended, every question fails at once instead of waiting. */
function answersOf(worker: Worker): () => Promise<Answer> {
  const waiting: { resolve: (answer: Answer) => void; reject: (error: Error) => void }[] = [];
  let ended: Error | null = null;
  const end = (error: Error) => {
    ended ??= error;
    for (const question of waiting.splice(0)) question.reject(error);
  };
  worker.on('message', (answer: Answer) => waiting.shift()?.resolve(answer));
  worker.on('error', end);
  worker.on('exit', (code) => end(new Error(`a crowd of phones ended (exit code ${code})`)));
  return () => (ended ? Promise.reject(ended) : new Promise<Answer>((resolve, reject) => waiting.push({ resolve, reject })));
}

/** Starts a worker and resolves once every phone in it is seated. */
export async function startCrowd(spec: CrowdSpec): Promise<Crowd> {
  const worker = crowdWorker(spec);
  const next = answersOf(worker);
  const ask = async (command: Command | null): Promise<Answer> => {
    const answer = next();
    if (command) worker.postMessage(command);
    const got = await answer;
    if (got.kind === 'failed') throw new Error(`a crowd of phones failed: ${got.error}`);
    return got;
  };
  try {
    await ask(null);
  } catch (error) {
    await worker.terminate();
    throw error;
  }
  let left = false;
  return {
    play: async (startAt) => {
      await ask({ kind: 'play', startAt });
    },
    drain: async (deadline) => {
      const answer = await ask({ kind: 'drain', deadline });
      return answer.kind === 'drain' ? answer.undrained : 0;
    },
    report: async () => {
      const answer = await ask({ kind: 'report' });
      if (answer.kind !== 'report') throw new Error(`a crowd answered ${answer.kind} to report`);
      return answer.report;
    },
    async leave() {
      if (left) return;
      left = true;
      await ask({ kind: 'leave' }).catch(() => undefined);
      await worker.terminate();
    },
  };
}

/** Requests per second since `origin` (local performance.now()). */
function requestCounter() {
  // Sparse until every second has had a request.
  const perSecond: (number | undefined)[] = [];
  let origin = Infinity;
  return {
    startAt: (local: number) => void (origin = local),
    tick: () => {
      const second = Math.max(0, Math.floor((performance.now() - origin) / 1000));
      perSecond[second] = (perSecond[second] ?? 0) + 1;
    },
    perSecond: () => Array.from(perSecond, (count) => count ?? 0),
  };
}

async function reportOf(guests: readonly PartyGuest[], requests: ReturnType<typeof requestCounter>, eventLoopP99Ms: number): Promise<CrowdReport> {
  const orders: [string, boolean][] = [];
  const phones: PhoneHeld[] = [];
  let parked = 0;
  for (const guest of guests) {
    const held = await guest.orders();
    orders.push(...held);
    phones.push({ guestId: guest.guest.id, party: guest.guest.party ?? null, orderIds: [...held.keys()] });
    parked += await guest.parked();
  }
  const trips = guests.map((guest) => guest.trips());
  const sum = <T>(items: readonly T[], pick: (item: T) => number) => items.reduce((total, item) => total + pick(item), 0);
  const flushes = guests.map((guest) => guest.flushes);
  return {
    orders,
    phones,
    parked,
    trips: {
      online: trips.flatMap((trip) => trip.online),
      catchUp: trips.flatMap((trip) => trip.catchUp),
      tappedOffline: sum(trips, (trip) => trip.tappedOffline),
      unmeasured: sum(trips, (trip) => trip.unmeasured),
    },
    flushes: {
      done: sum(flushes, (flush) => flush.done),
      failed: sum(flushes, (flush) => flush.failed),
      offlineAttempts: sum(flushes, (flush) => flush.offlineAttempts),
    },
    requestsPerSecond: requests.perSecond(),
    eventLoopP99Ms,
  };
}

/** The worker's side: seats the phones, then answers the main thread's commands in turn. */
function serveCrowd(spec: CrowdSpec, port: NonNullable<typeof parentPort>): void {
  const requests = requestCounter();
  const bar = { restUrl: spec.restUrl, anonKey: spec.anonKey, onRequest: requests.tick };
  const guests = spec.plans.map((_, index) =>
    seatGuest(bar, spec.firstNumber + index, seededRandom(spec.seed * 7 + spec.firstNumber - 1 + index), spec.joined?.[index]),
  );
  const loop = monitorEventLoopDelay({ resolution: 10 });
  const answer = async (command: Command): Promise<Answer> => {
    switch (command.kind) {
      case 'play': {
        const startedAt = localTime(command.startAt);
        requests.startAt(startedAt);
        loop.enable();
        await Promise.all(guests.map((guest, index) => guest.play(spec.plans[index] as GuestPlan, startedAt)));
        return { kind: 'played' };
      }
      case 'drain': {
        const drained = await Promise.all(guests.map((guest) => guest.drain(localTime(command.deadline))));
        loop.disable();
        return { kind: 'drain', undrained: drained.filter((done) => !done).length };
      }
      case 'report':
        return { kind: 'report', report: await reportOf(guests, requests, loop.percentile(99) / 1e6) };
      case 'leave':
        await Promise.all(guests.map((guest) => guest.leave()));
        return { kind: 'left' };
    }
  };
  port.on('message', (command: Command) => {
    answer(command).then(
      (reply) => port.postMessage(reply),
      (error: unknown) => port.postMessage({ kind: 'failed', error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
    );
  });
  port.postMessage({ kind: 'seated' });
}

if (!isMainThread && parentPort && (workerData as Partial<CrowdSpec> | null)?.plans) {
  const port = parentPort;
  try {
    serveCrowd(workerData as CrowdSpec, port);
  } catch (error: unknown) {
    port.postMessage({ kind: 'failed', error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
}

export { epochNow };
