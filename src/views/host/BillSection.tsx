import { useEffect, useId, useState } from 'react';
import { NO_BILL, spreadWords, useHostBill, type BillState, type HostBill, type LateOrder } from '../../host/bill-section.ts';
import { formatClock, formatPesos, keepMenu, keptMenu, useFeed, useHostMenu } from '../../host/index.ts';
import { AskFirst } from './AskFirst.tsx';
import { Figures, type Figure } from './Figures.tsx';
import { BillForm } from './BillForm.tsx';

/**
 * 'Cuenta del bar': the bar's bill against what the guests declared (their
 * active orders and claims), read again with every read of the party while the
 * section shows; what nobody declared spread over the guests or paid by the
 * host; and the form that saves the bill. Mounted once first shown.
 */
export default function BillSection({ active, code }: { readonly active: boolean; readonly code: string }) {
  const { snapshot } = useFeed();
  const state = useHostBill(active, snapshot?.receivedAt ?? null);
  const menu = useHostMenu();
  // With no signal, the list last read (a photo read in the basement still meets the list's names and prices).
  const [kept] = useState(() => keptMenu(code));
  const list = menu.menu?.items ?? kept?.items ?? [];
  useEffect(() => {
    if (menu.menu) keepMenu(code, menu.menu);
  }, [code, menu.menu]);
  const guestsWithOrders = snapshot ? snapshot.party.guests.filter((guest) => guest.orders > 0).length : null;
  return (
    <>
      <section className="card" aria-labelledby="host-bill-title" aria-busy={state.status === 'loading' && state.bill === null}>
        <h2 className="card-title" id="host-bill-title">
          La cuenta del bar y lo declarado
        </h2>
        {state.question && <AskFirst question={state.question} onAnswer={state.answer} />}
        {state.bill ? (
          <>
            <BillComparison bill={state.bill} />
            <SettleBill state={state} bill={state.bill} guests={guestsWithOrders} />
          </>
        ) : (
          <p className="note" role="status">
            {statusText(state)}
          </p>
        )}
      </section>
      <section className="card" aria-label="Guardar la cuenta del bar">
        <BillForm state={state} list={list} active={active} />
      </section>
    </>
  );
}

function statusText(state: BillState): string {
  switch (state.status) {
    case 'loading':
      return 'Cargando la cuenta del bar…';
    case 'none':
      return `${NO_BILL} Pega sus líneas o escribe su total abajo.`;
    case 'offline':
      return 'Sin señal: la comparación aparece cuando vuelva la conexión.';
    case 'failed':
    case 'ready':
      return 'La comparación aparece cuando el servidor responda.';
  }
}

/** The four figures, then per product: billed, declared and the difference. Every figure the server's. */
function BillComparison({ bill }: { readonly bill: HostBill }) {
  const rows: readonly Figure[] = [
    ['Cuenta del bar', bill.billed, ''],
    ['Declarado por los invitados', bill.declared, ''],
    ['Sin dueño', bill.withoutOwner, 'host-total-owed'],
    ['Declarado de más', bill.declaredOver, ''],
  ];
  const captionId = useId();
  return (
    <>
      <Figures rows={rows} label="Comparación" />
      {bill.settlement && (
        <p className="note host-bill-settled">
          {bill.settlement.by === 'guests'
            ? `Lo sin dueño (${formatPesos(bill.settlement.amount)}) se repartió entre los invitados: cada uno lo ve como 'Parte de lo sin dueño'.`
            : `Lo sin dueño (${formatPesos(bill.settlement.amount)}) lo paga quien organiza.`}
        </p>
      )}
      {bill.late.length > 0 && <LateOrders orders={bill.late} />}
      {bill.totalOnly ? (
        <p className="note">La cuenta se guardó solo con su total: no hay detalle por producto.</p>
      ) : (
        // Each product on two lines, so it fits a narrow phone whole (host.css): the roles are written out, as a
        // table laid out as a grid keeps them only so.
        <div className="host-bill-table-wrap">
          <table className="host-bill-table" role="table" aria-labelledby={captionId}>
            <caption id={captionId}>Por producto</caption>
            <thead role="rowgroup">
              <tr role="row">
                {['Producto', 'Cuenta', 'Declarado', 'Diferencia'].map((heading) => (
                  <th key={heading} scope="col" role="columnheader">
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody role="rowgroup">
              {bill.products.map((product) => (
                <tr key={product.product} role="row" data-difference={Math.sign(product.difference)}>
                  <th scope="row" role="rowheader">
                    {product.product}
                  </th>
                  <td className="price" role="cell">
                    {formatPesos(product.billed)}
                  </td>
                  <td className="price" role="cell">
                    {formatPesos(product.declared)}
                  </td>
                  <td className="price" role="cell">
                    {formatPesos(product.difference)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

/** 'Llegó después de repartir': orders the server took after the settlement; each lowered what was spread (or what the host pays). */
function LateOrders({ orders }: { readonly orders: readonly LateOrder[] }) {
  const titleId = useId();
  return (
    <div className="host-bill-late">
      <p className="host-label" id={titleId}>
        Llegó después de repartir
      </p>
      <ul aria-labelledby={titleId}>
        {orders.map((order, index) => (
          <li key={`${order.receivedAt}|${String(index)}`}>
            {order.productName} · <span className="price">{formatPesos(order.amount)}</span> · {order.fullName} · {formatClock(order.receivedAt)}
          </li>
        ))}
      </ul>
      <p className="note">Cada uno bajó la parte de lo sin dueño de todos: nada se cobra dos veces.</p>
    </div>
  );
}

/**
 * What nobody declared: 'Repartir lo sin dueño' (confirmed by 'Sí, repartir',
 * saying how the pesos fall) or 'Lo pago yo'. Either way 'Sin dueño' then
 * reads $0, as the server answers.
 */
function SettleBill({ state, bill, guests }: { readonly state: BillState; readonly bill: HostBill; readonly guests: number | null }) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const confirmId = useId();
  if (bill.withoutOwner === 0 && !asking && problem === null) return null;

  async function settle(by: 'guests' | 'host') {
    setBusy(true);
    setProblem(null);
    const reason = await state.change({ action: 'settle_bill', by });
    setBusy(false);
    setAsking(false);
    setProblem(reason);
  }

  return (
    <div className="host-bill-settle">
      {bill.withoutOwner > 0 && !asking && (
        <div className="host-form-buttons">
          <button type="button" className="button button-primary" disabled={busy} onClick={() => setAsking(true)}>
            Repartir lo sin dueño
          </button>
          <button type="button" className="button button-secondary" aria-busy={busy} disabled={busy} onClick={() => void settle('host')}>
            Lo pago yo
          </button>
        </div>
      )}
      {asking && (
        <div className="host-confirm" role="group" aria-labelledby={confirmId}>
          <p id={confirmId}>
            {guests === null
              ? `Se reparten ${formatPesos(bill.toSpread)} en partes iguales entre los invitados con pedidos.`
              : spreadWords(bill.toSpread, guests, formatPesos)}
          </p>
          <div className="host-form-buttons">
            <button type="button" className="button button-secondary" disabled={busy} onClick={() => setAsking(false)}>
              Cancelar
            </button>
            <button type="button" className="button button-primary" aria-busy={busy} disabled={busy} onClick={() => void settle('guests')}>
              Sí, repartir
            </button>
          </div>
        </div>
      )}
      <div aria-live="polite">{problem && <p className="host-error">{problem}</p>}</div>
    </div>
  );
}
