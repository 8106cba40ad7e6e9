import { memo } from 'react';
import { formatClock, formatPesos, owesMore, useHostSession, productCount, type PartyGuest, type PendingMark } from '../../host/index.ts';
import { useDisclosure } from '../disclosure.ts';
import { GuestOrders } from './GuestOrders.tsx';
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

const FIELDS = ['id', 'full_name', 'orders', 'total', 'tipped', 'last_order_at', 'paid_amount', 'paid_at'] as const;

/** Every refresh brings new objects: a row renders again only when its guest or its mark changed. */
const sameRow = (before: GuestRowProps, after: GuestRowProps) =>
  before.mark === after.mark &&
  before.refusal === after.refusal &&
  before.reminder === after.reminder &&
  before.honoured === after.honoured &&
  FIELDS.every((field) => before.guest[field] === after.guest[field]);

/** One guest: name (tap for their tab and the guest of honour's toggle), count, last tap, totals, the paid toggle, what is still owed and a reminder of it. */
export const GuestRow = memo(function GuestRow({ guest, mark, refusal, reminder, honoured = false }: GuestRowProps) {
  const detail = useDisclosure();
  return (
    <li className="host-guest" data-remind={reminder ? true : undefined}>
      <div className="host-guest-head">
        <button type="button" className="host-guest-name" {...detail.toggle}>
          {guest.full_name}
          <span className="host-caret" aria-hidden="true">
            {detail.open ? ' ▾' : ' ▸'}
          </span>
        </button>
        <PaidToggle guest={guest} mark={mark} />
      </div>
      <p className="host-guest-meta">
        {productCount(guest.orders)} · último pedido {formatClock(guest.last_order_at)}
        {honoured && <span className="host-honoured"> · Invitado de honor: la fiesta paga su cuenta</span>}
      </p>
      <p className="host-guest-amounts">
        <span className="host-amount">
          <span className="price">{formatPesos(guest.total)}</span> s/propina
        </span>{' '}
        ·{' '}
        <span className="host-amount">
          <span className="price host-tipped">{formatPesos(guest.tipped)}</span> c/propina
        </span>
      </p>
      {reminder && (
        // 'Recordar' beside the amounts; its name says whom (the row's head already shows it), starting with the word on screen.
        <a className="button button-quiet host-remind" href={reminder} target="_blank" rel="noopener noreferrer" aria-label={`Recordar a ${guest.full_name}`}>
          Recordar
        </a>
      )}
      <PaidNote guest={guest} />

      <MarkStatus name={guest.full_name} mark={mark} refusal={refusal} />
      <div id={detail.regionId} hidden={!detail.open}>
        {detail.open && <GuestOrders guest={guest} honoured={honoured} />}
      </div>
    </li>
  );
}, sameRow);

function PaidNote({ guest }: { readonly guest: PartyGuest }) {
  const owes = owesMore(guest);
  if (owes === null || guest.paid_amount === null || guest.paid_at === null) return null;
  if (owes > 0) return <p className="host-owes">Debe {formatPesos(owes)} más</p>;
  return (
    <p className="host-paid-note">
      Pagó {formatPesos(guest.paid_amount)} a las {formatClock(guest.paid_at)}
    </p>
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
