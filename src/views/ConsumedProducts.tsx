import { memo, useId, useState, type RefObject } from 'react';
import type { Product } from '../catalogue/index.ts';
import { env } from '../config/env.ts';
import { formatPesos, paymentLink, tippedTotal, type Order } from '../tab/index.ts';
import { OrderList } from './OrderList.tsx';

interface ConsumedProductsProps {
  /** Active orders, newest first; undefined while the phone's copy is being read. */
  readonly orders: readonly Order[] | undefined;
  /** Sum of the orders' prices, without tip. */
  readonly total: number;
  /** The totals and the payment buttons, which the bottom bar scrolls to. */
  readonly totalsRef: RefObject<HTMLDivElement | null>;
  readonly onReset: () => void;
  /** 'Otra': the same product again, as 'Agregar' adds it. */
  readonly onAgain: (product: Product) => void;
  /** 'Quitar': `fromKeyboard` when pressed with a key, so focus can follow. */
  readonly onRemove: (order: Order, fromKeyboard: boolean) => void;
}

/**
 * View 3: what the guest has had, the totals, and the way out (pay or reset).
 * Memoized: the streamed comment and the sync line re-render the screen many
 * times a second, and a long tab should only render again when it changes.
 */
export const ConsumedProducts = memo(function ConsumedProducts(props: ConsumedProductsProps) {
  const { orders, total, totalsRef, onReset, onAgain, onRemove } = props;
  const titleId = useId();
  const tipped = tippedTotal(total);
  const hasOrders = orders !== undefined && orders.length > 0;

  return (
    <section className="card consumed" aria-labelledby={titleId} aria-busy={orders === undefined}>
      <h2 className="card-title" id={titleId}>
        Productos consumidos
      </h2>
      {orders !== undefined && !hasOrders && <p className="empty">No has agregado productos.</p>}
      {hasOrders && <OrderList orders={orders} onAgain={onAgain} onRemove={onRemove} />}
      <div className="totals-and-pay" ref={totalsRef} tabIndex={-1}>
        <dl className="totals">
          <div className="total-row">
            <dt>Total sin propina</dt>
            <dd className="price">{formatPesos(total)}</dd>
          </div>
          <div className="total-row total-tipped">
            <dt>Total con propina</dt>
            <dd className="price">{formatPesos(tipped)}</dd>
          </div>
        </dl>
        {hasOrders && <PayAndReset tipped={tipped} onReset={onReset} />}
      </div>
    </section>
  );
});

function PayAndReset({ tipped, onReset }: { readonly tipped: number; readonly onReset: () => void }) {
  const [resetShown, setResetShown] = useState(false);
  const resetId = useId();

  return (
    <div className="pay">
      <p className="note">Solo paga al final, cuando ya te hayas ido del bar.</p>
      <a className="button button-primary" href={paymentLink(env.paymentUrl, tipped)} target="_blank" rel="noopener noreferrer">
        Ir a pagar
      </a>
      <a className="button button-secondary" href={paymentLink(env.paymentUrl)} target="_blank" rel="noopener noreferrer">
        Ir a pagar otro monto
      </a>
      <button
        type="button"
        className="button button-quiet"
        aria-expanded={resetShown}
        aria-controls={resetId}
        onClick={() => setResetShown((shown) => !shown)}
      >
        {resetShown ? 'Ocultar botón resetear' : 'Mostrar botón resetear'}
      </button>
      <div id={resetId} hidden={!resetShown}>
        <button type="button" className="button button-danger" onClick={onReset}>
          Estaba jugando, resetear lo consumido
        </button>
      </div>
    </div>
  );
}
