import { memo, useId, useState } from 'react';
import { formatClock, formatPesos, owesMore, productCount, type HostSession, type PartyGuest } from '../../host/index.ts';
import { GuestOrders } from './GuestOrders.tsx';
import { PaidToggle } from './PaidToggle.tsx';

interface GuestRowProps {
  readonly session: HostSession;
  readonly guest: PartyGuest;
}

const FIELDS = ['id', 'full_name', 'orders', 'total', 'tipped', 'last_order_at', 'paid_amount', 'paid_at'] as const;

/** Every refresh brings new objects: a row renders again only when its guest changed. */
const sameRow = (before: GuestRowProps, after: GuestRowProps) =>
  before.session === after.session && FIELDS.every((field) => before.guest[field] === after.guest[field]);

/** One guest: name (tap for their orders), count, last tap, totals, the paid toggle and what is still owed. */
export const GuestRow = memo(function GuestRow({ session, guest }: GuestRowProps) {
  const [open, setOpen] = useState(false);
  const detailId = useId();
  return (
    <li className="host-guest">
      <div className="host-guest-head">
        <button
          type="button"
          className="host-guest-name"
          aria-expanded={open}
          aria-controls={detailId}
          onClick={() => setOpen((shown) => !shown)}
        >
          {guest.full_name}
          <span className="host-caret" aria-hidden="true">
            {open ? ' ▾' : ' ▸'}
          </span>
        </button>
        <PaidToggle session={session} guest={guest} />
      </div>
      <p className="host-guest-meta">
        {productCount(guest.orders)} · último pedido {formatClock(guest.last_order_at)}
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
      <PaidNote guest={guest} />
      <div id={detailId} hidden={!open}>
        {open && <GuestOrders session={session} guest={guest} />}
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
