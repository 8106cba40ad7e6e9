import { useDeferredValue, useMemo, useState } from 'react';
import { guestLink, guestList, reminderText, stillOwes, usePaidMarks, whatsappLink, type Party } from '../../host/index.ts';
import { GuestRow } from './GuestRow.tsx';
import { HostSearch } from './HostSearch.tsx';

/** Rows shown at first: the ones who owe most, at a glance, with the page two phone screens at most; 'Ver todos' shows the rest. */
export const GUESTS_AT_A_GLANCE = 4;

/** Every guest, who owes most first, with a name search; the totals above stay the whole party's. */
export function GuestList({ party }: { readonly party: Party }) {
  const { marks, refusals } = usePaidMarks();
  const [typed, setTyped] = useState('');
  /** The search for which the host asked to see every row: a new search starts again from the first rows. */
  const [allFor, setAllFor] = useState<string | null>(null);
  // A party of hundreds: the rows follow the typing a moment later instead of slowing each keystroke.
  const query = useDeferredValue(typed);
  const rows = useMemo(() => guestList(party.guests, marks, query), [party.guests, marks, query]);
  const count = allFor === query ? rows.length : GUESTS_AT_A_GLANCE;
  const info = party.info;
  const link = info ? guestLink(location.origin, info.code) : null;
  // Also once the party ended: that is when a guest who still owes is reminded.
  const reminderOf = (guestName: string, owed: number) => (info && link && owed > 0 ? whatsappLink(reminderText(info.name, guestName, owed, link)) : undefined);
  const left = rows.length - count;
  return (
    <section className="card" aria-labelledby="host-guests-title">
      <h2 className="card-title" id="host-guests-title">
        Invitados
      </h2>
      {party.guests.length === 0 ? (
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
            {rows.slice(0, count).map(({ guest, mark }) => (
              <GuestRow
                key={guest.id}
                guest={guest}
                mark={mark}
                refusal={refusals.get(guest.id)}
                reminder={reminderOf(guest.full_name, stillOwes(guest))}
                honoured={party.guest_of_honour === guest.id}
              />
            ))}
          </ul>
          {left > 0 && (
            <button type="button" className="button button-secondary host-more" onClick={() => setAllFor(query)}>
              Ver todos (quedan {left})
            </button>
          )}
        </>
      )}
    </section>
  );
}
