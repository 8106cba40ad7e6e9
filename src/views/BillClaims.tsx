/**
 * '¿Alguien pidió esto?': what the bar billed and nobody declared, each with
 * its price and how many are left, 'Es mío' and 'Lo compartimos'. Loaded on
 * its own, only for a guest whose party's bill has such lines.
 */
import { useId, useState } from 'react';
import { formatPesos, useActiveOrders, useServerLines, useUnclaimed, type Order, type TabStore, type UnclaimedLine } from '../tab/index.ts';

const SHARES = [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];

/** Whole units this phone claimed of a line that the server has not counted yet: the list does not offer them twice. */
function claimedHere(orders: readonly Order[], claimedThere: ReadonlySet<string>, lineId: string): number {
  return orders.filter((order) => order.bill?.line === lineId && order.bill.shares === 1 && order.rejected === undefined && !claimedThere.has(order.id)).length;
}

const leftText = (left: number) => (left === 1 ? 'Queda 1' : `Quedan ${left}`);

interface BillClaimsProps {
  readonly tab: TabStore;
  readonly onClaim: (line: UnclaimedLine, shares: number) => void;
}

export default function BillClaims({ tab, onClaim }: BillClaimsProps) {
  const titleId = useId();
  const unclaimed = useUnclaimed(tab);
  const orders = useActiveOrders(tab) ?? [];
  const claimedThere = new Set(useServerLines(tab).flatMap((line) => (line.id ? [line.id] : [])));
  if (unclaimed.length === 0) return null;
  return (
    <section className="card bill-claims" aria-labelledby={titleId}>
      <h2 className="card-title" id={titleId}>
        ¿Alguien pidió esto?
      </h2>
      <ul>
        {unclaimed.map((line) => (
          <ClaimLine key={line.line_id} line={line} left={line.units_left - claimedHere(orders, claimedThere, line.line_id)} onClaim={onClaim} />
        ))}
      </ul>
    </section>
  );
}

function ClaimLine({ line, left, onClaim }: { readonly line: UnclaimedLine; readonly left: number; readonly onClaim: BillClaimsProps['onClaim'] }) {
  const name = line.product_name;
  const open = line.open_shares.find((unit) => unit.left > 0);
  const [sharing, setSharing] = useState(false);
  const [shares, setShares] = useState(open?.shares ?? 2);
  const chooserId = useId();
  const canShare = left > 0 || open !== undefined;
  return (
    <li className="bill-claim">
      <span className="order-name">{name}</span>
      <span className="price">{formatPesos(line.unit_price)}</span>
      <span className="note">
        {leftText(Math.max(0, left))}
        {open && ` · una compartida entre ${open.shares}: ${open.left === 1 ? 'queda 1 parte' : `quedan ${open.left} partes`}`}
      </span>
      <span className="bill-claim-actions">
        <button type="button" className="button button-secondary" aria-label={`Es mío: ${name}`} disabled={left <= 0} onClick={() => onClaim(line, 1)}>
          Es mío
        </button>
        <button
          type="button"
          className="button button-quiet"
          aria-expanded={sharing}
          aria-controls={chooserId}
          disabled={!canShare}
          onClick={() => setSharing(!sharing)}
        >
          Lo compartimos
        </button>
      </span>
      <span className="bill-claim-share" id={chooserId} hidden={!sharing}>
        <label>
          Entre{' '}
          <select value={shares} onChange={(event) => setShares(Number(event.target.value))} aria-label={`Entre cuántas personas: ${name}`}>
            {SHARES.map((count) => (
              <option key={count} value={count}>
                {count}
              </option>
            ))}
          </select>{' '}
          personas
        </label>
        <button
          type="button"
          className="button button-secondary"
          aria-label={`Compartir ${name} entre ${shares}`}
          onClick={() => {
            setSharing(false);
            onClaim(line, shares);
          }}
        >
          Compartir
        </button>
      </span>
    </li>
  );
}
