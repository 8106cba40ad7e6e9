import { memo } from 'react';
import type { Party } from '../../host/index.ts';
import { Figures, type Figure } from './Figures.tsx';

/** The party's sums: without tip, with tip (each guest's by the integer rule), paid, still to collect, and what is owed back. */
export const PartyTotals = memo(function PartyTotals({ party }: { readonly party: Party }) {
  const rows: readonly Figure[] = [
    ['Total de la fiesta', party.total, ''],
    ['Con propina', party.tipped, 'host-total-tipped'],
    ['Pagado', party.paid, ''],
    ['Por cobrar', party.owed, 'host-total-owed'],
    // Paid past the tabs (a re-saved bill, 'Lo pago yo', the guest of honour, two checkouts): given back from each row.
    ...(party.credit > 0 ? [['Saldo a favor', party.credit, 'host-total-credit'] as const] : []),
  ];
  return (
    <section className="card" aria-label="Totales">
      <Figures rows={rows} />
    </section>
  );
});
