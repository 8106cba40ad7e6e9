import { useState } from 'react';
import type { HostAnswer, HostSession, PartyGuest } from '../../host/index.ts';

interface PaidToggleProps {
  readonly session: HostSession;
  readonly guest: PartyGuest;
}

function markError(answer: HostAnswer): string {
  if (answer.kind === 'offline') return 'Sin señal: no se pudo marcar. Intenta de nuevo.';
  if (answer.kind === 'refused') return answer.error;
  return 'No se pudo marcar; intenta de nuevo.';
}

/**
 * 'Pagó <name>': marks the tipped total on screen as paid, now (or takes the
 * mark back). Shows the wanted state while the server is asked.
 */
export function PaidToggle({ session, guest }: PaidToggleProps) {
  const [wanted, setWanted] = useState<boolean | null>(null);
  const [error, setError] = useState<string | null>(null);
  const paid = guest.paid_amount !== null;

  async function change(next: boolean) {
    if (wanted !== null) return;
    setWanted(next);
    setError(null);
    const action = next
      ? ({ action: 'paid', guestId: guest.id, paid: true, amount: guest.tipped } as const)
      : ({ action: 'paid', guestId: guest.id, paid: false } as const);
    const answer = await session.ask(action);
    if (answer.kind === 'ok') await session.refresh();
    else setError(markError(answer));
    setWanted(null);
  }

  return (
    <div className="host-paid">
      <label className="host-paid-label">
        <input
          type="checkbox"
          aria-label={`Pagó ${guest.full_name}`}
          checked={wanted ?? paid}
          aria-busy={wanted !== null}
          onChange={(event) => void change(event.target.checked)}
        />
        <span aria-hidden="true">Pagó</span>
      </label>
      {error && (
        <p className="host-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
