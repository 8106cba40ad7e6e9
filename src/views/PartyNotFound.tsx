import { PARTY_NOT_FOUND } from '../party/index.ts';

/** A link no party has: this and nothing else of the app. */
export function PartyNotFound() {
  return (
    <section className="card party-not-found" role="alert">
      <p className="card-title">{PARTY_NOT_FOUND}</p>
    </section>
  );
}
