import { PARTY_OVER } from '../party/index.ts';

/** The party is over: said where the product form (or, for a new guest, the name) was. */
export function PartyOver() {
  return (
    <p className="card party-over" role="status">
      {PARTY_OVER}
    </p>
  );
}
