/**
 * The host's paid marks as a kind of change in the phone's outbox (sync/):
 * kept in IndexedDB at the tap, sent in the host's order with the outbox's
 * lock, backoff, parking and 'Reintentar', like a guest's orders. A mark
 * needs the host's key, which only the host's page holds: anywhere else (the
 * guest's page, the queue's worker) or signed out, marks wait in the queue.
 */
import type { PhoneDatabase } from '../db/idb.ts';
import { enqueue, settleAnswer, sortAnswer, type Answer, type AnswerRules, type OutboxKind, type Queued, type QueuedEntry, type Step } from '../sync/queue.ts';
import type { HostAnswer, HostCall } from './api.ts';

export const PAID_MARK = 'paid-mark';

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

export interface MarkEntry extends QueuedEntry {
  readonly kind: typeof PAID_MARK;
  readonly mark: MarkChange;
  readonly problem: MarkProblem | null;
}

export const isMarkChange = (value: unknown): value is MarkChange => {
  if (typeof value !== 'object' || value === null) return false;
  const mark = value as Readonly<Record<string, unknown>>;
  const amount = mark.paid === true ? Number.isSafeInteger(mark.amount) && (mark.amount as number) >= 0 : mark.paid === false && mark.amount === null;
  const party = mark.party === undefined || mark.party === null || typeof mark.party === 'string';
  return typeof mark.guestId === 'string' && party && amount;
};

const isProblem = (value: unknown): value is MarkProblem | null => value === null || value === 'offline' || value === 'failed';

/** What became of one mark's send, for the host's page to show. */
export type MarkOutcome =
  | { readonly kind: 'sent'; readonly entry: MarkEntry }
  | { readonly kind: 'refused'; readonly entry: MarkEntry; readonly error: string }
  | { readonly kind: 'waiting'; readonly entry: MarkEntry; readonly problem: MarkProblem | null };

/** The host's page while it holds a key: how a mark is sent, and who is told what became of it. */
export interface MarkSender {
  readonly send: (action: HostCall) => Promise<HostAnswer>;
  readonly told: (outcome: MarkOutcome) => void;
}

/** The one request a mark is: the function's 'paid' action sets the mark outright, so the last one decides. */
export function actionOf(mark: MarkChange): HostCall {
  const action: HostCall =
    mark.paid && mark.amount !== null
      ? { action: 'paid', guestId: mark.guestId, paid: true, amount: mark.amount }
      : { action: 'paid', guestId: mark.guestId, paid: false };
  return typeof mark.party === 'string' ? { ...action, party: mark.party } : action;
}

/**
 * The host function's answers as the outbox sorts them: a refused key (401)
 * signs the host out, so the mark waits for the next sign-in; any other
 * refusal but a busy one (408, 429) is for good, as the same request would be
 * refused again (an unknown guest, a bad amount): 'Reintentar' sends it again.
 */
const MARK_RULES: AnswerRules = { heldStatuses: [401], refusedByStatus: true };

/** What the host's page heard, in the outbox's terms: its reason kept as it is, no usable answer as status 0 (for want of signal when none came). */
function sortable(answer: HostAnswer): Answer {
  if (answer.kind === 'ok') return { status: 200 };
  if (answer.kind !== 'refused') return { status: 0, error: answer.kind, noSignal: answer.kind === 'offline' };
  const retryAfterMs = answer.retryAfterSeconds !== null ? answer.retryAfterSeconds * 1000 : undefined;
  return { status: answer.status, error: answer.error, retryAfterMs };
}

/**
 * The kind, sending through `sender` (the host's page, signed in) or holding
 * every mark when there is none. One mark per request, in the host's order.
 */
export function paidMarkKind(database: PhoneDatabase, sender: () => MarkSender | null = () => null): OutboxKind<MarkEntry> {
  return {
    names: [PAID_MARK],
    check: (entry) => {
      const raw = entry as Partial<MarkEntry>;
      return isMarkChange(raw.mark) && isProblem(raw.problem ?? null) ? (entry as MarkEntry) : 'invalid paid mark';
    },
    async send([entry], pass): Promise<Step> {
      const host = sender();
      if (!entry || !host) return { kind: 'held' };
      const answer = await host.send(actionOf(entry.mark));
      const sorted = sortAnswer(sortable(answer), MARK_RULES);
      if (sorted.kind === 'retry') {
        const problem: MarkProblem = answer.kind === 'offline' ? 'offline' : 'failed';
        await noteProblem(database, entry, problem);
        host.told({ kind: 'waiting', entry, problem });
        return sorted;
      }
      const step = await settleAnswer(sorted, pass, [entry]);
      if (sorted.kind === 'ok') host.told({ kind: 'sent', entry });
      if (sorted.kind === 'reject') host.told({ kind: 'refused', entry, error: sorted.error });
      return step;
    },
    // Sent as it was: the host's latest tap for the guest is what it says.
    retried: (_tx, entry) => Promise.resolve({ ...entry, problem: null }),
  };
}

/** The last try's problem, kept with the mark so a reload still says it. */
function noteProblem(database: PhoneDatabase, entry: Queued<MarkEntry>, problem: MarkProblem): Promise<void> {
  return database.write(['outbox'], async (tx) => {
    const kept = await tx.get('outbox', entry.seq);
    if (kept) void tx.put('outbox', { ...kept, problem } as MarkEntry);
  });
}

/** The marks waiting to be sent, in the host's order, and those the server refused (by guest, with its reason). */
export async function keptMarks(database: PhoneDatabase): Promise<{ queued: Queued<MarkEntry>[]; refused: Map<string, string> }> {
  return database.read(['outbox', 'parked'], async (tx) => {
    const queued = (await tx.getAll('outbox', { index: 'kind', only: PAID_MARK })) as Queued<MarkEntry>[];
    const refused = new Map<string, string>();
    for (const item of await tx.getAll('parked', { index: 'kind', only: PAID_MARK })) {
      const mark = (item.entry as Partial<MarkEntry> | null)?.mark;
      if (isMarkChange(mark)) refused.set(mark.guestId, item.error);
    }
    return { queued: queued.filter((entry) => isMarkChange(entry.mark)), refused };
  });
}

/**
 * The host's latest taps for these guests, queued in one transaction: each
 * replaces any mark of the guest still waiting or refused, and goes to the
 * end of the line.
 */
export function queueMarks(database: PhoneDatabase, marks: readonly { readonly change: MarkChange; readonly at: number }[]): Promise<void> {
  return database.write(['outbox', 'parked'], async (tx) => {
    const guests = new Set(marks.map(({ change }) => change.guestId));
    const ofGuests = (entry: unknown) => guests.has((entry as Partial<MarkEntry> | null)?.mark?.guestId ?? '');
    for (const entry of await tx.getAll('outbox', { index: 'kind', only: PAID_MARK }))
      if (ofGuests(entry) && entry.seq !== undefined) void tx.delete('outbox', entry.seq);
    for (const item of await tx.getAll('parked', { index: 'kind', only: PAID_MARK }))
      if (ofGuests(item.entry) && item.id !== undefined) void tx.delete('parked', item.id);
    for (const { change, at } of marks) {
      const entry: MarkEntry = { kind: PAID_MARK, queuedAt: at, mark: change, problem: null };
      await enqueue(tx, entry);
    }
  });
}
