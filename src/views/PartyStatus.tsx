import { formatPesos, useTabTotal, type TabStore } from '../tab/index.ts';
import { paidLine, type TabStatus } from '../party/index.ts';

/**
 * What is paid on this tab: 'Pagado' with the amount, the time and, for Mercado Pago, the way; what is owed if less
 * came in, or 'Saldo a favor' when more did (a re-saved bill, the host's 'Lo pago yo', two checkouts paid): the host
 * gives it back.
 */
export function PaidMarkLine({ status, tab }: { readonly status: TabStatus | null; readonly tab: TabStore }) {
  const total = useTabTotal(tab);
  if (!status?.paid) return null;
  // Until the tab is read, what is owed is not known: only the mark shows.
  const line = paidLine(status.paid, total ?? 0);
  return (
    <p className="card paid-mark" role="status">
      Pagado {formatPesos(status.paid.amount)} · {line.time}
      {status.paid.method === 'mercadopago' && ' · Mercado Pago'}
      {total !== undefined && line.owed > 0 && <strong className="paid-mark-owed"> Debe {formatPesos(line.owed)} más</strong>}
      {total !== undefined && line.credit > 0 && <strong className="paid-mark-credit"> Saldo a favor {formatPesos(line.credit)}</strong>}
    </p>
  );
}
