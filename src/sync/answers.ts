/**
 * The server's answer to one send, sorted as every kind of change treats it:
 * delivered, tried again later, a project to fix, a guest whose row is
 * missing there, or refused for good. Written once so that a kind says only
 * what is its own: what it keeps of an accepted answer, how it brings a
 * missing guest back, how a refused run is split, and, as rules, where its
 * server means something else by the same code or status.
 */
import { classifyAnswer, describeAnswer, type ServerAnswer } from './classify.ts';
import type { Queued } from './entries.ts';
import { SENT, type Pass, type Step } from './kinds.ts';

export interface Answer extends ServerAnswer {
  readonly retryAfterMs?: number | undefined;
  /** The answer's own words for a person (a function's reason), kept instead of the status, code and message. */
  readonly error?: string | undefined;
  /** No answer reached the phone for want of signal (status 0): looked for on the cadence, not backed off from (signal.ts). */
  readonly noSignal?: boolean | undefined;
}

/** Where a kind's server means something else by an answer than PostgREST's tables do. */
export interface AnswerRules {
  /** More names that, in a 23503's message, say the guest's row is missing (a database function's own check). */
  readonly guestKeys?: readonly string[];
  /** Statuses that say this page cannot send now (the host's key refused): the kind's entries wait, the others go on. */
  readonly heldStatuses?: readonly number[];
  /** A 4xx with no code is refused for good (a function's refusal, with its reason), not a project to fix. */
  readonly refusedByStatus?: boolean;
  /** Codes that refuse the entry for good although their status says try later (a bound that does not lift with time). */
  readonly refusedCodes?: readonly string[];
}

export type SortedAnswer =
  | { readonly kind: 'ok' }
  | Extract<Step, { readonly kind: 'retry' | 'config' | 'held' }>
  | { readonly kind: 'guest-missing'; readonly error: string }
  | { readonly kind: 'reject'; readonly error: string };

export function sortAnswer(answer: Answer, rules: AnswerRules = {}): SortedAnswer {
  const error = answer.error ?? describeAnswer(answer);
  if (answer.code === '23503' && rules.guestKeys?.some((key) => (answer.message ?? '').includes(key))) return { kind: 'guest-missing', error };
  if (rules.heldStatuses?.includes(answer.status)) return { kind: 'held' };
  if (answer.code !== undefined && rules.refusedCodes?.includes(answer.code)) return { kind: 'reject', error };
  const verdict = classifyAnswer(answer);
  if (verdict === 'ok') return { kind: 'ok' };
  if (verdict === 'retry')
    return { kind: 'retry', retryAfterMs: answer.retryAfterMs, error, ...(answer.noSignal === true && answer.status === 0 ? { noSignal: true } : {}) };
  if (verdict === 'config') {
    const refused = rules.refusedByStatus === true && !answer.code && answer.status >= 400 && answer.status < 500;
    return refused ? { kind: 'reject', error } : { kind: 'config', error };
  }
  return verdict === 'reject' ? { kind: 'reject', error } : { kind: 'guest-missing', error };
}

/** What a kind does itself with a sorted answer; the rest is the same for every kind. */
export interface OwnAnswers {
  /** The server took it: what the kind keeps of the answer on the phone, before the entries leave (a claim's amount). */
  readonly taken?: (() => Promise<void>) | undefined;
  /** The guest's row is missing on the server. None: the entries are parked, as refused. */
  readonly guestMissing?: ((error: string) => Promise<Step>) | undefined;
  /** Refused for good. None: the entries are parked with the reason ('Reintentar' sends them again). */
  readonly refused?: ((error: string) => Promise<Step>) | undefined;
}

/** Delivers, parks or passes on the step for `entries`, as the sorted answer says. */
export async function settleAnswer(sorted: SortedAnswer, pass: Pass, entries: readonly Queued[], own: OwnAnswers = {}): Promise<Step> {
  if (sorted.kind === 'ok') {
    await own.taken?.();
    await pass.delivered(entries);
    return SENT;
  }
  if (sorted.kind === 'retry' || sorted.kind === 'config' || sorted.kind === 'held') return sorted;
  if (sorted.kind === 'guest-missing' && own.guestMissing) return own.guestMissing(sorted.error);
  if (own.refused) return own.refused(sorted.error);
  await pass.park(entries, sorted.error);
  return SENT;
}
