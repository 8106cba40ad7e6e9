import { nearProduct, rowLine, type BillRow, type ListedProduct } from '../../host/bill-section.ts';
import { formatPesos, parsePrice } from '../../host/index.ts';

interface BillRowsProps {
  readonly rows: readonly BillRow[];
  readonly list: readonly ListedProduct[];
  /** After a save was tried: every row's problem shows, not only the rows touched. */
  readonly showProblems: boolean;
  readonly onChange: (rows: readonly BillRow[]) => void;
}

/**
 * The bill's lines as rows to correct (issue 41): 'Producto', 'Cantidad' and
 * 'Precio' (one unit) as fields, the line's amount, and 'Quitar'. A row the
 * reading doubts says why; a row whose name is close to a product of the
 * party's list asks '¿Es «…»?' with 'Sí, es lo mismo', and once confirmed
 * says so, with a way back.
 */
export function BillRows({ rows, list, showProblems, onChange }: BillRowsProps) {
  const update = (key: string, fields: Partial<BillRow>) => onChange(rows.map((row) => (row.key === key ? { ...row, doubt: null, ...fields } : row)));
  return (
    <ol className="host-bill-rows">
      {rows.map((row, index) => (
        <Row
          key={row.key}
          row={row}
          number={index + 1}
          offer={nearProduct(row, list)}
          showProblem={showProblems || (row.product !== '' && row.unitPrice !== '')}
          onEdit={(fields) => update(row.key, fields)}
          onRemove={() => onChange(rows.filter((other) => other.key !== row.key))}
        />
      ))}
    </ol>
  );
}

interface RowProps {
  readonly row: BillRow;
  readonly number: number;
  readonly offer: string | null;
  readonly showProblem: boolean;
  readonly onEdit: (fields: Partial<BillRow>) => void;
  readonly onRemove: () => void;
}

function Row({ row, number, offer, showProblem, onEdit, onRemove }: RowProps) {
  const checked = rowLine(row);
  const quantity = /^\s*\d+\s*$/.test(row.quantity) ? Number(row.quantity) : null;
  const price = parsePrice(row.unitPrice);
  const amount = quantity !== null && price !== null ? quantity * price : null;
  return (
    <li className="host-bill-row" data-doubt={row.doubt !== null || undefined} data-problem={(showProblem && !checked.ok) || undefined}>
      <div className="host-bill-row-fields">
        <span className="host-bill-caption" aria-hidden="true">
          Producto
        </span>
        <p className="host-bill-row-amount price" aria-label={`Total de la línea ${number}`}>
          {amount === null ? '—' : formatPesos(amount)}
        </p>
        <label className="host-bill-field host-bill-field-product">
          <input
            className="text-input"
            aria-label={`Producto, línea ${number}`}
            autoComplete="off"
            value={row.product}
            onChange={(event) => onEdit({ product: event.target.value, sameAs: null })}
          />
        </label>
        <label className="host-bill-field host-bill-field-quantity">
          <span aria-hidden="true">Cant.</span>
          <input
            className="text-input"
            aria-label={`Cantidad, línea ${number}`}
            inputMode="numeric"
            autoComplete="off"
            value={row.quantity}
            onChange={(event) => onEdit({ quantity: event.target.value })}
          />
        </label>
        <label className="host-bill-field host-bill-field-price">
          <span aria-hidden="true">Precio</span>
          <input
            className="text-input"
            aria-label={`Precio unitario, línea ${number}`}
            inputMode="numeric"
            autoComplete="off"
            value={row.unitPrice}
            onChange={(event) => onEdit({ unitPrice: event.target.value })}
          />
        </label>
        <button type="button" className="button button-quiet host-bill-row-remove" aria-label={`Quitar línea ${number}`} onClick={onRemove}>
          Quitar
        </button>
      </div>
      {row.doubt && <p className="host-bill-row-note">{row.doubt}</p>}
      {offer && (
        <div className="host-bill-row-near">
          <p>¿Es «{offer}»?</p>
          <button type="button" className="button button-secondary" onClick={() => onEdit({ sameAs: offer })}>
            Sí, es lo mismo
          </button>
        </div>
      )}
      {row.sameAs && (
        <div className="host-bill-row-near">
          <p>Es «{row.sameAs}» de la carta.</p>
          <button type="button" className="button button-quiet" onClick={() => onEdit({ sameAs: null })}>
            No es lo mismo
          </button>
        </div>
      )}
      {showProblem && !checked.ok && <p className="host-error">{checked.problem}</p>}
    </li>
  );
}
