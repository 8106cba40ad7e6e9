/**
 * The host's paid marks on their way to the server. A tick is kept on the
 * phone at once (the basement has no signal, and the host must not tick the
 * same guest twice), then sent in the order the host made them, one at a
 * time. Only the latest mark per guest is kept: the function's 'paid' action
 * sets the mark outright, so the last one decides. A mark the server took
 * stays on screen until a party snapshot asked for after it arrives, so the
 * row never flickers back, and it is never sent again (each send restamps
 * the time of payment). A refusal (4xx) drops the mark and says why; no
 * signal or a server error keeps it for the next try.
 */
import type { HostAction } from '../../supabase/functions/_shared/host-request.ts';
import { parseStoredJson } from '../platform/index.ts';
import type { HostAnswer, HostCall } from './api.ts';

export interface MarkChange {
  readonly guestId: string;
  readonly paid: boolean;
  /** The tipped total the host saw when ticking; null when taking the mark back. */
  readonly amount: number | null;
  /** The party's code when the owner opened one (none: the default party, or a party's own key). */
  readonly party?: string | null;
}

/** Why the last try did not reach the server. */
export type MarkProblem = 'offline' | 'failed';

export interface PendingMark extends MarkChange {
  /** The order of the host's taps, across reloads. */
  readonly seq: number;
  /** When the host tapped (ms since the epoch, this phone's clock). */
  readonly at: number;
  /** The server took it; it waits for a snapshot that shows it. */
  readonly sent: boolean;
  readonly problem: MarkProblem | null;
}

export interface MarkStore {
  loadMarks(): readonly PendingMark[];
  saveMarks(marks: readonly PendingMark[]): void;
}

export interface MarkQueueOptions {
  readonly store: MarkStore;
  /** One request with the host's key (the session's: a refused key signs out). */
  readonly send: (action: HostCall) => Promise<HostAnswer>;
  readonly now?: () => number;
  /** After every change of the marks or the refusals. */
  readonly onChange: () => void;
}

export interface MarkQueue {
  readonly pending: () => readonly PendingMark[];
  /** Guests whose last mark the server refused, with its reason. */
  readonly refusals: () => ReadonlyMap<string, string>;
  readonly add: (change: MarkChange) => void;
  /** Sends the unsent marks in order; stops at the first that cannot go now. Joins a flush under way. */
  readonly flush: () => Promise<void>;
  /** How many sends have succeeded on this page so far: give it to `settle` with the snapshot asked for now. */
  readonly sentSoFar: () => number;
  /** A snapshot asked for when `sentSoFar()` was `sends` arrived: the marks sent by then are in it. */
  readonly settle: (sends: number) => void;
}

export function actionOf(mark: MarkChange): HostCall {
  const action: HostAction =
    mark.paid && mark.amount !== null
      ? { action: 'paid', guestId: mark.guestId, paid: true, amount: mark.amount }
      : { action: 'paid', guestId: mark.guestId, paid: false };
  return typeof mark.party === 'string' ? { ...action, party: mark.party } : action;
}

/** The host's latest tap for a guest replaces any earlier one and goes to the end of the line. */
export function withMark(marks: readonly PendingMark[], change: MarkChange, at: number): PendingMark[] {
  const seq = marks.reduce((top, mark) => Math.max(top, mark.seq), 0) + 1;
  const amount = change.paid ? change.amount : null;
  return [...marks.filter((mark) => mark.guestId !== change.guestId), { ...change, amount, seq, at, sent: false, problem: null }];
}

export function createMarkQueue(options: MarkQueueOptions): MarkQueue {
  const now = options.now ?? Date.now;
  let marks: readonly PendingMark[] = options.store.loadMarks();
  let refusals: ReadonlyMap<string, string> = new Map();
  /** Per mark taken by the server on this page: how many sends had succeeded then. Marks loaded as sent count as 0. */
  const sentAt = new Map<number, number>();
  let sends = 0;
  let running: Promise<void> | null = null;

  const change = (next: readonly PendingMark[], nextRefusals = refusals) => {
    marks = next;
    refusals = nextRefusals;
    options.store.saveMarks(marks);
    options.onChange();
  };
  /** Changes the mark `seq` if the host has not replaced it meanwhile. */
  const update = (seq: number, edit: (mark: PendingMark) => PendingMark | null) =>
    change(marks.flatMap((mark) => (mark.seq === seq ? (edit(mark) ?? []) : [mark])));

  /** One send; false when the line must wait (no signal, server down, key refused). */
  async function sendOne(mark: PendingMark): Promise<boolean> {
    const answer = await options.send(actionOf(mark));
    if (answer.kind === 'ok') {
      sentAt.set(mark.seq, ++sends);
      update(mark.seq, (kept) => ({ ...kept, sent: true, problem: null }));
      return true;
    }
    if (answer.kind === 'refused' && answer.status !== 401) {
      // Not retried: the same request would be refused again (an unknown guest, a bad amount).
      const reasons = new Map(refusals).set(mark.guestId, answer.error);
      change(
        marks.filter((kept) => kept.seq !== mark.seq),
        reasons,
      );
      return true;
    }
    // A 401 signs the host out in the session; the mark waits for the next sign-in.
    const problem: MarkProblem = answer.kind === 'offline' ? 'offline' : 'failed';
    update(mark.seq, (kept) => ({ ...kept, problem: answer.kind === 'refused' ? kept.problem : problem }));
    return false;
  }

  async function drain(): Promise<void> {
    for (;;) {
      const next = marks.find((mark) => !mark.sent);
      if (!next || !(await sendOne(next))) return;
    }
  }

  return {
    pending: () => marks,
    refusals: () => refusals,
    add: (mark) => {
      const reasons = new Map(refusals);
      reasons.delete(mark.guestId);
      change(withMark(marks, mark, now()), reasons);
    },
    flush: () => (running ??= drain().finally(() => (running = null))),
    sentSoFar: () => sends,
    settle: (upTo) => {
      const shown = (mark: PendingMark) => mark.sent && (sentAt.get(mark.seq) ?? 0) <= upTo;
      if (marks.some(shown)) change(marks.filter((mark) => !shown(mark)));
    },
  };
}

const isMark = (value: unknown): value is PendingMark => {
  if (typeof value !== 'object' || value === null) return false;
  const mark = value as Readonly<Record<string, unknown>>;
  const amount = mark.paid === true ? Number.isSafeInteger(mark.amount) && (mark.amount as number) >= 0 : mark.paid === false && mark.amount === null;
  const problem = mark.problem === null || mark.problem === 'offline' || mark.problem === 'failed';
  const party = mark.party === undefined || mark.party === null || typeof mark.party === 'string';
  return (
    typeof mark.guestId === 'string' &&
    party &&
    amount &&
    Number.isSafeInteger(mark.seq) &&
    Number.isFinite(mark.at) &&
    typeof mark.sent === 'boolean' &&
    problem
  );
};

/** Marks as kept in localStorage; anything else (an older page's format, a broken write) is none. */
export function parseMarks(raw: string | null): PendingMark[] {
  const value = parseStoredJson(raw);
  return Array.isArray(value) ? value.filter(isMark) : [];
}
