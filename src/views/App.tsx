import { useEffect, useState } from 'react';
import { env } from '../config/env.ts';
import { registerGuest, renameGuest, useGuest, type Guest } from '../guest/index.ts';
import { resendGuest, useGuestRefusal } from '../sync/hooks.ts';
import { openTabStorage } from '../tab/index.ts';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { NameEntry } from './NameEntry.tsx';
import { ReloadPrompt } from './ReloadPrompt.tsx';
import { StorageProblem } from './StorageProblem.tsx';
import { TabScreen } from './TabScreen.tsx';

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

/** The fixed name goes to the server as the same guest; the waiting orders follow it. */
function fixRefusedName(typedName: string): void {
  const guest = renameGuest(typedName);
  if (guest) void resendGuest(guest);
}

/** The tab, or the name form again while the bar's server refuses the guest's name. */
function GuestScreen({ guest }: { readonly guest: Guest }) {
  // While the refusal is being read (undefined), the tab shows: it is by far the usual case.
  const refusal = useGuestRefusal(guest.id);
  if (typeof refusal === 'string') return <NameEntry key="refused" onSubmitName={fixRefusedName} refusedName={guest.full_name} />;
  return <TabScreen guest={guest} />;
}

/** The one page: the name first, then the tab. */
export function App() {
  const guest = useGuest();
  const storageUsable = useTabStorage();
  return (
    <>
      <header className="app-header">
        <h1 className="brand">
          <PintGlass />
          La Cuenta
        </h1>
      </header>
      <main className="app-main">
        {storageUsable === false ? (
          <StorageProblem />
        ) : (
          <ErrorBoundary>
            {guest ? <GuestScreen guest={guest} /> : <NameEntry onSubmitName={registerGuest} />}
          </ErrorBoundary>
        )}
      </main>
      <footer className="app-footer">versión {env.appVersion}</footer>
      <ReloadPrompt />
    </>
  );
}
