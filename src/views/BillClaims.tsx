/**
 * '¿Alguien pidió esto?': what the bar billed that this guest can still claim,
 * each with its price and what is left ('Quedan 2', 'Compartida entre 3 ·
 * faltan 2 partes'). A line already shared offers to join that share first
 * ('Unirme: somos 3', one tap); 'Es mío' and another split ('Lo compartimos')
 * only while a unit is left. Loaded on its own, only for a guest whose
 * party's bill has such lines.
 */
import { useId, useState } from 'react';
import { formatPesos, useActiveOrders, useUnclaimed, type Order, type TabStore, type UnclaimedLine } from '../tab/index.ts';

const SHARES = [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];

type OpenShare = UnclaimedLine['open_shares'][number];

/**
 * The line as the guest can claim it now: the server's count, less what this
 * phone claimed that the server had not counted when it last answered (a unit
 * of its own, or a share of an open one), so nothing is offered twice.
 */
function leftHere(
  line: UnclaimedLine,
  orders: readonly Order[],
  counted: ReadonlySet<string>,
): { readonly units: number; readonly open: OpenShare | undefined } {
  let units = line.units_left;
  const open = line.open_shares.map((unit) => ({ ...unit }));
  for (const order of orders) {
    const bill = order.bill;
    if (bill?.line !== line.line_id || order.rejected !== undefined || bill.offer !== undefined || counted.has(order.id)) continue;
    const joined = bill.shares > 1 ? open.find((unit) => unit.shares === bill.shares && unit.left > 0) : undefined;
    if (joined) joined.left = 0;
    else if (!bill.join) units -= 1;
  }
  return { units: Math.max(0, units), open: open.find((unit) => unit.left > 0) };
}

const unitsText = (left: number) => (left === 1 ? 'Queda 1' : `Quedan ${left}`);
const partsText = (left: number) => (left === 1 ? 'falta 1 parte' : `faltan ${left} partes`);

/** 'Quedan 2', 'Compartida entre 3 · faltan 2 partes', or both: 'Quedan 2 · otra compartida entre 3 · faltan 2 partes'. */
function leftLine(units: number, open: OpenShare | undefined): string {
  if (!open) return unitsText(units);
  const shared = `ompartida entre ${open.shares} · ${partsText(open.left)}`;
  return units > 0 ? `${unitsText(units)} · otra c${shared}` : `C${shared}`;
}

interface BillClaimsProps {
  readonly tab: TabStore;
  /** A claim: `shares` 1 ('Es mío') or 2 to 12; `join`: a share of the split that is there ('Unirme'), never a unit of its own. */
  readonly onClaim: (line: UnclaimedLine, shares: number, join: boolean) => void;
}

export default function BillClaims({ tab, onClaim }: BillClaimsProps) {
  const titleId = useId();
  const unclaimed = useUnclaimed(tab);
  const orders = useActiveOrders(tab) ?? [];
  // Heard with the list: the claims the server counted when it answered.
  const counted = tab.heardClaims();
  const lines = unclaimed.map((line) => ({ line, ...leftHere(line, orders, counted) })).filter(({ units, open }) => units > 0 || open);
  if (lines.length === 0) return null;
  return (
    <section className="card bill-claims" aria-labelledby={titleId}>
      <h2 className="card-title" id={titleId}>
        ¿Alguien pidió esto?
      </h2>
      <ul>
        {lines.map(({ line, units, open }) => (
          <ClaimLine key={line.line_id} line={line} units={units} open={open} onClaim={onClaim} />
        ))}
      </ul>
    </section>
  );
}

interface ClaimLineProps {
  readonly line: UnclaimedLine;
  readonly units: number;
  readonly open: OpenShare | undefined;
  readonly onClaim: BillClaimsProps['onClaim'];
}

function ClaimLine({ line, units, open, onClaim }: ClaimLineProps) {
  const name = line.product_name;
  const [sharing, setSharing] = useState(false);
  const [shares, setShares] = useState(2);
  const chooserId = useId();
  return (
    <li className="bill-claim">
      <span className="order-name">{name}</span>
      <span className="price">{formatPesos(line.unit_price)}</span>
      <span className="note">{leftLine(units, open)}</span>
      <span className="bill-claim-actions">
        {open && (
          <button
            type="button"
            className="button button-primary"
            aria-label={`Unirme: somos ${open.shares} en ${name}`}
            onClick={() => onClaim(line, open.shares, true)}
          >
            Unirme: somos {open.shares}
          </button>
        )}
        {units > 0 && (
          <>
            <button type="button" className="button button-secondary" aria-label={`Es mío: ${name}`} onClick={() => onClaim(line, 1, false)}>
              Es mío
            </button>
            <button type="button" className="button button-quiet" aria-expanded={sharing} aria-controls={chooserId} onClick={() => setSharing(!sharing)}>
              Lo compartimos
            </button>
          </>
        )}
      </span>
      {units > 0 && (
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
              onClaim(line, shares, false);
            }}
          >
            Compartir
          </button>
        </span>
      )}
    </li>
  );
}
