/**
 * 'Devolver $X' and 'Marcar como devuelto' on a guest's row (issue 42): the
 * host function asks the payments function, which asks Mercado Pago and
 * records the refund only once its answer and the payment read back agree;
 * a hand refund is recorded at once. Either way the party is read again, so
 * the row says 'Devuelto $X · HH:MM · Mercado Pago' as the server holds it.
 */
import { useCallback } from 'react';
import { useHostSession } from './hooks.ts';
import { reasonOf } from './reasons.ts';

const REFUND_MESSAGES = {
  offline: 'Sin señal: no se devolvió nada. Intenta de nuevo cuando vuelva la conexión.',
  unknown: 'El servidor no respondió: la fila muestra lo que tiene ahora. Si la devolución no aparece, toca de nuevo: nunca se devuelve dos veces.',
} as const;

export type RefundWay = 'mercadopago' | 'host';

/** Gives `amount` back to the guest the way it came; resolves to why not, or null. */
export function useRefund(): (guestId: string, amount: number, way: RefundWay) => Promise<string | null> {
  const { places, feed } = useHostSession();
  return useCallback(
    async (guestId: string, amount: number, way: RefundWay) => {
      const leftOnline = navigator.onLine;
      const answer = await places.ask({ action: 'refund', guestId, amount, way });
      // Done, refused or not known: the row shows what the server holds now either way.
      await feed.read();
      if (answer.kind === 'ok') return null;
      if (answer.kind === 'refused') return reasonOf(answer);
      return answer.kind === 'offline' && !leftOnline ? REFUND_MESSAGES.offline : REFUND_MESSAGES.unknown;
    },
    [places, feed],
  );
}
