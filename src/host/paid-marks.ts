/**
 * The host's paid marks as the page sees them: the taps still on the phone
 * and the server's refusals, for the rows. A tap keeps the party on screen
 * and goes out at once with the key, or before a later party read. The only
 * file that knows the marks' queue (marks.ts) and how it is built.
 */
import { createListeners, type Followed } from '../platform/index.ts';
import type { Outbox } from '../sync/index.ts';
import type { HostAnswer, HostCall } from './api.ts';
import { createMarkQueue, type MarkChange, type MarkStore, type PendingMark } from './marks.ts';

export interface PaidMarksState {
  /** Paid marks the party on screen does not show yet, oldest first. */
  readonly marks: readonly PendingMark[];
  /** Guests whose last mark the server refused, with its reason. */
  readonly refusals: ReadonlyMap<string, string>;
}

export interface PaidMarksOptions {
  readonly store: MarkStore;
  /** One request with the host's key (a refused key signs out). */
  readonly send: (call: HostCall) => Promise<HostAnswer>;
  readonly now?: (() => number) | undefined;
  /** The page's outbox (main.tsx), where the marks wait for the server; none: the queue builds its own. */
  readonly outbox?: Promise<Outbox> | null | undefined;
  /** The party on screen's code, which a mark keeps until it is sent. */
  readonly partyHere: () => string | null;
  /** A tap went out (or could not): the feed reads the party again. */
  readonly onSent: () => void;
}

export interface PaidMarks extends Followed<PaidMarksState> {
  /** Marks a guest paid (or takes it back): kept on the phone at once, sent now or when the signal returns. */
  readonly mark: (change: Omit<MarkChange, 'party'>) => void;
  /** Sends what waits, in the order of the taps (before each party read), once the backoff after a failed try ran out. */
  readonly flush: () => Promise<void>;
  /** Sends what waits now, backoff or not: the page showed again or the signal returned. */
  readonly flushNow: () => Promise<void>;
  /** 'Reintentar': the marks the server refused go back to the queue and are sent. */
  readonly retry: () => Promise<void>;
  /** Give it to `settle` with the party read asked for now. */
  readonly sentSoFar: () => number;
  /** A party read asked for when `sentSoFar()` was `sends` arrived: the marks sent by then are in it. */
  readonly settle: (sends: number) => void;
}

/** What the rows show of the marks, to tell a change from a flush that changed nothing. */
const shown = ({ marks, refusals }: PaidMarksState): string => JSON.stringify([marks, [...refusals]]);

export function createPaidMarks(options: PaidMarksOptions): PaidMarks {
  const { subscribe, notify } = createListeners();
  let state: PaidMarksState = { marks: [], refusals: new Map() };
  const queue = createMarkQueue({
    store: options.store,
    send: options.send,
    now: options.now ?? Date.now,
    outbox: options.outbox ?? null,
    // The queue tells after every flush; the rows hear only a change of what they show.
    onChange: () => {
      const next = { marks: queue.pending(), refusals: queue.refusals() };
      if (shown(next) === shown(state)) return;
      state = next;
      notify();
    },
  });
  state = { marks: queue.pending(), refusals: queue.refusals() };

  return {
    current: () => state,
    subscribe,
    mark: (change) => {
      queue.add({ ...change, party: options.partyHere() });
      void queue.flush().then(options.onSent, options.onSent);
    },
    flush: queue.flush,
    flushNow: queue.flushNow,
    retry: queue.retry,
    sentSoFar: queue.sentSoFar,
    settle: queue.settle,
  };
}
