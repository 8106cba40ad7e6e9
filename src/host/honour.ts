/**
 * 'Invitado de honor' on a guest's detail (issue 32): apart from the bill's
 * section (bill.ts), which loads only when shown.
 */
import { useCallback } from 'react';
import { useHostSession } from './hooks.ts';
import { askFirstOf, reasonOf, type ChangeOutcome } from './reasons.ts';

const HONOUR_MESSAGES = {
  offline: 'Sin señal: no se guardó nada. Intenta de nuevo cuando vuelva la conexión.',
  unknown: 'El servidor no respondió: la lista muestra lo que tiene ahora. Si no cambió, intenta de nuevo.',
} as const;

/**
 * 'Invitado de honor': sets or takes back the party's guest of honour, then
 * reads the party again so every row shows the server's totals; resolves to
 * why not, the question to ask first when it moves what paid guests owe
 * (sent again with `confirm` after 'Sí, cambiar'), or null.
 */
export function useHonour(): (guestId: string, honoured: boolean, confirm?: boolean) => Promise<ChangeOutcome> {
  const { places, feed } = useHostSession();
  return useCallback(
    async (guestId: string, honoured: boolean, confirm = false) => {
      const leftOnline = navigator.onLine;
      const answer = await places.ask({ action: 'honour', guestId, honoured, ...(confirm ? { confirm: true } : {}) });
      const ask = askFirstOf(answer);
      if (ask) return ask;
      if (answer.kind === 'refused') return reasonOf(answer);
      if (answer.kind === 'offline' && !leftOnline) return HONOUR_MESSAGES.offline;
      // Done, or not known: either way the rows show what the server holds now.
      await feed.read();
      return answer.kind === 'ok' ? null : HONOUR_MESSAGES.unknown;
    },
    [places, feed],
  );
}
