/**
 * The host's paid marks as the host's page sees them: a tick shows at once
 * (the basement has no signal, and the host must not tick the same guest
 * twice) and is queued in the phone's outbox (paid-mark-kind.ts), which sends
 * the marks in the host's order with the lock, backoff, parking and
 * 'Reintentar' of a guest's orders. Only the latest mark per guest is kept.
 * A mark the server took stays on screen until a party snapshot asked for
 * after it arrives, so the row never flickers back; those are kept in
 * localStorage (MarkStore) across a reload, and never sent again. A refusal
 * (4xx) parks the mark and says why; no signal or a server error keeps it,
 * tried again after the outbox's backoff.
 */
import { phoneDatabase } from '../db/index.ts';
import { parseStoredJson } from '../platform/index.ts';
import { createOutbox, flushLock, type Outbox } from '../sync/index.ts';
import type { HostAnswer, HostCall } from './api.ts';
import {
  isMarkChange,
  keptMarks,
  paidMarkKind,
  PAID_MARK,
  queueMarks,
  type MarkChange,
  type MarkEntry,
  type MarkOutcome,
  type MarkProblem,
} from './paid-mark-kind.ts';

export { actionOf, type MarkChange, type MarkProblem } from './paid-mark-kind.ts';

export interface PendingMark extends MarkChange {
  /** The order of the host's taps, across reloads. */
  readonly seq: number;
  /** When the host tapped (ms since the epoch, this phone's clock). */
  readonly at: number;
  /** The server took it; it waits for a snapshot that shows it. */
  readonly sent: boolean;
  readonly problem: MarkProblem | null;
}

/** Where the marks the server took wait for a snapshot that shows them (and, in earlier versions, every mark waited). */
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
  /** The page's outbox (main.tsx); none: one of the queue's own over the phone's database, started here. */
  readonly outbox?: Promise<Outbox> | null;
}

export interface MarkQueue {
  readonly pending: () => readonly PendingMark[];
  /** Guests whose last mark the server refused, with its reason. */
  readonly refusals: () => ReadonlyMap<string, string>;
  readonly add: (change: MarkChange) => void;
  /** Sends what waits, unless the backoff after a failed try is still running; resolves once that flush ended. */
  readonly flush: () => Promise<void>;
  /** Sends what waits now, backoff or not: the signal or the page came back. */
  readonly flushNow: () => Promise<void>;
  /** 'Reintentar': the marks the server refused go back to the queue, and are sent. */
  readonly retry: () => Promise<void>;
  /** How many sends have succeeded on this page so far: give it to `settle` with the snapshot asked for now. */
  readonly sentSoFar: () => number;
  /** A snapshot asked for when `sentSoFar()` was `sends` arrived: the marks sent by then are in it. */
  readonly settle: (sends: number) => void;
}

/** The host's latest tap for a guest replaces any earlier one and goes to the end of the line. */
export function withMark(marks: readonly PendingMark[], change: MarkChange, at: number): PendingMark[] {
  const seq = marks.reduce((top, mark) => Math.max(top, mark.seq), 0) + 1;
  const amount = change.paid ? change.amount : null;
  return [...marks.filter((mark) => mark.guestId !== change.guestId), { ...change, amount, seq, at, sent: false, problem: null }];
}

const changeOf = ({ guestId, paid, amount, party }: MarkChange): MarkChange => ({ guestId, paid, amount, ...(party === undefined ? {} : { party }) });
const pendingOf = (entry: MarkEntry & { readonly seq: number }): PendingMark => ({
  ...changeOf(entry.mark),
  seq: entry.seq,
  at: entry.queuedAt,
  sent: false,
  problem: entry.problem,
});

/** One flusher at a time on this page too, whatever queue asks (the browser's Web Lock where it has one). */
const ownLock = flushLock();

/** An outbox of the marks' own, for a host page given none (the page's is built in main.tsx). */
function ownOutbox(): Promise<Outbox> {
  const outbox = createOutbox({ database: phoneDatabase, lock: ownLock, appVersion: '' });
  return Promise.resolve(outbox);
}

