import { lazy, Suspense, useRef, useState } from 'react';
import { guestLink, invitationText, whatsappLink, type PartyInfo } from '../../host/index.ts';
import { copyOrSelect, copyText } from '../../platform/index.ts';

// The encoder is most of the QR's weight: its own chunk, precached like the rest, so it still draws offline.
const PartyQr = lazy(() => import('./PartyQr.tsx'));

interface ShareSectionProps {
  readonly info: PartyInfo;
  /** A party made on this page: its own key, shown this once. */
  readonly madeKey: string | null;
}

/**
 * 'Compartir': what lets guests in. The QR code as wide as the phone (the
 * guests scan it across a table), the link to copy or send to the party's
 * WhatsApp group, and the poster to print for the tables. All drawn on this
 * phone: it needs no signal. No inline styles (the app's CSP forbids them).
 */
export function ShareSection({ info, madeKey }: ShareSectionProps) {
  const link = guestLink(location.origin, info.code);
  return (
    <>
      {madeKey && <MadeKey hostKey={madeKey} />}
      <section className="card host-invite" aria-labelledby="host-invite-title">
        <h2 className="card-title" id="host-invite-title">
          Invitar a la fiesta
        </h2>
        <p className="note">Los invitados entran con este enlace o escaneando el código.</p>
        <Suspense fallback={<div className="host-qr host-qr-waiting" />}>
          <PartyQr link={link} />
        </Suspense>
        <p className="host-link">
          <a href={link}>{link}</a>
        </p>
        <div className="host-share-buttons">
          <CopyLink link={link} />
          <a className="button button-primary" href={whatsappLink(invitationText(info.name, link))} target="_blank" rel="noopener noreferrer">
            Compartir por WhatsApp
          </a>
          <button type="button" className="button button-secondary" onClick={() => window.print()}>
            Imprimir cartel
          </button>
        </div>
      </section>
    </>
  );
}

function CopyLink({ link }: { readonly link: string }) {
  const [said, setSaid] = useState<string | null>(null);
  async function copy() {
    setSaid((await copyText(link)) ? 'Enlace copiado.' : 'No se pudo copiar: mantén presionado el enlace para copiarlo.');
  }
  return (
    <>
      <button type="button" className="button button-quiet" onClick={() => void copy()}>
        Copiar enlace
      </button>
      <p className="host-copied" role="status">
        {said}
      </p>
    </>
  );
}

/** The party's own key, as the function answered it: this once, never again, so 'Copiar' is beside it. */
function MadeKey({ hostKey }: { readonly hostKey: string }) {
  const keyRef = useRef<HTMLParagraphElement>(null);
  const [said, setSaid] = useState<string | null>(null);
  async function copy() {
    const done = await copyOrSelect(hostKey, keyRef.current);
    setSaid(done === 'copied' ? 'Clave copiada.' : 'La clave quedó seleccionada: cópiala con el menú del teléfono.');
  }
  return (
    <section className="card host-made-key" aria-labelledby="host-made-key-title">
      <h2 className="card-title" id="host-made-key-title">
        Clave de esta fiesta
      </h2>
      <p className="host-key-text" ref={keyRef}>
        {hostKey}
      </p>
      <button type="button" className="button button-quiet" aria-label="Copiar la clave de esta fiesta" onClick={() => void copy()}>
        Copiar
      </button>
      <p className="host-copied" role="status">
        {said}
      </p>
      <p className="note">Se muestra solo esta vez: cópiala y dásela a quien atienda la fiesta. Con ella se abre solo esta fiesta.</p>
    </section>
  );
}

/**
 * The poster 'Imprimir cartel' prints: hidden on screen, alone on the page in
 * print (host.css), the QR as large as the paper leaves room for. One page on
 * A4 and on Letter.
 */
export function PartyPoster({ info }: { readonly info: PartyInfo }) {
  const link = guestLink(location.origin, info.code);
  return (
    // Paper only: on screen it is not drawn, and screen readers have the section's own QR and link.
    <div className="host-poster" aria-hidden="true">
      <p className="host-poster-name">{info.name}</p>
      <Suspense fallback={null}>
        <PartyQr link={link} className="host-poster-qr" />
      </Suspense>
      <p className="host-poster-call">Escanea para anotar lo que pides</p>
      <p className="host-poster-link">{link}</p>
    </div>
  );
}
