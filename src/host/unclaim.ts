/**
 * 'Quitar' on a claim of the bar's bill in a guest's detail (issue 43): the
 * host takes it back for the guest, also after the party's close (when the
 * guest no longer can); the unit goes back to '¿Alguien pidió esto?' on every
 * phone, or the others who shared it pay one share fewer, to the peso.
 */
import { useCallback } from 'react';
import { useHostSession } from './hooks.ts';
import { parseGuestDetail } from './party.ts';
import { reasonOf } from './reasons.ts';

const UNCLAIM_MESSAGES = {
  offline: 'Sin señal: no se quitó nada. Intenta de nuevo cuando vuelva la conexión.',
  unknown: 'El servidor no respondió: el detalle muestra lo que tiene ahora. Si sigue ahí, intenta de nuevo.',
} as const;

/** Takes the guest's claim back, then reads the party again so every row and the open detail show the server's figures; resolves to why not, or null. */
export function useUnclaim(): (guestId: string, claimId: string) => Promise<string | null> {
  const { places, feed } = useHostSession();
  return useCallback(
    async (guestId: string, claimId: string) => {
      const leftOnline = navigator.onLine;
      const answer = await places.ask({ action: 'unclaim', guestId, claimId });
      if (answer.kind === 'refused') return reasonOf(answer);
      if (answer.kind === 'offline' && !leftOnline) return UNCLAIM_MESSAGES.offline;
      const detail = answer.kind === 'ok' ? parseGuestDetail(answer.json) : null;
      if (detail) feed.details.set(guestId, detail);
      // Done, or not known: either way the page shows what the server holds now.
      await feed.read();
      return answer.kind === 'ok' ? null : UNCLAIM_MESSAGES.unknown;
    },
    [places, feed],
  );
}
