import { formatClock, formatPesos, lineLabel, useGuestDetail, type DetailState, type PartyGuest } from '../../host/index.ts';

interface GuestOrdersProps {
  readonly guest: PartyGuest;
}

function statusText({ status, detail }: DetailState): string {
  switch (status) {
    case 'loading':
      return 'Cargando pedidos…';
    case 'offline':
      return detail ? 'Sin señal: estos son los últimos pedidos vistos.' : 'Sin señal: los pedidos se ven cuando vuelva la conexión.';
    case 'failed':
      return 'No se pudieron cargar los pedidos; se reintenta con la próxima actualización.';
    case 'unknown':
      return 'Invitado desconocido.';
    case 'ready':
      return '';
  }
}

/**
 * A guest's tab line by line, newest first: active orders, claims on the bar's
 * bill and the server's lines ('Parte de lo sin dueño', 'Invitación a <name>',
 * the guest of honour's total taken off), each with its amount and time; asked
 * again when their row changes.
 */
export function GuestOrders({ guest }: GuestOrdersProps) {
  const version = `${guest.orders}|${guest.total}|${guest.last_order_at}|${guest.paid_at ?? ''}`;
  const state = useGuestDetail(guest.id, version);
  const markedPaid = guest.paid_at !== null;
  return (
    <div className="host-detail">
      {state.detail && (
        <ul className="orders" aria-label={`Pedidos de ${guest.full_name}`}>
          {state.detail.orders.map((order, index) => (
            <li className="order" key={order.id ?? `${order.kind}-${index}`}>
              <span className="order-name">
                {lineLabel(order)}
                <span className="host-order-time">
                  {' '}
                  · {formatClock(order.created_at)}
                  {markedPaid && !order.paid && ' · después del pago'}
                </span>
              </span>
              <span className="price">{formatPesos(order.product_price)}</span>
            </li>
          ))}
        </ul>
      )}
      <p className="note" role="status">
        {statusText(state)}
      </p>
    </div>
  );
}
