import { memo, useId, useState } from 'react';
import { env } from '../config/env.ts';
import { formatPesos, formatPrice, paymentLink, tabTotal, tippedTotal, type Order } from '../tab/index.ts';

interface ConsumedProductsProps {
  /** Active orders, newest first; undefined while the phone's copy is being read. */
  readonly orders: readonly Order[] | undefined;
  readonly onReset: () => void;
}

/**
 * View 3: what the guest has had, the totals, and the way out (pay or reset).
 * Memoized: the streamed comment and the sync line re-render the screen many
 * times a second, and a long tab should only render again when it changes.
 */
export const ConsumedProducts = memo(function ConsumedProducts({ orders, onReset }: ConsumedProductsProps) {
  const titleId = useId();
  const total = tabTotal(orders?.map((order) => order.product_price) ?? []);
  const tipped = tippedTotal(total);
  const hasOrders = orders !== undefined && orders.length > 0;

  return (
    <section className="card consumed" aria-labelledby={titleId} aria-busy={orders === undefined}>
      <h2 className="card-title" id={titleId}>
        Productos consumidos
      </h2>
      {orders !== undefined && !hasOrders && <p className="empty">No has agregado productos.</p>}
      {hasOrders && (
        <ul className="orders">
          {orders.map((order) => (
            <OrderRow key={order.id} name={order.product_name} price={order.product_price} rejected={order.rejected !== undefined} />
          ))}
        </ul>
      )}
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
    </section>
  );
});

interface OrderRowProps {
  readonly name: string;
  readonly price: number;
  readonly rejected: boolean;
}

/** One line of the tab. Memoized on plain values: a new pick re-renders one row, not the whole tab. */
const OrderRow = memo(function OrderRow({ name, price, rejected }: OrderRowProps) {
  return (
    <li className="order">
      <span className="order-name">
        {name}
        {rejected && <span className="order-rejected"> · no aceptado</span>}
      </span>
      <span className="price">{formatPrice(price)}</span>
    </li>
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
