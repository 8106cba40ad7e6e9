import { formatPartyDate, useHostSession, type PartyInfo } from '../../host/index.ts';

interface PartyHeaderProps {
  readonly info: PartyInfo | null;
  /** The owner's way back to the list; a party's own host has no list. */
  readonly owner: boolean;
}

/** Which party this is: its name and date, and whether it is over. */
export function PartyHeader({ info, owner }: PartyHeaderProps) {
  const { places } = useHostSession();
  return (
    <div className="host-party-header">
      {owner && (
        <button type="button" className="button button-secondary host-back" onClick={places.openParties}>
          Fiestas
        </button>
      )}
      {info && (
        <>
          <h2 className="host-party-title">{info.name}</h2>
          <p className="note host-party-date">{formatPartyDate(info.party_date)}</p>
          {info.closed_at !== null && (
            <p className="host-closed" role="status">
              La fiesta terminó.
            </p>
          )}
        </>
      )}
    </div>
  );
}