export function createMarkQueue(options: MarkQueueOptions): MarkQueue {
  const now = options.now ?? Date.now;
  const database = phoneDatabase;
  // Marks the server took, waiting for a snapshot (kept from a reload too); the rest come from the outbox below.
  let marks: readonly PendingMark[] = options.store.loadMarks().filter((mark) => mark.sent);
  let refusals: ReadonlyMap<string, string> = new Map();
  /** Per mark taken by the server on this page: how many sends had succeeded then. Marks loaded as sent count as 0. */
  const sentAt = new Map<number, number>();
  let sends = 0;
  let lastAt = 0;

  const change = (next: readonly PendingMark[], nextRefusals = refusals) => {
    marks = next;
    refusals = nextRefusals;
    options.store.saveMarks(marks.filter((mark) => mark.sent));
    options.onChange();
  };
  /** What became of a send: the mark it was, if the host has not tapped that guest again since. */
  const told = (outcome: MarkOutcome) => {
    const { guestId } = outcome.entry.mark;
    const same = (mark: PendingMark) => mark.guestId === guestId && mark.at === outcome.entry.queuedAt && !mark.sent;
    if (!marks.some(same)) return;
    if (outcome.kind === 'sent') {
      sends += 1;
      const mark = marks.find(same);
      if (mark) sentAt.set(mark.seq, sends);
      change(marks.map((kept) => (same(kept) ? { ...kept, sent: true, problem: null } : kept)));
    } else if (outcome.kind === 'refused')
      change(
        marks.filter((mark) => !same(mark)),
        new Map(refusals).set(guestId, outcome.error),
      );
    else change(marks.map((mark) => (same(mark) ? { ...mark, problem: outcome.problem } : mark)));
  };
  const sender = { send: options.send, told };
  const outbox = (options.outbox ?? ownOutbox()).then((box) => {
    box.register(paidMarkKind(database, () => sender));
    return box;
  });

  /** What the outbox keeps of the host's marks, read into what the page shows (taps made meanwhile are newer, and win). */
  const load = async () => {
    const kept = await keptMarks(database);
    const tapped = new Set(marks.filter((mark) => !mark.sent).map((mark) => mark.guestId));
    const queued = kept.queued.map(pendingOf).filter((mark) => !tapped.has(mark.guestId));
    const sentShown = marks.filter((mark) => mark.sent && !queued.some((waiting) => waiting.guestId === mark.guestId));
    const refused = new Map([...kept.refused].filter(([guestId]) => !tapped.has(guestId)));
    change([...sentShown, ...queued, ...marks.filter((mark) => !mark.sent && tapped.has(mark.guestId))], refused);
    // Marks kept from before go out now (or after their backoff), without waiting for a poll.
    if (queued.length > 0) void outbox.then((box) => box.flushIfDue()).catch(() => undefined);
  };

  /** Writes to the outbox in the host's order: each waits for the one before. */
  let writes: Promise<unknown> = (async () => {
    // Marks an earlier version kept in localStorage join the outbox (a mark queued again replaces its guest's: no double).
    const legacy = options.store.loadMarks().filter((mark) => !mark.sent && isMarkChange(mark));
    if (legacy.length > 0) {
      await queueMarks(
        database,
        legacy.map((mark) => ({ change: changeOf(mark), at: mark.at })),
      );
      options.store.saveMarks(marks);
    }
    await load();
  })().catch(() => undefined);
  const inTurn = (write: () => Promise<unknown>) => (writes = writes.then(write).catch(() => undefined));

  // Nothing waits on this page's screen: no read of the phone's database on each poll (the page's outbox sends the rest).
  const waiting = () => marks.some((mark) => !mark.sent);
  const flushWith = async (how: (box: Outbox) => Promise<void>, afterLoad: boolean) => {
    // A poll never waits for the phone's database; a refresh (the signal or the page came back) reads what it kept first.
    if (afterLoad) await writes;
    if (!waiting()) return;
    await writes;
    await how(await outbox).catch(() => undefined);
  };

  return {
    pending: () => marks,
    refusals: () => refusals,
    add: (mark) => {
      const at = (lastAt = Math.max(now(), lastAt + 1));
      const reasons = new Map(refusals);
      reasons.delete(mark.guestId);
      const next = withMark(marks, mark, at);
      change(next, reasons);
      const queued = next.at(-1);
      if (queued) void inTurn(() => queueMarks(database, [{ change: changeOf(queued), at }]));
    },
    flush: () => flushWith((box) => box.flushIfDue(), false),
    flushNow: () => flushWith((box) => box.flushNow(), true),
    retry: async () => {
      await writes;
      const box = await outbox;
      await box.retryParked({ all: true, except: box.kinds.all().flatMap((kind) => (kind.names.includes(PAID_MARK) ? [] : kind.names)) });
      await inTurn(load);
    },
    sentSoFar: () => sends,
    settle: (upTo) => {
      const shown = (mark: PendingMark) => mark.sent && (sentAt.get(mark.seq) ?? 0) <= upTo;
      if (marks.some(shown)) change(marks.filter((mark) => !shown(mark)));
    },
  };
}

const isMark = (value: unknown): value is PendingMark => {
  if (!isMarkChange(value)) return false;
  const mark = value as unknown as Readonly<Record<string, unknown>>;
  const problem = mark.problem === null || mark.problem === 'offline' || mark.problem === 'failed';
  return Number.isSafeInteger(mark.seq) && Number.isFinite(mark.at) && typeof mark.sent === 'boolean' && problem;
};

/** Marks as kept in localStorage; anything else (an older page's format, a broken write) is none. */
export function parseMarks(raw: string | null): PendingMark[] {
  const value = parseStoredJson(raw);
  return Array.isArray(value) ? value.filter(isMark) : [];
}
