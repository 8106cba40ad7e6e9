/**
 * 'Invitado de honor' on a guest's detail (issue 32): apart from the bill's
 * section (bill.ts), which loads only when shown.
 */
import { useCallback } from 'react';
import { useChangeThenRead } from './hooks.ts';

const HONOUR_MESSAGES = {
  offline: 'Sin señal: no se guardó nada. Intenta de nuevo cuando vuelva la conexión.',
  unknown: 'El servidor no respondió: la lista muestra lo que tiene ahora. Si no cambió, intenta de nuevo.',
} as const;

/**
 * 'Invitado de honor': sets or takes back the party's guest of honour, then
 * reads the party again so every row shows the server's totals; resolves to
 * why not, or null.
 */
export function useHonour(): (guestId: string, honoured: boolean) => Promise<string | null> {
  const change = useChangeThenRead(HONOUR_MESSAGES);
  return useCallback((guestId: string, honoured: boolean) => change({ action: 'honour', guestId, honoured }), [change]);
}
