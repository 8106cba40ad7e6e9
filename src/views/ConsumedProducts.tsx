import { memo, useDeferredValue, useId, useLayoutEffect, useState, type RefObject, type SyntheticEvent } from 'react';
import type { Product } from '../catalogue/index.ts';
import type { PaymentLine, TransferDetails, TransferNotice } from '../party/index.ts';
import {
  amountToPay,
  NEEDS_SIGNAL,
  openCheckout,
  PAY_TEXTS,
  paymentNews,
  paymentText,
  payOffer,
  refundText,
  useSignal,
  type Payer,
} from '../payments/index.ts';
import { usePageOutbox } from '../sync/hooks.ts';
import { paymentLink, tippedTotal, useActiveOrders, useServerLines, useTabState, useTabTotal, type Order, type TabStore } from '../tab/index.ts';
import { env } from '../config/env.ts';
import { useDisclosure } from './disclosure.ts';
import { typedInto } from './fields.ts';
import { OrderList, ServerLines } from './OrderList.tsx';
import { Totals } from './Totals.tsx';
import { LaterPayByTransfer } from './later-views.ts';

/** 'Transferir' comes with its own code, only where the party takes transfers. */

interface RowActions {
  /** 'Otra': the same product again, as 'Agregar' adds it. */
  readonly onAgain: (product: Product) => void;
  /** 'Quitar': `fromKeyboard` when pressed with a key, so focus can follow. */
  readonly onRemove: (order: Order, fromKeyboard: boolean) => void;
  /** 'Sí, me uno': a claim the server answered with the share as it now is, joined. */
  readonly onJoin: (order: Order) => void;
  /** The rows are on screen as they are now (focus may follow an order that came back). */
  readonly onRowsShown: () => void;
}

/** Where 'Ir a pagar' leads (Mercado Pago's checkout, the party's page, or the build's), and whether the party is over. */
export interface PartyTerms {
  /** The party's own payment page, else the build's; null: none (never a page nobody owns). */
  readonly paymentUrl: string | null;
  /** The party named its own payment page (not the build's): with no signal for Mercado Pago, it is still offered. */
  readonly partyPage: boolean;
  /** The party is over: the tab is final, with no 'Otra', 'Quitar' or reset. */
  readonly final: boolean;
  /** The phone heard how the party is paid (now, or kept from before). */
  readonly heard: boolean;
  /** The party takes Mercado Pago: the buttons open its checkout for this guest. */
  readonly mercadoPago: boolean;
  /** What the server says is paid already, taken off what 'Ir a pagar' asks for. */
  readonly paid: number;
  /** What Mercado Pago is still processing: taken off what 'Ir a pagar' asks for too. */
  readonly pending: number;
  /** Mercado Pago's newest word on this guest's payments (rejected, in process…), null for none. */
  readonly lastPayment: string | null;
  /** Each payment and refund, as the server lists them. */
  readonly payments: readonly PaymentLine[];
  readonly refunds: readonly PaymentLine[];
  readonly payer: Payer;
  /** The party takes transfers: the host's account, and the guest's notices the server has. */
  readonly transfer: { readonly details: TransferDetails; readonly notices: readonly TransferNotice[] } | null;
}

interface ConsumedProductsProps extends RowActions {
  readonly tab: TabStore;
  readonly terms: PartyTerms;
  /** The totals and the payment buttons, which the bottom bar scrolls to. */
  readonly totalsRef: RefObject<HTMLDivElement | null>;
  /** The reset: `fromKeyboard` when pressed with a key, so focus can follow. */
  readonly onReset: (fromKeyboard: boolean) => void;
}

/**
 * View 3: what the guest has had, the totals, and the way out (pay or reset).
 * A pick renders only what it changes, in order: the totals in the tap's own
 * frame, the rows just after. This part renders again only when the tab
 * empties or gets its first order.
 */
export const ConsumedProducts = memo(function ConsumedProducts(props: ConsumedProductsProps) {
  const { tab, totalsRef, onReset, terms, ...rowActions } = props;
  const titleId = useId();
  const state = useTabState(tab);

  return (
    <section className="card consumed" aria-labelledby={titleId} aria-busy={state === 'loading'}>
      <h2 className="card-title" id={titleId}>
        Productos consumidos
      </h2>
      {state === 'empty' && <p className="empty">No has agregado productos.</p>}
      {state === 'open' && <TabRows tab={tab} final={terms.final} {...rowActions} />}
      <TabTotals tab={tab} totalsRef={totalsRef} onReset={onReset} open={state === 'open'} terms={terms} />
    </section>
  );
});

