import { useDeferredValue, useMemo, useState } from 'react';
import { guestList, useAccount, useFeed, useHostSession, usePaidMarks, usePlace, type PartyGuest } from '../../host/index.ts';
import { CloseParty } from './CloseParty.tsx';
import { DownloadCsv } from './DownloadCsv.tsx';
import { FeedLine } from './FeedLine.tsx';
import { GuestRow } from './GuestRow.tsx';
import { HostSearch } from './HostSearch.tsx';
import { MenuSection } from './MenuSection.tsx';
import { PartyHeader } from './PartyHeader.tsx';
import { MadeKey, PartyInvite } from './PartyInvite.tsx';
import { PartyTotals } from './PartyTotals.tsx';

/** A party's page: which party, freshness, totals, one row per guest with active orders; its list ('Carta'); its link, QR and closing. */
export function PartyScreen() {
  const { account } = useHostSession();
  const { role } = useAccount();
  const { made } = usePlace();
  const { snapshot, problem } = useFeed();
  const info = snapshot?.party.info ?? null;
  return (
    <>
      <PartyHeader info={info} owner={role === 'owner'} />
      {made && info?.code === made.code && <MadeKey hostKey={made.key} />}
      <FeedLine receivedAt={snapshot?.receivedAt ?? null} problem={problem} />
      {snapshot ? (
        <PartyTotals party={snapshot.party} />
      ) : (
        <p className="card note">{problem ? 'La fiesta aparece cuando el servidor responda.' : 'Cargando la fiesta…'}</p>
      )}
      <div className="host-actions">
        <DownloadCsv />
        <button type="button" className="button button-quiet host-sign-out" onClick={account.signOut}>
          Salir
        </button>
      </div>
      {snapshot && <GuestList guests={snapshot.party.guests} />}
      {info && <MenuSection key={info.code} closed={info.closed_at !== null} />}
      {info && <PartyInvite info={info} />}
      {info && info.closed_at === null && <CloseParty />}
    </>
  );
}

/** Every guest, who owes most first, with a name search; the totals above stay the whole party's. */
function GuestList({ guests }: { readonly guests: readonly PartyGuest[] }) {
  const { marks, refusals } = usePaidMarks();
  const [typed, setTyped] = useState('');
  // A party of hundreds: the rows follow the typing a moment later instead of slowing each keystroke.
  const query = useDeferredValue(typed);
  const rows = useMemo(() => guestList(guests, marks, query), [guests, marks, query]);
  return (
    <section className="card" aria-labelledby="host-guests-title">
      <h2 className="card-title" id="host-guests-title">
        Invitados
      </h2>
      {guests.length === 0 ? (
        <p className="empty">Todavía nadie ha pedido nada.</p>
      ) : (
        <>
          <HostSearch label="Buscar invitado" name="buscar_invitado" placeholder="Nombre o apellido" capitalize="words" typed={typed} onType={setTyped} />
          <p className="note host-order-caption">Primero quien debe más; al final, quienes ya pagaron.</p>
          {rows.length === 0 && (
            <p className="empty" role="status">
              Nadie se llama «{query.trim()}».
            </p>
          )}
          <ul className="host-guests">
            {rows.map(({ guest, mark }) => (
              <GuestRow key={guest.id} guest={guest} mark={mark} refusal={refusals.get(guest.id)} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
