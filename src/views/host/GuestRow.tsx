import { memo, useState } from 'react';
import {
  formatClock,
  formatPesos,
  owesMore,
  productCount,
  refundsDue,
  useHostSession,
  useRefund,
  type PartyGuest,
  type PendingMark,
  type RefundLine,
  type TransferNotice,
} from '../../host/index.ts';
import { useDisclosure } from '../disclosure.ts';
import { GuestOrders } from './GuestOrders.tsx';
import { HonourRefusal, HonourStar, useHonourToggle } from './HonourToggle.tsx';
import { PaidToggle } from './PaidToggle.tsx';

interface GuestRowProps {
  /** With the host's pending mark applied. */
  readonly guest: PartyGuest;
  readonly mark: PendingMark | undefined;
  /** Why the server refused the host's last mark for this guest. */
  readonly refusal: string | undefined;
  /** 'Recordar a <name>': WhatsApp with what the guest still owes; none when they owe nothing. */
  readonly reminder?: string | undefined;
  /** The party's guest of honour: their tab the party pays. */
  readonly honoured?: boolean;
}

const FIELDS = [
  'id',
  'full_name',
  'orders',
  'total',
  'tipped',
  'last_order_at',
  'paid_amount',
  'paid_at',
  'mark_amount',
  'mark_at',
  'provider_amount',
  'provider_at',
  'credit',
  'refundable',
  'refund_asked',
] as const;

const sameRefunds = (before: readonly RefundLine[], after: readonly RefundLine[]) =>
  before.length === after.length && before.every((line, index) => line.amount === after.at(index)?.amount && line.at === after.at(index)?.at);

const sameNotice = (before: TransferNotice | null, after: TransferNotice | null) =>
  before === after || (before !== null && after !== null && before.amount === after.amount && before.at === after.at);

/** Every refresh brings new objects: a row renders again only when its guest or its mark changed. */
const sameRow = (before: GuestRowProps, after: GuestRowProps) =>
  before.mark === after.mark &&
  before.refusal === after.refusal &&
  before.reminder === after.reminder &&
  before.honoured === after.honoured &&
  FIELDS.every((field) => before.guest[field] === after.guest[field]) &&
  sameNotice(before.guest.transfer_notice, after.guest.transfer_notice) &&
  sameRefunds(before.guest.refunds, after.guest.refunds);

/** One guest: name (tap for their tab), the guest of honour's star and the paid toggle, count, last tap, totals, how they paid, what is still owed and a reminder of it. */
export const GuestRow = memo(function GuestRow({ guest, mark, refusal, reminder, honoured = false }: GuestRowProps) {
  const detail = useDisclosure();
  const honour = useHonourToggle(guest, honoured);
  return (
    <li className="host-guest">
      <div className="host-guest-head">
        <button type="button" className="host-guest-name" {...detail.toggle}>
          {guest.full_name}
          <span className="host-caret" aria-hidden="true">
            {/* Bound to the name's last word: never a line of its own. */}
            {detail.open ? '\u00a0▾' : '\u00a0▸'}
          </span>
        </button>
        <div className="host-guest-marks">
          <HonourStar honour={honour} />
          <PaidToggle guest={guest} mark={mark} />
        </div>
      </div>
      <HonourRefusal honour={honour} />
      <p className="host-guest-meta">
        {guest.last_order_at === null ? 'Sin pedidos en su cuenta' : `${productCount(guest.orders)} · último pedido ${formatClock(guest.last_order_at)}`}
        {honoured && <span className="host-honoured"> · Invitado de honor: la fiesta paga su cuenta</span>}
      </p>
      <p className="host-guest-amounts">
        <span className="host-amount">
          <span className="price">{formatPesos(guest.total)}</span> s/propina
        </span>{' '}
        {/* The dot goes with the second amount: never a line of its own. */}
        <span className="host-amount">
          · <span className="price host-tipped">{formatPesos(guest.tipped)}</span> c/propina
        </span>
      </p>
      {reminder && (
        // 'Recordar' beside the amounts; its name says whom (the row's head already shows it), starting with the word on screen.
        <a className="button button-quiet host-remind" href={reminder} target="_blank" rel="noopener noreferrer" aria-label={`Recordar a ${guest.full_name}`}>
          Recordar
        </a>
      )}
      <PaidNote guest={guest} />
      <MoneyBack guest={guest} />

      <MarkStatus name={guest.full_name} mark={mark} refusal={refusal} />
      <div id={detail.regionId} hidden={!detail.open}>
        {detail.open && <GuestOrders guest={guest} />}
      </div>
    </li>
  );
}, sameRow);

