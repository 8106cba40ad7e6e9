import { useState } from 'react';
import { formatClock, formatPesos, lineLabel, useGuestDetail, useUnclaim, type DetailState, type PartyGuest } from '../../host/index.ts';

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
 * again when their row changes and at every read of the party. A claim has
 * 'Quitar', which asks first (the guest's total changes), also after the close.
 */
export function GuestOrders({ guest }: GuestOrdersProps) {
  const version = `${guest.orders}|${guest.total}|${guest.last_order_at}|${guest.paid_at ?? ''}`;
  const state = useGuestDetail(guest.id, version);
  const unclaim = useUnclaim();
  const [asking, setAsking] = useState<string | null>(null);
  const [taking, setTaking] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const markedPaid = guest.paid_at !== null;

  async function takeBack(claimId: string) {
    setTaking(claimId);
    setProblem(null);
    setProblem(await unclaim(guest.id, claimId));
    setTaking(null);
    setAsking(null);
  }

  return (
    <div className="host-detail">
      {state.detail && (
        <ul className="orders" aria-label={`Pedidos de ${guest.full_name}`}>
          {state.detail.orders.map((order, index) => {
            const claimId = order.kind === 'claim' ? order.id : null;
            return (
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
                {claimId !== null && asking !== claimId && (
                  <button
                    type="button"
                    className="button button-quiet host-unclaim"
                    aria-label={`Quitar ${order.product_name} de la cuenta de ${guest.full_name}`}
                    onClick={() => setAsking(claimId)}
                  >
                    Quitar
                  </button>
                )}
                {claimId !== null && asking === claimId && (
                  <span className="host-unclaim-ask" role="group" aria-label={`Quitar ${order.product_name}`}>
                    <span>
                      ¿Quitar {order.product_name} de la cuenta de {guest.full_name}? Vuelve a «¿Alguien pidió esto?».
                    </span>
                    <button type="button" className="button button-danger" aria-busy={taking === claimId} onClick={() => void takeBack(claimId)}>
                      Sí, quitar
                    </button>
                    <button type="button" className="button button-quiet" onClick={() => setAsking(null)}>
                      Cancelar
                    </button>
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <p className="note" role="status">
        {statusText(state)}
      </p>
      <div aria-live="polite">{problem && <p className="host-error">{problem}</p>}</div>
    </div>
  );
}
