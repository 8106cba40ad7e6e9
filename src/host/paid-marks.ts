/**
 * The host's paid marks as the page sees them: the taps still on the phone
 * and the server's refusals, for the rows. A tap keeps the party on screen
 * and goes out at once with the key, or before a later party read. The only
 * file that knows the marks' queue (marks.ts) and how it is built.
 */
import { createListeners } from '../platform/index.ts';
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
  /** The party on screen's code, which a mark keeps until it is sent. */
  readonly partyHere: () => string | null;
  /** A tap went out (or could not): the feed reads the party again. */
  readonly onSent: () => void;
}

export interface PaidMarks {
  readonly current: () => PaidMarksState;
  readonly subscribe: (listener: () => void) => () => void;
  /** Marks a guest paid (or takes it back): kept on the phone at once, sent now or when the signal returns. */
  readonly mark: (change: Omit<MarkChange, 'party'>) => void;
  /** Sends what waits, in the order of the taps (before each party read). */
  readonly flush: () => Promise<void>;
  /** Give it to `settle` with the party read asked for now. */
  readonly sentSoFar: () => number;
  /** A party read asked for when `sentSoFar()` was `sends` arrived: the marks sent by then are in it. */
  readonly settle: (sends: number) => void;
}

export function createPaidMarks(options: PaidMarksOptions): PaidMarks {
  const { subscribe, notify } = createListeners();
  let state: PaidMarksState = { marks: [], refusals: new Map() };
  const queue = createMarkQueue({
    store: options.store,
    send: options.send,
    now: options.now ?? Date.now,
    onChange: () => {
      state = { marks: queue.pending(), refusals: queue.refusals() };
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
    sentSoFar: queue.sentSoFar,
    settle: queue.settle,
  };
}