/**
 * How the guest paid, each way on its line: what Mercado Pago brought in, the
 * host's own mark, a transfer the guest said they made (a notice: the host
 * confirms it with the toggle), and what is still owed by the one rule.
 */
function PaidNote({ guest }: { readonly guest: PartyGuest }) {
  const owes = owesMore(guest);
  const notice = guest.transfer_notice;
  const byMercadoPago = guest.provider_amount ?? 0;
  // A tick after Mercado Pago covered it all marks $0: the Mercado Pago line already says it.
  const marked = guest.mark_amount !== null && (guest.mark_amount > 0 || byMercadoPago === 0);
  return (
    <>
      {byMercadoPago > 0 && <p className="host-paid-note host-paid-provider">Pagó con Mercado Pago {formatPesos(byMercadoPago)}</p>}
      {notice && (
        <p className="host-transfer-notice" data-owes={owes !== 0 || undefined}>
          Avisó que transfirió {formatPesos(notice.amount)} · {formatClock(notice.at)}
        </p>
      )}
      {owes !== null && owes > 0 && <p className="host-owes">Debe {formatPesos(owes)} más</p>}
      {owes === 0 && marked && guest.mark_at !== null && (
        <p className="host-paid-note">
          Pagó {formatPesos(guest.mark_amount)} a las {formatClock(guest.mark_at)}
        </p>
      )}
    </>
  );
}

/**
 * 'Saldo a favor $X' (paid past the tab with tip) and how it goes back: 'Devolver $X' for what came through Mercado
 * Pago (the payments function asks it for a refund), 'Marcar como devuelto' for money paid otherwise, given back by
 * hand; then each refund, 'Devuelto $X · HH:MM · Mercado Pago'.
 */
function MoneyBack({ guest }: { readonly guest: PartyGuest }) {
  const refund = useRefund();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const due = refundsDue(guest);
  async function giveBack(amount: number, way: 'mercadopago' | 'host') {
    if (busy) return;
    setBusy(true);
    setProblem(null);
    setProblem(await refund(guest.id, amount, way));
    setBusy(false);
  }
  if (guest.credit === 0 && guest.refund_asked === 0 && guest.refunds.length === 0 && problem === null) return null;
  return (
    <div className="host-money-back">
      {guest.credit > 0 && <p className="host-credit">Saldo a favor {formatPesos(guest.credit)}</p>}
      {guest.refunds.map((line) => (
        <p key={`${line.at}|${line.method}`} className="host-paid-note host-refunded">
          Devuelto {formatPesos(line.amount)} · {formatClock(line.at)} · {line.method === 'mercadopago' ? 'Mercado Pago' : 'a mano'}
        </p>
      ))}
      {(due.mercadoPago > 0 || due.byHand > 0) && (
        <div className="host-form-buttons">
          {due.mercadoPago > 0 && (
            <button
              type="button"
              className="button button-secondary"
              aria-busy={busy}
              disabled={busy}
              aria-label={`Devolver ${formatPesos(due.mercadoPago)} a ${guest.full_name}`}
              onClick={() => void giveBack(due.mercadoPago, 'mercadopago')}
            >
              Devolver {formatPesos(due.mercadoPago)}
            </button>
          )}
          {due.byHand > 0 && (
            <button
              type="button"
              className="button button-quiet"
              disabled={busy}
              aria-label={`Marcar como devuelto ${formatPesos(due.byHand)} a ${guest.full_name}`}
              onClick={() => void giveBack(due.byHand, 'host')}
            >
              Marcar como devuelto
            </button>
          )}
        </div>
      )}
      <div aria-live="polite">{problem && <p className="host-error">{problem}</p>}</div>
    </div>
  );
}

const WAITING_TEXT = {
  offline: 'Se enviará cuando vuelva la señal.',
  failed: 'El servidor no respondió; se reintenta solo.',
} as const;

/** A mark still on the phone, or one the server refused: on a line of its own, under the row, never beside the name. */
function MarkStatus({ name, mark, refusal }: { readonly name: string; readonly mark: PendingMark | undefined; readonly refusal: string | undefined }) {
  const { paidMarks } = useHostSession();
  if (refusal !== undefined) {
    // The refused mark stays parked on the phone, as a guest's refused order does, until the host asks again.
    return (
      <div className="host-mark-refused">
        <p className="host-error" role="alert">
          No se guardó la marca: {refusal}
        </p>
        <button type="button" className="button button-quiet" aria-label={`Reintentar la marca de ${name}`} onClick={() => void paidMarks.retry()}>
          Reintentar
        </button>
      </div>
    );
  }
  if (!mark || mark.sent || mark.problem === null) return null;
  return (
    <p className="host-mark-waiting" role="status">
      {WAITING_TEXT[mark.problem]}
    </p>
  );
}
