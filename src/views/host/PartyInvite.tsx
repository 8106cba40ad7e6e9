import { lazy, Suspense } from 'react';
import { guestLink, type PartyInfo } from '../../host/index.ts';

// The encoder is most of the QR's weight: its own chunk, precached like the rest, so it still draws offline.
const PartyQr = lazy(() => import('./PartyQr.tsx'));

/**
 * The party's guest link and its QR code, drawn on this phone (no signal
 * needed, and it prints: host.css's print rules keep only this card, large).
 * No inline styles (the app's CSP forbids them): SVG attributes and classes.
 */
export function PartyInvite({ info }: { readonly info: PartyInfo }) {
  const link = guestLink(location.origin, info.code);
  return (
    <section className="card host-invite" aria-labelledby="host-invite-title">
      <h2 className="card-title" id="host-invite-title">
        Invitar a la fiesta
      </h2>
      <p className="note">Los invitados entran con este enlace o escaneando el código.</p>
      <p className="host-link">
        <a href={link}>{link}</a>
      </p>
      <Suspense fallback={<div className="host-qr host-qr-waiting" />}>
        <PartyQr link={link} />
      </Suspense>
      <button type="button" className="button button-quiet host-print" onClick={() => window.print()}>
        Imprimir el código
      </button>
    </section>
  );
}

/** The party's own key, as the function answered it: this once, never again. */
export function MadeKey({ hostKey }: { readonly hostKey: string }) {
  return (
    <section className="card host-made-key" aria-labelledby="host-made-key-title">
      <h2 className="card-title" id="host-made-key-title">
        Clave de esta fiesta
      </h2>
      <p className="host-key-text">{hostKey}</p>
      <p className="note">Se muestra solo esta vez: cópiala y dásela a quien atienda la fiesta. Con ella se abre solo esta fiesta.</p>
    </section>
  );
}
