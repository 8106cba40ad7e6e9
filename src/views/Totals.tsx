import { formatPesos, tippedTotal } from '../tab/index.ts';

/** The two totals every tab shows, the spec's texts: the current tab's and an earlier party's alike. */
export function Totals({ total }: { readonly total: number }) {
  return (
    <dl className="totals">
      <div className="total-row">
        <dt>Total sin propina</dt>
        <dd className="price">{formatPesos(total)}</dd>
      </div>
      <div className="total-row total-tipped">
        <dt>Total con propina</dt>
        <dd className="price">{formatPesos(tippedTotal(total))}</dd>
      </div>
    </dl>
  );
}
