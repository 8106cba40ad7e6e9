/** What the host reads when a request did not go through: the function's reason, or what happened on the way. */
import { hostReason, MOVES_PAID } from '../../supabase/functions/_shared/host-errors.ts';
import type { HostAnswer } from './api.ts';

/** Why the snapshot on screen may be old. */
export type FeedProblem =
  | { readonly kind: 'offline' }
  | { readonly kind: 'failed' }
  /** The function said no for a while, e.g. too many wrong keys from this network. */
  | { readonly kind: 'refused'; readonly error: string };

export const SIGN_IN_MESSAGES = {
  empty: 'Escribe la clave para organizar.',
  offline: 'Sin señal: intenta de nuevo cuando vuelva la conexión.',
  failed: 'El servidor no respondió; intenta de nuevo en un rato.',
} as const;

/** The function's own reason for a refusal, else no signal or no answer. */
export function refusalOf(answer: HostAnswer): string {
  if (answer.kind === 'refused') return answer.error;
  return answer.kind === 'offline' ? SIGN_IN_MESSAGES.offline : SIGN_IN_MESSAGES.failed;
}

/** Why a request about a party did not go through, in the host's words (the function's 400s name the request: the host needs only the rule). */
export function reasonOf(answer: HostAnswer): string {
  return answer.kind === 'ok' ? SIGN_IN_MESSAGES.failed : hostReason(refusalOf(answer));
}

export function problemOf(answer: HostAnswer): FeedProblem {
  if (answer.kind === 'offline') return { kind: 'offline' };
  if (answer.kind === 'refused' && answer.status === 429) return { kind: 'refused', error: answer.error };
  return { kind: 'failed' };
}

/** Seconds the server asked to wait before the next read, when it refused one for a while. */
export const waitAsked = (answer: HostAnswer): number | null => (answer.kind === 'refused' ? answer.retryAfterSeconds : null);

/** A change that moves what guests who already paid owe: the question the host answers before it is sent again, confirmed. */
export interface AskFirst {
  readonly question: string;
}

/** What a change answered: done (null), why not, or the question to ask first. */
export type ChangeOutcome = string | null | AskFirst;

/** The function's 'moves_paid' refusal as the question to ask ('Esto cambia la cuenta de N invitados que ya pagaron.'). */
export function askFirstOf(answer: HostAnswer): AskFirst | null {
  return answer.kind === 'refused' && answer.code === MOVES_PAID ? { question: answer.error } : null;
}
