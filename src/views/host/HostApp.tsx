/**
 * The host's page at /anfitrion: its own lazily loaded chunk (src/main.tsx),
 * never part of the guests' first load. It reads the party through the `host`
 * function and keeps its state apart from the guest's tab on the same phone.
 */
import { useEffect, useMemo } from 'react';
import { env } from '../../config/env.ts';
import { askHost, createHostSession, forgetMenu, hostEndpoint, localHostStore, useHostState, type HostEndpoint, type HostSession } from '../../host/index.ts';
import { ReloadPrompt } from '../ReloadPrompt.tsx';
import { ErrorBoundary } from '../ErrorBoundary.tsx';
import { OfflineProblem } from '../OfflineProblem.tsx';
import { HostSignIn } from './HostSignIn.tsx';
import { PartiesScreen } from './PartiesScreen.tsx';
import { PartyScreen } from './PartyScreen.tsx';
import './host.css';

const ENDPOINT: HostEndpoint | null = env.backend ? hostEndpoint(env.backend) : null;

export default function HostApp() {
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
          {ENDPOINT ? (
            <SessionOf endpoint={ENDPOINT} />
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

function SessionOf({ endpoint }: { readonly endpoint: HostEndpoint }) {
  const session = useMemo(
    () =>
      createHostSession({
        ask: (key, action) => askHost(endpoint, key, action),
        store: localHostStore,
        isVisible: () => document.visibilityState === 'visible',
      }),
    [endpoint],
  );
  return <HostPage session={session} />;
}

/** The sign-in; once the key is on this phone, the owner's list of parties (where the owner lands) or a party's page. */
export function HostPage({ session }: { readonly session: HostSession }) {
  const state = useHostState(session);
  useEffect(() => {
    // Signed out ('Salir', or a key that stopped working): the kept list goes with the party's snapshot.
    if (!state.signedIn) forgetMenu();
  }, [state.signedIn]);
  // The form stays, busy, until the function said whose key it is: the owner then lands on the parties, never on a party first.
  if (!state.signedIn || state.signingIn) return <HostSignIn busy={state.signingIn} error={state.signInError} onSignIn={(key) => void session.signIn(key)} />;
  if (state.place.view === 'parties') return <PartiesScreen session={session} state={state} />;
  return <PartyScreen session={session} state={state} />;
}
