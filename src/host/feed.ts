/**
 * The party on screen as the server last said it, and the rhythm that keeps
 * it fresh: every few seconds while the page is visible, each read after the
 * paid marks waiting on the phone went out. With no signal the snapshot stays,
 * with its age and why; it is only ever shown for its own party. On the
 * owner's list, the same rhythm reads the list.
 */
import { createListeners, type Followed } from '../platform/index.ts';
import type { Account } from './account.ts';
import type { HostAnswer } from './api.ts';
import type { PaidMarks } from './paid-marks.ts';
import { parseParties } from './parties.ts';
import { parseParty, type GuestDetail } from './party.ts';
import type { Places } from './places.ts';
import { createPoll } from './poll.ts';
import { problemOf, reasonOf, waitAsked, type FeedProblem } from './reasons.ts';
import type { HostStore, Place, Snapshot } from './storage.ts';

export interface FeedState {
  readonly snapshot: Snapshot | null;
  readonly problem: FeedProblem | null;
}

export interface FeedOptions {
  readonly account: Account;
  readonly places: Places;
  readonly marks: Pick<PaidMarks, 'flush' | 'flushNow' | 'sentSoFar' | 'settle'>;
  readonly store: Pick<HostStore, 'loadSnapshot' | 'saveSnapshot'>;
  readonly now?: (() => number) | undefined;
  /** Between the end of one refresh and the next (3 s: the page is never more than 5 s behind). */
  readonly pollMs?: number | undefined;
  /** False while the page is hidden: no requests then. */
  readonly isVisible?: (() => boolean) | undefined;
}

export interface Feed extends Followed<FeedState> {
  /** Refreshes now, waiting marks first whatever their backoff (the page became visible, the signal came back). */
  readonly refresh: () => Promise<void>;
  /** Reads the party now (a mark just went, or could not): marks wait for their backoff. */
  readonly read: () => Promise<void>;
  /** Starts the rhythm; returns its stop. */
  readonly start: () => () => void;
  /** Keeps the party a new key's sign-in read; the rhythm counts from now. */
  readonly signedIn: (first: HostAnswer) => void;
  /** The host went elsewhere: what was kept of that place, and a read now. */
  readonly moved: () => void;
  /** 'Salir': nothing of the key's parties stays on screen. */
  readonly forget: () => void;
  /** Closes the party on screen; resolves to why not, else null. */
  readonly closeParty: () => Promise<string | null>;
  /** Guests' orders seen on this party's page, for when the signal goes. */
  readonly details: Map<string, GuestDetail>;
}

export const POLL_MS = 3000;

export function createFeed(options: FeedOptions): Feed {
  const { account, places, marks, store } = options;
  const now = options.now ?? Date.now;
  /** The snapshot kept on the phone, if it is of the party at `place` (never party A's shown as party B's). */
  const keptSnapshot = (place: Place): Snapshot | null => {
    const snapshot = account.key() === null || place.view !== 'party' ? null : store.loadSnapshot();
    return snapshot && place.view === 'party' && snapshot.code === place.code ? snapshot : null;
  };
  let state: FeedState = { snapshot: keptSnapshot(places.current().place), problem: null };
  const { subscribe, notify } = createListeners();
  const update = (change: Partial<FeedState>) => {
    state = { ...state, ...change };
    notify();
  };
  const details = new Map<string, GuestDetail>();

  /** Keeps a party answer (asked for when `sends` marks had been sent); false when it was not one. */
  const keep = (answer: HostAnswer, sends: number, code: string | null): boolean => {
    const party = answer.kind === 'ok' ? parseParty(answer.json) : null;
    if (!party) return false;
    const snapshot = { party, receivedAt: now(), code };
    store.saveSnapshot(snapshot);
    update({ snapshot, problem: null });
    marks.settle(sends);
    return true;
  };

  async function refreshOnce(): Promise<number | null> {
    if (account.key() === null) return null;
    await marks.flush();
    const key = account.key();
    if (key === null) return null; // The key was refused while sending marks.
    if (account.current().role === null) await places.learnRole();
    const place = places.current().place;
    if (place.view === 'parties') return refreshList(key);
    const sends = marks.sentSoFar();
    const answer = await places.ask({ action: 'party' });
    // Signed out (or in again) meanwhile, or the host went to another party: this answer is stale.
    if (account.key() !== key || places.current().place !== place) return null;
    if (!keep(answer, sends, place.code)) update({ problem: problemOf(answer) });
    return waitAsked(answer);
  }

  async function refreshList(key: string): Promise<number | null> {
    const answer = await account.ask({ action: 'parties' });
    if (account.key() !== key || places.current().place.view !== 'parties') return null;
    const parties = answer.kind === 'ok' ? parseParties(answer.json) : null;
    if (parties) places.keepList(parties);
    if (!parties || state.problem !== null) update({ problem: parties ? null : problemOf(answer) });
    return waitAsked(answer);
  }

  const poll = createPoll({ pollMs: options.pollMs ?? POLL_MS, isVisible: options.isVisible ?? (() => true), fetchParty: refreshOnce });

  return {
    current: () => state,
    subscribe,
    refresh: () => marks.flushNow().then(() => poll.now()),
    read: () => poll.now(),
    start: () => poll.start(),
    signedIn: (first) => {
      keep(first, 0, null);
      poll.soon();
    },
    moved: () => {
      details.clear();
      update({ snapshot: keptSnapshot(places.current().place), problem: null });
      void poll.now();
    },
    forget: () => {
      details.clear();
      update({ snapshot: null, problem: null });
    },
    closeParty: async () => {
      const answer = await places.ask({ action: 'close_party' });
      await poll.now();
      return answer.kind === 'ok' ? null : reasonOf(answer);
    },
    details,
  };
}
