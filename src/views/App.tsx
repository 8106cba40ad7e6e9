import { registerGuest, useGuest } from '../guest/index.ts';
import { NameEntry } from './NameEntry.tsx';
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

/** The one page: the name first, then the tab. */
export function App() {
  const guest = useGuest();
  return (
    <>
      <header className="app-header">
        <h1 className="brand">
          <PintGlass />
          La Cuenta
        </h1>
      </header>
      <main className="app-main">{guest ? <TabScreen guest={guest} /> : <NameEntry onSubmitName={registerGuest} />}</main>
    </>
  );
}
