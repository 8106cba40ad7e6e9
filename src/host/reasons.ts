/** What the host reads when a request did not go through: the function's reason, or what happened on the way. */
import { hostReason } from '../../supabase/functions/_shared/host-errors.ts';
import type { HostAnswer } from './api.ts';

export const SIGN_IN_MESSAGES = {
  empty: 'Escribe la clave de anfitrión.',
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
