/**
 * What each guest will do at the party, drawn up front from a seeded generator
 * so a run can be replayed: when they arrive, when they tap each order, when
 * (if ever) they reset the tab, and when their phone loses signal.
 *
 * Time: the party lasts PARTY_MINUTES on the party's clock and is played
 * `speed` times faster (today's party at SPEED: 3 party minutes take 90 s of
 * wall clock). Everything a guest does (taps, resets, offline spells) and the
 * sync backoff follow the party's clock; the page's 300 ms write debounce and
 * the network do not, so flush latencies are what a phone would really see.
 */
import { PRODUCTS } from '../../supabase/functions/_shared/menu.ts';
import type { Pick } from '../../src/tab/records.ts';

/** Today's party; a larger one passes its own to planGuest. */
export const SPEED = 2;
export const PARTY_MINUTES = 3;
export const ORDERS_PER_GUEST = 15;
/** A guest resets the tab once with this chance (about 20 resets among 200 guests). */
const RESET_CHANCE = 0.1;
/** Party seconds: guests arrive in the first 20 s and stop ordering 10 s before the end. */
const ARRIVALS_WITHIN_S = 20;
const LAST_CALL_BEFORE_END_S = 10;
/** An offline spell lasts 10 to 45 party seconds; a phone has none, one or two. */
const SPELL_S = { shortest: 10, longest: 45 };

const PARTY_MS = PARTY_MINUTES * 60_000;
const LAST_CALL_PARTY_MS = PARTY_MS - LAST_CALL_BEFORE_END_S * 1000;

/** Milliseconds of wall clock after the party starts. */
export interface Spell {
  readonly from: number;
  readonly to: number;
}

export interface Tap {
  readonly at: number;
  readonly pick: Pick;
}

export interface GuestPlan {
  readonly arriveAt: number;
  readonly taps: readonly Tap[];
  readonly resets: readonly number[];
  readonly spells: readonly Spell[];
}

/** Party time (ms) to wall time (ms). */
export const onWallClock = (partyMs: number, speed = SPEED): number => partyMs / speed;

/** The last moment anything is planned, in wall ms after the start. */
export const lastCallMs = (speed = SPEED): number => onWallClock(LAST_CALL_PARTY_MS, speed);

const between = (random: () => number, low: number, high: number) => low + random() * (high - low);

function pickFromTheBar(random: () => number): Pick {
  const product = PRODUCTS[Math.floor(random() * PRODUCTS.length)] ?? PRODUCTS[0];
  if (!product) throw new Error('the bar has nothing on its list');
  return { name: product.name, price: product.price };
}

function planTaps(random: () => number, arriveAt: number, orders: number): Tap[] {
  const times = Array.from({ length: orders }, () => between(random, arriveAt + 1000, LAST_CALL_PARTY_MS));
  return times.sort((a, b) => a - b).map((at) => ({ at, pick: pickFromTheBar(random) }));
}

/** None (50%), one (35%) or two (15%) spells, each inside its own slice of the guest's evening. */
function planSpells(random: () => number, arriveAt: number): Spell[] {
  const roll = random();
  const count = roll < 0.5 ? 0 : roll < 0.85 ? 1 : 2;
  const slice = (LAST_CALL_PARTY_MS - arriveAt) / Math.max(1, count);
  return Array.from({ length: count }, (_, index) => {
    const length = between(random, SPELL_S.shortest, SPELL_S.longest) * 1000;
    const from = between(random, arriveAt + index * slice, arriveAt + (index + 1) * slice - length);
    return { from, to: from + length };
  });
}

function planResets(random: () => number, taps: readonly Tap[]): number[] {
  if (random() >= RESET_CHANCE) return [];
  const after = taps[4]?.at ?? 0;
  const before = taps.at(-1)?.at ?? after;
  return [between(random, after, before)];
}

/** One guest's evening, in wall-clock ms after the party starts. */
export function planGuest(random: () => number, orders = ORDERS_PER_GUEST, speed = SPEED): GuestPlan {
  const arriveAt = between(random, 0, ARRIVALS_WITHIN_S * 1000);
  const taps = planTaps(random, arriveAt, orders);
  const resets = planResets(random, taps);
  const spells = planSpells(random, arriveAt);
  const wall = (partyMs: number) => onWallClock(partyMs, speed);
  return {
    arriveAt: wall(arriveAt),
    taps: taps.map((tap) => ({ at: wall(tap.at), pick: tap.pick })),
    resets: resets.map(wall),
    spells: spells.map((spell) => ({ from: wall(spell.from), to: wall(spell.to) })),
  };
}
