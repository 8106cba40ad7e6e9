import { useMemo } from 'react';
import { formatAge, useNow, type FeedProblem, type HostSession, type HostState, type PartyGuest } from '../../host/index.ts';
import { DownloadCsv } from './DownloadCsv.tsx';
import { GuestRow } from './GuestRow.tsx';
import { PartyTotals } from './PartyTotals.tsx';

interface PartyScreenProps {
  readonly session: HostSession;
  readonly state: HostState;
}

const PROBLEM_TEXT: Readonly<Record<Exclude<FeedProblem['kind'], 'refused'>, string>> = {
  offline: 'Sin señal: se muestra lo último que llegó.',
  failed: 'No se pudo actualizar; se reintenta solo.',
};

const byName = new Intl.Collator('es', { sensitivity: 'base', numeric: true });

/** The party: totals, freshness, one row per guest with active orders. */
export function PartyScreen({ session, state }: PartyScreenProps) {
  const { snapshot, problem } = state;
  const guests = useMemo(
    () => [...(snapshot?.party.guests ?? [])].sort((a, b) => byName.compare(a.full_name, b.full_name) || a.id.localeCompare(b.id)),
    [snapshot],
  );
  return (
    <>
      <Freshness receivedAt={snapshot?.receivedAt ?? null} problem={problem} />
      {snapshot ? <PartyTotals party={snapshot.party} /> : <p className="card note">{problem ? 'La fiesta aparece cuando el servidor responda.' : 'Cargando la fiesta…'}</p>}
      <div className="host-actions">
        <DownloadCsv session={session} />
        <button type="button" className="button button-quiet" onClick={session.signOut}>
          Salir
        </button>
      </div>
      {snapshot && <GuestList session={session} guests={guests} />}
    </>
  );
}

function Freshness({ receivedAt, problem }: { readonly receivedAt: number | null; readonly problem: FeedProblem | null }) {
  const now = useNow(1000);
  return (
    <div className="host-fresh">
      {receivedAt !== null && <p className="host-age">Actualizado {formatAge(now - receivedAt)}</p>}
      <div role="status">{problem && <p className="host-problem">{problem.kind === 'refused' ? problem.error : PROBLEM_TEXT[problem.kind]}</p>}</div>
    </div>
  );
}

function GuestList({ session, guests }: { readonly session: HostSession; readonly guests: readonly PartyGuest[] }) {
  return (
    <section className="card" aria-labelledby="host-guests-title">
      <h2 className="card-title" id="host-guests-title">
        Invitados
      </h2>
      {guests.length === 0 ? (
        <p className="empty">Todavía nadie ha pedido nada.</p>
      ) : (
        <ul className="host-guests">
          {guests.map((guest) => (
            <GuestRow key={guest.id} session={session} guest={guest} />
          ))}
        </ul>
      )}
    </section>
  );
}
