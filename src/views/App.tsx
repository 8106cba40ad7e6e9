import { registerGuest, useGuest } from '../guest/index.ts';
import { NameEntry } from './NameEntry.tsx';
import { TabScreen } from './TabScreen.tsx';

/** The one page: the name first, then the tab. */
export function App() {
  const guest = useGuest();
  return (
    <>
      <header className="app-header">
        <h1 className="brand">
          <span aria-hidden="true" className="brand-mark">
            🍺
          </span>{' '}
          La Cuenta
        </h1>
      </header>
      <main className="app-main">{guest ? <TabScreen guest={guest} /> : <NameEntry onSubmitName={registerGuest} />}</main>
    </>
  );
}
