/**
 * Everything a guest with a name sees, in a chunk of its own: the first screen
 * of a new guest (the name) never waits for the tab's code, the search words,
 * the comments or the sync queue.
 */
import { renameGuest, type Guest } from '../guest/index.ts';
import { resendGuest, useGuestRefusal } from '../tab/index.ts';
import { NameEntry } from './NameEntry.tsx';
import { PartyNotFound } from './PartyNotFound.tsx';
import { PartyOver } from './PartyOver.tsx';
import { TabScreen } from './TabScreen.tsx';

// The earlier parties' tabs read the tab's code too: they come in this chunk.
export { EarlierParties } from './EarlierParties.tsx';

/** The server's reason when the guest's link named a party it does not have (the database's party_unknown). */
const PARTY_UNKNOWN = 'party_unknown';
/** The server's reason when the guest came after the party ended (the database's party_closed). */
const PARTY_CLOSED = 'party_closed';

/** The fixed name goes to the server as the same guest; the waiting orders follow it. */
function fixRefusedName(typedName: string): void {
  const guest = renameGuest(typedName);
  if (guest) void resendGuest(guest);
}

/**
 * The tab, or the name form again while the bar's server refuses the guest's
 * name; or, when the guest joined by a link no party has (typed offline, the
 * server said so later), only that; or, when it joined after the party ended, only that.
 */
export function GuestScreen({ guest }: { readonly guest: Guest }) {
  // While the refusal is being read (undefined), the tab shows: it is by far the usual case.
  const refusal = useGuestRefusal(guest.id);
  if (refusal?.includes(PARTY_UNKNOWN)) return <PartyNotFound />;
  if (refusal?.includes(PARTY_CLOSED)) return <PartyOver />;
  if (typeof refusal === 'string') return <NameEntry key="refused" onSubmitName={fixRefusedName} refusedName={guest.full_name} />;
  return <TabScreen guest={guest} />;
}
