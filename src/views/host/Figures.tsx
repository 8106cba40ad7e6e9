import { formatPesos } from '../../host/index.ts';

/** A figure: its label, the server's amount, and a class that marks it ('' for none). */
export type Figure = readonly [label: string, amount: number, className: string];

/** Totals two by two, each label over its amount as `$4.400`: the party's, the bill's comparison. */
export function Figures({ rows, label }: { readonly rows: readonly Figure[]; readonly label?: string }) {
  return (
    <dl className="totals host-totals" aria-label={label}>
      {rows.map(([name, amount, className]) => (
        <div key={name} className={`total-row ${className}`}>
          <dt>{name}</dt>
          <dd className="price">{formatPesos(amount)}</dd>
        </div>
      ))}
    </dl>
  );
}
