/**
 * One guest's phone at the party, in Node: its own IndexedDB (fake-indexeddb),
 * the app's tab functions, the real sync core over the server client, and the page
 * engine's rules for when to flush (src/sync/engine.ts itself needs a window):
 * a debounce after each local write, backoff with retryDelay after the
 * server's failure, a probe every second after a try with no signal, and a
 * flush as soon as the signal comes back (the page's `online`).
 */
import '../lib/node-phone.ts';
import { setTimeout as delay } from 'node:timers/promises';
import { BarTabDatabase, onDexie } from '../../src/db/database.ts';
import type { PhoneDatabase } from '../../src/db/idb.ts';
import type { OrderRow, UserRow } from '../../src/db/records.ts';
import { acceptGuestName } from '../../src/guest/name.ts';
import { newGuest } from '../../src/guest/parties.ts';
import type { Guest } from '../../src/guest/storage.ts';
import { inProcessLock } from '../../src/sync/lock.ts';
import { tabOutbox } from '../lib/tab-outbox.ts';
import { createFlushScheduler } from '../../src/sync/scheduler.ts';
import type { Probe } from '../../src/sync/signal.ts';
import { createSyncTransport, type SyncTransport } from '../../src/sync/transport.ts';
import type { Pick } from '../../src/tab/records.ts';
import { TabStore } from '../../src/tab/store.ts';
import type { GuestPlan } from './party-plan.ts';

export interface Bar {
  /** PostgREST itself. */
  readonly restUrl: string;
  readonly anonKey: string;
  /** Called for every request that leaves a phone with signal. */
  readonly onRequest: () => void;
}

/** Wall-clock milliseconds (performance.now()) per order. */
export interface Trips {
  /** Tap to the end of the flush that delivered it, for orders tapped with signal and delivered before any spell. */
  readonly online: number[];
  /** End of the offline spell that held the order back to the end of the flush that delivered it. */
  readonly catchUp: number[];
  /** Tapped while the phone had no signal. */
  readonly tappedOffline: number;
  /** Orders no successful insert was seen for. */
  readonly unmeasured: number;
}

/** The party a phone joined by its link (`/f/<code>`), and the name its guest typed there. */
export interface Joined {
  readonly code: string;
  readonly typedName: string;
}

export interface PartyGuest {
  /** As the page keeps it: with the party's code when the phone joined one by its link. */
  readonly guest: Guest;
  /** Plays the guest's evening; resolves after the last planned moment. */
  play(plan: GuestPlan, startedAt: number): Promise<void>;
  /** Waits (until `deadline`) for the queue to empty; true when it did. */
  drain(deadline: number): Promise<boolean>;
  /** Every order on the phone: id → active. */
  orders(): Promise<Map<string, boolean>>;
  parked(): Promise<number>;
  trips(): Trips;
  readonly flushes: { readonly done: number; readonly failed: number; readonly offlineAttempts: number };
  leave(): Promise<void>;
}

interface Signal {
  offline: boolean;
  spellsStarted: number;
  lastSpellEndAt: number | null;
  offlineAttempts: number;
}

interface Tapped {
  readonly at: number;
  readonly online: boolean;
  readonly spellsStarted: number;
}

interface Delivered {
  readonly at: number;
  readonly offline: boolean;
  readonly spellsStarted: number;
  readonly lastSpellEndAt: number | null;
}

/** The phone's fetch: fails at once without signal; PostgREST has no /rest/v1 prefix (as in bench:sync). */
function phoneFetch(bar: Bar, signal: Signal): typeof fetch {
  return (input, init) => {
    if (signal.offline) {
      signal.offlineAttempts += 1;
      return Promise.reject(new TypeError('fetch failed: no signal in the basement'));
    }
    bar.onRequest();
    const url = String(input instanceof Request ? input.url : input).replace('/__/rest/v1', '');
    return fetch(url, init);
  };
}

/** The transport, noting which orders each flush got a 201 for. */
function noteDeliveries(transport: SyncTransport, sent: Set<string>): SyncTransport {
  return {
    async insertRows(table, guestId, rows) {
      const answer = await transport.insertRows(table, guestId, rows);
      if (table === 'orders' && answer.status === 201) for (const row of rows) sent.add((row as OrderRow).id);
      return answer;
    },
    setOrdersActive: (guestId, orderIds, active) => transport.setOrdersActive(guestId, orderIds, active),
    activeOrders: (guestId) => transport.activeOrders(guestId),
    callFunction: (guestId, name, args) => transport.callFunction(guestId, name, args),
  };
}

async function sleepUntil(moment: number): Promise<void> {
  const wait = moment - performance.now();
  if (wait > 0) await delay(wait);
}

/** The guest the page makes from a typed name, in the party its link named (none: the default party). */
function guestFrom(typedName: string, party: string | null): Guest {
  const name = acceptGuestName(typedName);
  if (name === null) throw new Error(`the page would not take the name ${JSON.stringify(typedName)}`);
  return newGuest(crypto.randomUUID(), name, party);
}

/**
 * The phone's own waits (its backoff) last as long as on a real phone, however fast the party is played.
 * `joined`: the party the phone came into by its link; none, the default party.
 */
