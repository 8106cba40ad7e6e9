import { formatPartyDate, formatPesos, useFeed, useHostSession, usePlace, type ListedParty } from '../../host/index.ts';
import { FeedLine } from './FeedLine.tsx';
import { NewPartyForm } from './NewPartyForm.tsx';

/** The owner's page: every party, newest first, each one tap from its page; and a new one. */
export function PartiesScreen() {
  const { account, places } = useHostSession();
  const { parties } = usePlace();
  const { problem } = useFeed();
  return (
    <>
      <FeedLine receivedAt={null} problem={problem} />
      <section className="card" aria-labelledby="host-parties-title">
        <h2 className="card-title" id="host-parties-title">
          Fiestas
        </h2>
        {parties === null ? (
          <p className="note">{problem ? 'Las fiestas aparecen cuando el servidor responda.' : 'Cargando las fiestas…'}</p>
        ) : (
          <ul className="host-parties">
            {parties.map((party) => (
              <PartyItem key={party.id} party={party} onOpen={() => places.openParty(party.is_default ? null : party.code)} />
            ))}
          </ul>
        )}
      </section>
      <NewPartyForm parties={parties ?? []} />
      <button type="button" className="button button-quiet host-end" onClick={account.signOut}>
        Salir
      </button>
    </>
  );
}

function PartyItem({ party, onOpen }: { readonly party: ListedParty; readonly onOpen: () => void }) {
  const guests = party.guests === 1 ? '1 invitado' : `${party.guests} invitados`;
  return (
    <li>
      <button type="button" className="host-party-item" onClick={onOpen}>
        <span className="host-party-name">{party.name}</span>
        <span className="host-party-meta">
          {formatPartyDate(party.party_date)} · {guests}
          {party.closed_at !== null && ' · terminó'}
        </span>
        <span className="host-party-total price">{formatPesos(party.total)}</span>
      </button>
    </li>
  );
}
