import { useEffect, useState } from 'react';
import { env } from '../config/env.ts';
import { lookUpParty } from './lookup.ts';
import { rememberPartyName } from './names.ts';

/** What the phone knows of a link's party: being asked, found (open or over), no party has the code, or no way to ask now. */
export type PartyCheck = 'checking' | 'found' | 'closed' | 'unknown' | 'unreachable';

/**
 * Asks the server about party `code` once, when there is a signal; with none
 * (or no server configured) the phone cannot know, and says so at once. A
 * found party's name is kept for 'Fiestas anteriores'. Null code: nothing asked.
 */
export function usePartyCheck(code: string | null): PartyCheck | null {
  const [answer, setAnswer] = useState<{ readonly code: string; readonly check: PartyCheck }>();
  const backend = env.backend;
  const askable = code !== null && backend !== null && navigator.onLine;
  useEffect(() => {
    if (!askable) return undefined;
    let current = true;
    void lookUpParty(backend, code).then((found) => {
      if (found !== null && found !== 'unreachable') rememberPartyName(code, found.name);
      const check: PartyCheck = found === null ? 'unknown' : found === 'unreachable' ? 'unreachable' : found.closed_at ? 'closed' : 'found';
      if (current) setAnswer({ code, check });
    });
    return () => {
      current = false;
    };
  }, [askable, backend, code]);
  if (code === null) return null;
  if (answer?.code === code) return answer.check;
  return askable ? 'checking' : 'unreachable';
}
