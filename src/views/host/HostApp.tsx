/**
 * The host's page at /anfitrion: its own lazily loaded chunk (src/main.tsx),
 * never part of the guests' first load. It reads the party through the `host`
 * function and keeps its state apart from the guest's tab on the same phone.
 */
import { useEffect, useState } from 'react';
import { env } from '../../config/env.ts';
import { HostSessionProvider, openHostPage, useAccount, useHostSession, usePlace, type HostSession } from '../../host/index.ts';
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
  const [SESSION] = useState(() => openHostPage(outbox));
  useEffect(() => {
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
          {SESSION ? (
            <HostPage session={SESSION} />
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

/** The sign-in; once the key is on this phone, a party's page or (the owner's) the list of parties. */
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
  if (!signedIn) return <HostSignIn busy={signingIn} error={signInError} onSignIn={(key) => void account.signIn(key)} />;
  return place.view === 'parties' ? <PartiesScreen /> : <PartyScreen />;
}
