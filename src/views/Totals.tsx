import { formatPesos, tippedTotal } from '../tab/index.ts';

/**
 * The two totals every tab shows, the spec's texts: the current tab's and an
 * earlier party's alike. Until the stored tab is read (`total` undefined) the
 * rows keep their place with no figure: never one the phone does not hold.
 */
export function Totals({ total }: { readonly total: number | undefined }) {
  return (
    <dl className="totals">
      <div className="total-row">
        <dt>Total sin propina</dt>
        <dd className="price">{total === undefined ? '' : formatPesos(total)}</dd>
      </div>
      <div className="total-row total-tipped">
        <dt>Total con propina</dt>
        <dd className="price">{total === undefined ? '' : formatPesos(tippedTotal(total))}</dd>
      </div>
    </dl>
  );
}
