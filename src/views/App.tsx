import { useEffect, useState } from 'react';
import { env } from '../config/env.ts';
// The storage check only: the tab's capabilities (src/tab) come with the guest's screen, in its own chunk.
import { openTabStorage } from '../db/index.ts';
import { registerGuest, useGuest } from '../guest/index.ts';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { InstallHelp } from './InstallHelp.tsx';
import { GuestScreenWhenLoaded, loadGuestScreen } from './lazy-guest-screen.tsx';
import { NameEntry } from './NameEntry.tsx';
import { OfflineProblem } from './OfflineProblem.tsx';
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

/** While a new guest types their name, the tab's code comes in. */
const fetchTheTab = () => void loadGuestScreen().catch(() => undefined);

/**
 * Once the page itself has loaded, the tab's code comes in anyway: the guest
 * needs it offline, and fetched now (after the name field, not competing with
 * it) the service worker's install finds it in the HTTP cache instead of
 * asking the network again, a round trip later, on a weak signal.
 */
function useTabCodeAfterLoad(): void {
  useEffect(() => {
    if (document.readyState === 'complete') {
      fetchTheTab();
      return undefined;
    }
    window.addEventListener('load', fetchTheTab, { once: true });
    return () => window.removeEventListener('load', fetchTheTab);
  }, []);
}

/** The one page: the name first, then the tab. */
export function App() {
  const guest = useGuest();
  const storageUsable = useTabStorage();
  useTabCodeAfterLoad();
  return (
    <>
      <header className="app-header">
        <h1 className="brand">
          <PintGlass />
          La Cuenta
        </h1>
        <OfflineProblem />
      </header>
      <main className="app-main">
        {storageUsable === false ? (
          <StorageProblem />
        ) : (
          <ErrorBoundary>
            {guest ? <GuestScreenWhenLoaded guest={guest} /> : <NameEntry onSubmitName={registerGuest} onStart={fetchTheTab} />}
          </ErrorBoundary>
        )}
        <InstallHelp />
      </main>
      <footer className="app-footer">versión {env.appVersion}</footer>
      <ReloadPrompt />
    </>
  );
}