/**
 * The rows, a moment behind the totals: their render (a long tab's newest
 * block) runs after the tap's frame, and a next tap can interrupt it.
 */
function TabRows({ tab, final, onAgain, onRemove, onJoin, onRowsShown }: RowActions & { readonly tab: TabStore; readonly final: boolean }) {
  const orders = useDeferredValue(useActiveOrders(tab));
  const serverLines = useServerLines(tab);
  useLayoutEffect(onRowsShown, [orders, onRowsShown]);
  if (orders === undefined) return null;
  // Over, the tab is final: only what the server never took (a refused pick or claim, a share offered) can still go; a share
  // offered can still be joined, as claims are taken after the close.
  return (
    <>
      {orders.length > 0 &&
        (final ? (
          <OrderList orders={orders} onRemove={onRemove} onJoin={onJoin} onlyRefusedGo />
        ) : (
          <OrderList orders={orders} onAgain={onAgain} onRemove={onRemove} onJoin={onJoin} />
        ))}
      <ServerLines lines={serverLines} />
    </>
  );
}

interface TabTotalsProps {
  readonly tab: TabStore;
  readonly totalsRef: RefObject<HTMLDivElement | null>;
  readonly onReset: (fromKeyboard: boolean) => void;
  /** Orders on the tab: the payment and reset buttons show. */
  readonly open: boolean;
  readonly terms: PartyTerms;
}

/** The totals and the way to pay: what a pick renders in the tap itself. */
const TabTotals = memo(function TabTotals({ tab, totalsRef, onReset, open, terms }: TabTotalsProps) {
  const total = useTabTotal(tab);
  return (
    <div className="totals-and-pay" ref={totalsRef} tabIndex={-1}>
      <Totals total={total} />
      {open && total !== undefined && <PayAndReset tipped={tippedTotal(total)} onReset={onReset} terms={terms} />}
    </div>
  );
});

function PayAndReset({ tipped, onReset, terms }: { readonly tipped: number; readonly onReset: (fromKeyboard: boolean) => void; readonly terms: PartyTerms }) {
  const owed = Math.max(0, tipped - terms.paid);
  const online = useSignal();
  const offer = payOffer({ ...terms, backend: env.backend !== null, online, owed });
  const news = paymentNews(terms.lastPayment, owed);
  return (
    <div className="pay">
      {owed > 0 && <p className="note">Solo paga al final, cuando ya te hayas ido del bar.</p>}
      {news !== null && (
        <p className="pay-said" role="status">
          {news}
        </p>
      )}
      {offer.kind === 'mercadopago' && <PayWithMercadoPago owed={offer.amount} terms={terms} />}
      {offer.kind === 'page' && <PaymentPage tipped={tipped} paymentUrl={offer.url} />}
      {offer.kind === 'asking' && <AskingWays />}
      {offer.kind === 'no-signal' && <p className="pay-said">{NEEDS_SIGNAL}</p>}
      {offer.kind === 'no-way' && <p className="pay-said">{PAY_TEXTS.noWay}</p>}
      {offer.kind === 'in-process' && news === null && <p className="pay-said">{PAY_TEXTS.inProcess}</p>}
      {terms.transfer && owed > 0 && (
        <LaterPayByTransfer.View guestId={terms.payer.id} details={terms.transfer.details} owed={owed} notices={terms.transfer.notices} />
      )}
      <PaymentsMade payments={terms.payments} refunds={terms.refunds} />
      {!terms.final && <ResetTab onReset={onReset} />}
    </div>
  );
}

/** The party's ways are on their way: 'Ir a pagar' waits for them, never pointing anywhere meanwhile. */
function AskingWays() {
  const noteId = useId();
  return (
    <>
      <button type="button" className="button button-primary" disabled aria-describedby={noteId}>
        Ir a pagar
      </button>
      <p className="note" id={noteId} role="status">
        {PAY_TEXTS.asking}
      </p>
    </>
  );
}

