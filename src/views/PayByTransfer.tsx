import { useRef, useState, type RefObject } from 'react';
import type { TransferDetails, TransferNotice } from '../party/index.ts';
import { NOTICE_WAITING, noticesShown, noticeText, retryNotices, sayTransferred, usePhoneNotices, type ShownNotice } from '../payments/transfers.ts';
import { copyOrSelect } from '../platform/index.ts';
import { usePageOutbox } from '../sync/page.ts';
import { formatPesos } from '../tab/index.ts';
import { useDisclosure } from './disclosure.ts';

interface PayByTransferProps {
  readonly guestId: string;
  /** The host's account, as last heard (kept on the phone: there with no signal too). */
  readonly details: TransferDetails;
  /** The tipped total still owed, as the other ways to pay ask for it. */
  readonly owed: number;
  /** The notices the server has (the party's status). */
  readonly notices: readonly TransferNotice[];
}

/**
 * 'Transferir': the host's account, each datum with its 'Copiar', the amount,
 * and 'Ya transferí', which tells the host (a notice, not a payment: the host
 * confirms it with the paid toggle). Loaded on its own, only where the party takes transfers.
 */
export default function PayByTransfer({ guestId, details, owed, notices }: PayByTransferProps) {
  const shown = useDisclosure();
  const [said, setSaid] = useState<string | null>(null);
  const phone = usePhoneNotices(guestId);
  const lines = noticesShown(phone ?? [], notices);
  const latest = lines.at(-1);
  const [saving, setSaving] = useState(false);
  const noticesRef = useRef<HTMLDivElement>(null);
  // Told already of this very amount (a second tap would tell it twice): offered again once the tab owes another.
  const canTell = owed > 0 && phone !== undefined && latest?.amount !== owed;

  const tell = () => {
    if (saving) return;
    setSaving(true);
    setSaid(null);
    sayTransferred(guestId, owed).then(
      () => {
        setSaving(false);
        // The button goes with the tap: focus moves to the line that says what was done.
        noticesRef.current?.focus();
      },
      () => {
        setSaving(false);
        setSaid('No se pudo guardar el aviso en este teléfono. Intenta de nuevo.');
      },
    );
  };

  return (
    <div className="transfer">
      <button type="button" className="button button-secondary" {...shown.toggle}>
        Transferir
      </button>
      <div id={shown.regionId} className="transfer-details" hidden={!shown.open}>
        <dl className="transfer-data">
          <Datum label="Nombre" named="nombre" value={details.holderName} onSaid={setSaid} />
          <Datum label="RUT" named="RUT" value={details.rut} onSaid={setSaid} />
          <Datum label="Banco" named="banco" value={details.bank} onSaid={setSaid} />
          <Datum label="Tipo de cuenta" named="tipo de cuenta" value={details.accountType} onSaid={setSaid} />
          <Datum label="Número de cuenta" named="número de cuenta" value={details.accountNumber} onSaid={setSaid} />
          <Datum label="Correo" named="correo" value={details.email} onSaid={setSaid} />
          {owed > 0 && <Datum label="Monto" named="monto" value={formatPesos(owed)} copied={String(owed)} onSaid={setSaid} />}
        </dl>
        {canTell && (
          <button type="button" className="button button-primary" aria-busy={saving} onClick={tell}>
            Ya transferí
          </button>
        )}
      </div>
      <p className="pay-said" role="status">
        {said}
      </p>
      <Notices lines={lines} noticesRef={noticesRef} />
    </div>
  );
}

interface DatumProps {
  readonly label: string;
  /** How its button is named for a screen reader: 'Copiar RUT'. */
  readonly named: string;
  readonly value: string;
  /** What the clipboard gets, when not what shows (the amount's digits, which a bank's app takes). */
  readonly copied?: string;
  readonly onSaid: (said: string) => void;
}

/** One datum and its 'Copiar'; where the phone lets no page write the clipboard, the datum is selected for the guest to copy. */
function Datum({ label, named, value, copied = value, onSaid }: DatumProps) {
  const valueRef = useRef<HTMLElement>(null);
  const copy = async () => {
    const done = await copyOrSelect(copied, valueRef.current);
    onSaid(done === 'copied' ? `${label} copiado.` : `${label} quedó seleccionado: cópialo con el menú del teléfono.`);
  };
  return (
    <div className="transfer-datum">
      <dt>{label}</dt>
      <dd>
        <span className="transfer-value" ref={valueRef}>
          {value}
        </span>
        <button type="button" className="button button-quiet" aria-label={`Copiar ${named}`} onClick={() => void copy()}>
          Copiar
        </button>
      </dd>
    </div>
  );
}

/** What the guest told the host, each notice once: from the phone at once, from the server once it has it. */
function Notices({ lines, noticesRef }: { readonly lines: readonly ShownNotice[]; readonly noticesRef: RefObject<HTMLDivElement | null> }) {
  const outbox = usePageOutbox();
  const refused = lines.some((notice) => notice.state === 'refused');
  return (
    <>
      <div className="transfer-notices" role="status" tabIndex={-1} ref={noticesRef}>
        {lines.map((notice) => (
          <p key={notice.id} className={notice.state === 'refused' ? 'transfer-notice transfer-refused' : 'transfer-notice'}>
            {noticeText(notice)}
            {notice.state === 'queued' && <span className="transfer-waiting"> {NOTICE_WAITING}</span>}
          </p>
        ))}
      </div>
      {refused && (
        <button type="button" className="button button-quiet" onClick={() => void retryNotices(outbox)}>
          Reintentar
        </button>
      )}
    </>
  );
}
