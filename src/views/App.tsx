import { useEffect, useState } from 'react';
import { env } from '../config/env.ts';
import { openTabStorage } from '../db/index.ts';
import { registerGuest, undoArrival, useEarlierGuests, useGuest, type PhoneGuests } from '../guest/index.ts';
import { partyNameOf, usePartyCheck, type PartyLink } from '../party/index.ts';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { InstallHelp } from './InstallHelp.tsx';
import { EarlierParties, GuestScreen } from './GuestScreen.tsx';
import { NameEntry } from './NameEntry.tsx';
import { OfflineProblem } from './OfflineProblem.tsx';
import { PartyNotFound } from './PartyNotFound.tsx';
import { PartyOver } from './PartyOver.tsx';
import { ReloadPrompt } from './ReloadPrompt.tsx';
import { StorageProblem } from './StorageProblem.tsx';

/** The app's mark: a pint, drawn like the icon, so it needs no emoji font. */
function PintGlass() {
  return (
    <svg className="brand-mark" viewBox="0 0 512 512" aria-hidden="true" focusable="false">
      <path d="M150 112h212l-22 300a28 28 0 0 1-28 26H200a28 28 0 0 1-28-26z" fill="#e9b949" />
      <path d="M150 112h212l-6 78H156z M176 150c0-40 160-40 160 0" fill="#f4eddc" />
    </svg>
  );
}

function AppHeader() {
  return (
    <header className="app-header">
      <h1 className="brand">
        <PintGlass />
        La Cuenta
      </h1>
      <OfflineProblem />
    </header>
  );
}

/** True, false, or undefined while IndexedDB is being opened. */
function useTabStorage(): boolean | undefined {
  const [usable, setUsable] = useState<boolean>();
  useEffect(() => {
    let current = true;
    void openTabStorage().then((ok) => {
      if (current) setUsable(ok);
    });
    return () => {
      current = false;
    };
  }, []);
  return usable;
}

interface AppProps {
  /** The party the page's address names (`/f/<code>`), if any. */
  readonly link?: PartyLink;
  /** What the phone held before that link moved it into its party (main.tsx), to undo for a code no party has. */
  readonly arrival?: PhoneGuests | null;
  /**
   * The page already shows the name view as built (main.tsx takes it over): it
   * stays while a party's link is asked about, the guest may be typing in it.
   */
  readonly shownAsBuilt?: boolean;
}

const NO_LINK: PartyLink = { kind: 'none' };

/**
 * Where a party's link stands: a code no party has (said by its shape, or by
 * the server, which then gives the phone back what it held before), or still
 * being asked about. The name view waits for the answer only for a party the
 * phone has never seen; with no signal it shows at once, as the phone cannot know.
 */
function useLinkState(
  link: PartyLink,
  arrival: PhoneGuests | null,
  guestParty: string | undefined,
  shownAsBuilt: boolean,
): 'not-found' | 'checking' | 'over' | 'open' {
  const code = link.kind === 'party' ? link.code : null;
  const check = usePartyCheck(code);
  useEffect(() => {
    if (check === 'unknown' && arrival && code !== null) undoArrival(arrival, code);
  }, [check, arrival, code]);
  if (link.kind === 'malformed' || check === 'unknown') return 'not-found';
  const seen = code !== null && (guestParty === code || partyNameOf(code) !== null);
  if (check === 'closed') return 'over';
  return check === 'checking' && !seen && !shownAsBuilt ? 'checking' : 'open';
}

/** A first visit by a party's link, while the server is asked about it. */
function FindingParty() {
  return (
    <section className="card opening" aria-busy="true">
      <p className="note">Buscando la fiesta…</p>
    </section>
  );
}

/** The one page: the name first, then the tab; the tabs of earlier parties below, to read. */
export function App({ link = NO_LINK, arrival = null, shownAsBuilt = false }: AppProps) {
  const guest = useGuest();
  const earlier = useEarlierGuests();
  const storageUsable = useTabStorage();
  const linkState = useLinkState(link, arrival, guest?.party, shownAsBuilt);
  if (linkState === 'not-found') {
    return (
      <>
        <AppHeader />
        <main className="app-main">
          <PartyNotFound />
        </main>
      </>
    );
  }
  return (
    <>
      <AppHeader />
      <main className="app-main">
        {storageUsable === false ? (
          <StorageProblem />
        ) : linkState === 'checking' ? (
          <FindingParty />
        ) : (
          <ErrorBoundary>
            {guest ? (
              <GuestScreen guest={guest} />
            ) : linkState === 'over' ? (
              // The server takes no new guest once the party ended: no name to ask for.
              <PartyOver />
            ) : (
              <NameEntry onSubmitName={registerGuest} />
            )}
            {earlier.length > 0 && <EarlierParties guests={earlier} />}
          </ErrorBoundary>
        )}
        <InstallHelp />
      </main>
      <footer className="app-footer">versión {env.appVersion}</footer>
      <ReloadPrompt />
    </>
  );
}
