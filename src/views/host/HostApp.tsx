/**
 * The host's page at /anfitrion: its own lazily loaded chunk (src/main.tsx),
 * never part of the guests' first load. It reads the party through the `host`
 * function and keeps its state apart from the guest's tab on the same phone.
 */
import { useEffect, useState } from 'react';
import { env } from '../../config/env.ts';
import { forgetMenu, HostSessionProvider, openHostPage, useAccount, useHostSession, usePlace, type HostSession } from '../../host/index.ts';
import { usePageOutbox } from '../../sync/page.ts';
import { ReloadPrompt } from '../ReloadPrompt.tsx';
import { ErrorBoundary } from '../ErrorBoundary.tsx';
import { OfflineProblem } from '../OfflineProblem.tsx';
import { HostSignIn } from './HostSignIn.tsx';
import { PartiesScreen } from './PartiesScreen.tsx';
import { PartyScreen } from './PartyScreen.tsx';
import './host.css';

export default function HostApp() {
  // Built once, at the page's root, with the page's outbox (main.tsx): the views below only read it and act on it.
  const outbox = usePageOutbox();
  const [session] = useState(() => openHostPage(outbox));
  useEffect(() => {
    // This chunk and its stylesheet, if they came before the worker was in charge on a first visit, are kept by the page's start (main.tsx).
    document.title = 'La fiesta · La Cuenta';
  }, []);
  return (
    <>
      <header className="app-header">
        <h1 className="brand">La fiesta</h1>
        <OfflineProblem />
      </header>
      <main className="app-main">
        <ErrorBoundary kept="Las cuentas siguen en el servidor.">
          {session ? (
            <HostPage session={session} />
          ) : (
            <p className="card problem">Esta versión de la app no tiene servidor: la fiesta solo se ve con Supabase configurado.</p>
          )}
        </ErrorBoundary>
      </main>
      <footer className="app-footer">versión {env.appVersion}</footer>
      <ReloadPrompt />
    </>
  );
}

/** The sign-in; once the key is on this phone, the owner's list of parties (where the owner lands) or a party's page. */
export function HostPage({ session }: { readonly session: HostSession }) {
  return (
    <HostSessionProvider session={session}>
      <HostScreen />
    </HostSessionProvider>
  );
}

function HostScreen() {
  const { account } = useHostSession();
  const { signedIn, signingIn, signInError } = useAccount();
  const { place } = usePlace();
  useEffect(() => {
    // Signed out ('Salir', or a key that stopped working): the kept list goes with the party's snapshot.
    if (!signedIn) forgetMenu();
  }, [signedIn]);
  // The form stays, busy, until the function said whose key it is: the owner then lands on the parties, never on a party first.
  if (!signedIn || signingIn) return <HostSignIn busy={signingIn} error={signInError} onSignIn={(key) => void account.signIn(key)} />;
  return place.view === 'parties' ? <PartiesScreen /> : <PartyScreen />;
}