/** Each payment that counts and each refund, as the server lists them: what a guest who owes nothing sees. */
function PaymentsMade({ payments, refunds }: { readonly payments: readonly PaymentLine[]; readonly refunds: readonly PaymentLine[] }) {
  if (payments.length === 0 && refunds.length === 0) return null;
  return (
    <ul className="payments-made" aria-label="Tus pagos">
      {payments.map((line) => (
        <li key={`p${line.at}${line.method}`}>{paymentText(line)}</li>
      ))}
      {refunds.map((line) => (
        <li key={`r${line.at}${line.method}`}>{refundText(line)}</li>
      ))}
    </ul>
  );
}

/** The payment page of the party (or the build's), with the tipped total in its address. */
function PaymentPage({ tipped, paymentUrl }: { readonly tipped: number; readonly paymentUrl: string }) {
  return (
    <>
      <a className="button button-primary" href={paymentLink(paymentUrl, tipped)} target="_blank" rel="noopener noreferrer">
        Ir a pagar
      </a>
      <a className="button button-secondary" href={paymentLink(paymentUrl)} target="_blank" rel="noopener noreferrer">
        Ir a pagar otro monto
      </a>
    </>
  );
}

/**
 * Mercado Pago's checkout, in a new tab: of what is still owed, or of the
 * amount typed in 'Monto a pagar'. What came in is told by the server at the
 * next contact (the paid line above the tab), never by the checkout's return.
 */
function PayWithMercadoPago({ owed, terms }: { readonly owed: number; readonly terms: PartyTerms }) {
  const signal = useSignal();
  const outbox = usePageOutbox();
  const other = useDisclosure();
  const [said, setSaid] = useState<string | null>(null);
  const [typed, setTyped] = useState('');
  const [amountError, setAmountError] = useState<string | null>(null);
  const [opening, setOpening] = useState(false);
  const fieldId = useId();
  const errorId = useId();

  // Called in the tap's own handler: the new tab opens there, so a popup blocker lets it.
  const pay = (amount: number) => {
    if (opening) return;
    setSaid(null);
    setOpening(true);
    void openCheckout(terms.payer, amount, outbox).then((answer) => {
      setSaid(answer);
      setOpening(false);
    });
  };
  const payTyped = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const read = amountToPay(typed);
    setAmountError(read.ok ? null : read.error);
    if (read.ok) pay(read.amount);
  };

  if (!signal) {
    return (
      <>
        <p className="pay-said" role="status">
          {NEEDS_SIGNAL}
        </p>
        {terms.partyPage && terms.paymentUrl && <PaymentPage tipped={owed} paymentUrl={terms.paymentUrl} />}
      </>
    );
  }
  return (
    <>
      <button type="button" className="button button-primary" aria-busy={opening} onClick={() => pay(owed)}>
        Ir a pagar
      </button>
      <button type="button" className="button button-secondary" {...other.toggle}>
        Ir a pagar otro monto
      </button>
      <form id={other.regionId} className="pay-other" hidden={!other.open} onSubmit={payTyped} noValidate>
        <label htmlFor={fieldId}>Monto a pagar</label>
        <input
          id={fieldId}
          className="text-input"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          autoComplete="off"
          aria-invalid={amountError !== null}
          aria-describedby={amountError === null ? undefined : errorId}
          {...typedInto(typed, setTyped)}
        />
        {amountError !== null && (
          <p className="name-refused" id={errorId} role="alert">
            {amountError}
          </p>
        )}
        <button type="submit" className="button button-primary" aria-busy={opening}>
          Pagar con Mercado Pago
        </button>
      </form>
      <p className="pay-said" role="status">
        {said}
      </p>
    </>
  );
}

/** Hidden behind a second button, so a guest cannot empty the tab by accident ('Deshacer' is offered after it, too). */
function ResetTab({ onReset }: { readonly onReset: (fromKeyboard: boolean) => void }) {
  const reset = useDisclosure();
  return (
    <>
      <button type="button" className="button button-quiet" {...reset.toggle}>
        {reset.open ? 'Ocultar botón resetear' : 'Mostrar botón resetear'}
      </button>
      <div id={reset.regionId} hidden={!reset.open}>
        {/* A keyboard press has detail 0; a tap or click counts its clicks. */}
        <button type="button" className="button button-danger" onClick={(event) => onReset(event.detail === 0)}>
          Estaba jugando, resetear lo consumido
        </button>
      </div>
    </>
  );
}
