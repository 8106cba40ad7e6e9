/**
 * What the host's page shows is the server's copy (the list, the bill, the ways to pay): one read of it, and one
 * change's answer, read the same way by every section. Apart from reasons.ts, so a section loaded on its own
 * brings none of the function's refusals with it.
 */
import type { HostAnswer } from './api.ts';

/** How a copy of the server's (the list, the bill, the ways to pay) stands on the page. */
export type CopyStatus = 'loading' | 'ready' | 'offline' | 'failed';

/** One read of a copy: shown when it parses; else the page says no signal, or that the server did not answer. */
export function showRead<T>(answer: HostAnswer, parse: (json: unknown) => T | null, show: (copy: T) => void): CopyStatus {
  const read = answer.kind === 'ok' ? parse(answer.json) : null;
  if (read) show(read);
  return read ? 'ready' : answer.kind === 'offline' ? 'offline' : 'failed';
}

/**
 * A change's answer: the server's new copy shown (null), or what the host is told: the function's reason, no
 * signal (only when the phone had none as it sent: nothing left), or not known, the copy then read again.
 */
export function changeAnswered<T>(
  answer: HostAnswer,
  leftOnline: boolean,
  copy: { readonly parse: (json: unknown) => T | null; readonly show: (copy: T) => void; readonly readAgain: () => void },
  words: { readonly offline: string; readonly unknown: string; readonly reason: (error: string) => string },
): string | null {
  if (showRead(answer, copy.parse, copy.show) === 'ready') return null;
  if (answer.kind === 'refused') return words.reason(answer.error);
  if (answer.kind === 'offline' && !leftOnline) return words.offline;
  copy.readAgain();
  return words.unknown;
}
