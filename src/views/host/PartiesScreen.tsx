import { formatPartyDate, formatPesos, goToSection, useFeed, useHostSession, usePlace, type HostSession, type ListedParty } from '../../host/index.ts';
import { FeedLine } from './FeedLine.tsx';
import { NewPartyForm } from './NewPartyForm.tsx';

/** The owner's page: a new party, then every party, newest first, each one tap from its page. */
export function PartiesScreen() {
  const { account, places } = useHostSession();
  const { parties } = usePlace();
  const { problem } = useFeed();
  return (
    <>
      <FeedLine receivedAt={null} problem={problem} />
      {/* First, whatever the number of parties: opening tonight's is what a new host came for. */}
      <NewPartyForm parties={parties ?? []} />
      <section className="card" aria-labelledby="host-parties-title">
        <h2 className="card-title" id="host-parties-title">
          Fiestas
        </h2>
        {parties === null ? (
          <p className="note">{problem ? 'Las fiestas aparecen cuando el servidor responda.' : 'Cargando las fiestas…'}</p>
        ) : (
          <ul className="host-parties">
            {parties.map((party) => (
              <PartyItem key={party.id} party={party} onOpen={() => openParty(places, party)} />
            ))}
          </ul>
        )}
      </section>
      <button type="button" className="button button-quiet host-end" onClick={account.signOut}>
        Salir
      </button>
    </>
  );
}

/** A party opens on its guests (the address forgets the section of the party before). */
function openParty(places: HostSession['places'], party: ListedParty): void {
  goToSection('invitados', 'replace');
  places.openParty(party.is_default ? null : party.code);
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
