import { markToSettle, useHostSession, type PartyGuest, type PendingMark } from '../../host/index.ts';

interface PaidToggleProps {
  /** With the host's pending mark applied. */
  readonly guest: PartyGuest;
  readonly mark: PendingMark | undefined;
}

/**
 * 'Pagó <name>': a real checkbox (screen readers and keyboards know it), drawn
 * as a pill with a box of its own instead of the browser's small grey square.
 * Ticking marks the tipped total on screen as paid, less what Mercado Pago
 * already brought in (a transfer the guest said they made is confirmed here);
 * the mark shows at once and goes to the server now or when the signal returns
 * (the host's paid marks). It is the host's mark only: Mercado Pago's payments
 * show beside it and are never taken back by it.
 */
export function PaidToggle({ guest, mark }: PaidToggleProps) {
  const { paidMarks } = useHostSession();
  const paid = guest.mark_amount !== null;
  const waiting = mark !== undefined && !mark.sent;
  return (
    <label className="host-paid" data-waiting={waiting || undefined}>
      <input
        type="checkbox"
        className="host-paid-box"
        aria-label={`Pagó ${guest.full_name}`}
        checked={paid}
        aria-busy={waiting}
        onChange={(event) => paidMarks.mark({ guestId: guest.id, paid: event.target.checked, amount: event.target.checked ? markToSettle(guest) : null })}
      />
      <span aria-hidden="true">Pagó</span>
    </label>
  );
}
