import { useState } from 'react';
import type { Guest } from '../guest/index.ts';
import { partyAddress, partyNameOf } from '../party/index.ts';
import { shareLink, type ShareResult } from '../platform/index.ts';

const SAID: Readonly<Record<ShareResult, string | null>> = {
  shared: null,
  cancelled: null,
  copied: 'Enlace copiado: pégalo en el chat de la fiesta.',
  failed: 'No se pudo copiar el enlace.',
};

/** 'Invitar a alguien': the party's link through the phone's share sheet, or copied where there is none. */
export function InviteSomeone({ guest }: { readonly guest: Guest }) {
  const [said, setSaid] = useState<string | null>(null);
  const link = partyAddress(location.origin, guest.party);

  async function invite() {
    setSaid(null);
    const name = partyNameOf(guest.party);
    const result = await shareLink({
      title: name ?? 'La Cuenta',
      text: name ? `Anota lo que pides en «${name}».` : 'Anota lo que pides en la fiesta.',
      url: link,
    });
    setSaid(result === 'failed' ? `${SAID.failed} Es ${link}` : SAID[result]);
  }

  return (
    <div className="invite-someone">
      <button type="button" className="button button-quiet" onClick={() => void invite()}>
        Invitar a alguien
      </button>
      <p className="invite-said" role="status">
        {said}
      </p>
    </div>
  );
}