export function seatGuest(bar: Bar, number: number, random: () => number, joined?: Joined): PartyGuest {
  const guest = guestFrom(joined?.typedName ?? `Invitado ${String(number).padStart(3, '0')}`, joined?.code ?? null);
  const dexie = new BarTabDatabase(`party-${guest.id}`);
  const database = onDexie(dexie);
  const signal: Signal = { offline: false, spellsStarted: 0, lastSpellEndAt: null, offlineAttempts: 0 };
  const sent = new Set<string>();
  // As the page's (sync/hooks.ts): every request names the party kept with the guest in IndexedDB.
  const transport = noteDeliveries(
    createSyncTransport({ url: `${bar.restUrl}/__`, anonKey: bar.anonKey, fetch: phoneFetch(bar, signal), partyOf: tabOutbox(database).partyOf }),
    sent,
  );
  const tapped = new Map<string, Tapped>();
  const delivered = new Map<string, Delivered>();
  // The probe of the app's origin (src/sync/signal.ts): the bar's static host, not PostgREST, so it is not one of the bar's requests.
  const probe = () => Promise.resolve(!signal.offline);
  const engine = flushEngine({ database, transport, random, probe }, () => {
    stampDeliveries(sent, delivered, signal);
  });
  const evening = eveningOf({ database, guest, signal, engine, tapped });

  return {
    guest,
    async play(plan, startedAt) {
      for (const moment of evening(plan)) {
        await sleepUntil(startedAt + moment.at);
        await moment.act();
      }
    },
    async drain(deadline) {
      void engine.flushNow();
      while (performance.now() < deadline) {
        if (!engine.busy() && (await dexie.outbox.count()) === 0) return true;
        await delay(100);
      }
      return false;
    },
    orders: async () => new Map((await dexie.orders.toArray()).map((row) => [row.id, row.active])),
    parked: () => dexie.parked.count(),
    trips: () => tripsOf(tapped, delivered),
    get flushes() {
      return { ...engine.counts, offlineAttempts: signal.offlineAttempts };
    },
    async leave() {
      await engine.stop();
      dexie.close();
      await BarTabDatabase.delete(dexie.name);
    },
  };
}

/** Orders the flush that just ended got a 201 for are delivered now. */
function stampDeliveries(sent: Set<string>, delivered: Map<string, Delivered>, signal: Signal): void {
  const at = performance.now();
  const { offline, spellsStarted, lastSpellEndAt } = signal;
  for (const id of sent) if (!delivered.has(id)) delivered.set(id, { at, offline, spellsStarted, lastSpellEndAt });
  sent.clear();
}

interface Phone {
  readonly database: PhoneDatabase;
  readonly guest: Guest;
  readonly signal: Signal;
  readonly engine: FlushEngine;
  readonly tapped: Map<string, Tapped>;
}

interface Moment {
  readonly at: number;
  readonly act: () => Promise<void> | void;
}

/** The guest's planned moments, each doing what the page would do. */
function eveningOf(phone: Phone): (plan: GuestPlan) => Moment[] {
  const { database, guest, signal, engine } = phone;
  const tab = new TabStore(database, guest.id);
  const row: UserRow = { id: guest.id, full_name: guest.full_name };
  // The page's engine starts once the guest has a name: it queues the guest in their party, then flushes.
  const arrive = async () => {
    await tabOutbox(database).ensureGuestQueued(row, guest.party);
    void engine.flushNow();
  };
  const order = async (pick: Pick) => {
    const tap: Omit<Tapped, 'at'> = { online: !signal.offline, spellsStarted: signal.spellsStarted };
    const at = performance.now();
    const { id } = await tab.addOrder(pick);
    phone.tapped.set(id, { at, ...tap });
    engine.soon();
  };
  const reset = async () => {
    await tab.reset();
    engine.soon();
  };
  const loseSignal = () => {
    signal.offline = true;
    signal.spellsStarted += 1;
  };
  // The page's `online` trigger.
  const findSignal = () => {
    signal.offline = false;
    signal.lastSpellEndAt = performance.now();
    void engine.flushNow();
  };
  return (plan) =>
    [
      { at: plan.arriveAt, act: arrive },
      ...plan.taps.map((tap) => ({ at: tap.at, act: () => order(tap.pick) })),
      ...plan.resets.map((at) => ({ at, act: reset })),
      ...plan.spells.flatMap((spell) => [
        { at: spell.from, act: loseSignal },
        { at: spell.to, act: findSignal },
      ]),
    ].sort((a, b) => a.at - b.at);
}

function tripsOf(tapped: ReadonlyMap<string, Tapped>, delivered: ReadonlyMap<string, Delivered>): Trips {
  const trips = { online: [] as number[], catchUp: [] as number[], tappedOffline: 0, unmeasured: 0 };
  for (const [id, tap] of tapped) {
    if (!tap.online) trips.tappedOffline += 1;
    const delivery = delivered.get(id);
    if (!delivery) trips.unmeasured += 1;
    else if (tap.online && delivery.spellsStarted === tap.spellsStarted) trips.online.push(delivery.at - tap.at);
    // Sent just before the signal dropped: it got through, so it waited for no spell.
    else trips.catchUp.push(delivery.offline ? 0 : Math.max(0, delivery.at - (delivery.lastSpellEndAt ?? delivery.at)));
  }
  return trips;
}

interface FlushEngine {
  /** Flushes now, or once more after the running flush. */
  flushNow(): Promise<void>;
  /** Flushes after the page's debounce (a local write). */
  soon(): void;
  busy(): boolean;
  readonly counts: { done: number; failed: number };
  stop(): Promise<void>;
}

/** The page engine's own scheduler (src/sync/scheduler.ts), with its own waits. */
function flushEngine(
  { database, transport, random, probe }: { database: PhoneDatabase; transport: SyncTransport; random: () => number; probe: Probe },
  afterEachFlush: () => void,
): FlushEngine {
  const lock = inProcessLock();
  const counts = { done: 0, failed: 0 };
  const scheduler = createFlushScheduler({
    flush: () => tabOutbox(database).flush({ transport, lock }),
    random,
    probe,
    onOutcome: (outcome) => {
      afterEachFlush();
      if (outcome.kind === 'done') counts.done += 1;
      else counts.failed += 1;
    },
  });
  return { ...scheduler, counts };
}
