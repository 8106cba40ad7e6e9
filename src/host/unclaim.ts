/**
 * 'Quitar' on a claim of the bar's bill in a guest's detail (issue 43): the
 * host takes it back for the guest, also after the party's close (when the
 * guest no longer can); the unit goes back to '¿Alguien pidió esto?' on every
 * phone, or the others who shared it pay one share fewer, to the peso.
 */
import { useCallback } from 'react';
import { useChangeThenRead, useHostSession } from './hooks.ts';
import { parseGuestDetail } from './party.ts';

const UNCLAIM_MESSAGES = {
  offline: 'Sin señal: no se quitó nada. Intenta de nuevo cuando vuelva la conexión.',
  unknown: 'El servidor no respondió: el detalle muestra lo que tiene ahora. Si sigue ahí, intenta de nuevo.',
} as const;

/** Takes the guest's claim back, then reads the party again so every row and the open detail show the server's figures; resolves to why not, or null. */
export function useUnclaim(): (guestId: string, claimId: string) => Promise<string | null> {
  const { feed } = useHostSession();
  const change = useChangeThenRead(UNCLAIM_MESSAGES);
  return useCallback(
    (guestId: string, claimId: string) =>
      change({ action: 'unclaim', guestId, claimId }, (json) => {
        // The detail as the function answered it, for when the signal goes.
        const detail = parseGuestDetail(json);
        if (detail) feed.details.set(guestId, detail);
      }),
    [change, feed],
  );
}
