import { useId, useState, type SyntheticEvent } from 'react';
import { formatPartyDate, goToSection, todayIso, useHostSession, type ListedParty } from '../../host/index.ts';
import { typedInto } from '../fields.ts';
import { HostField } from './HostField.tsx';

interface NewPartyFormProps {
  /** The earlier parties whose list the new one may copy. */
  readonly parties: readonly ListedParty[];
}

/** 'Nueva fiesta': a name, a date (today unless changed), the payment page if it has its own, the list it starts with. */
export function NewPartyForm({ parties }: NewPartyFormProps) {
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <button type="button" className="button button-primary host-new-party" onClick={() => setOpen(true)}>
        Nueva fiesta
      </button>
    );
  }
  return <PartyForm parties={parties} onCancel={() => setOpen(false)} />;
}

/** The built-in list's option: no party to copy. */
const HOUSE_MENU = '';

function PartyForm({ parties, onCancel }: NewPartyFormProps & { readonly onCancel: () => void }) {
  const { places } = useHostSession();
  const [name, setName] = useState('');
  const [date, setDate] = useState(todayIso);
  const [paymentUrl, setPaymentUrl] = useState('');
  const [menuFrom, setMenuFrom] = useState(HOUSE_MENU);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ids = { menu: useId(), title: useId() };

  async function submit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    // A new party opens on 'Compartir' (its QR, its key): the address says so before its page shows.
    goToSection('compartir', 'replace');
    // The function checks every field and says what is wrong in Spanish; the form only trims.
    const reason = await places.createParty({
      name: name.trim(),
      date,
      paymentUrl: paymentUrl.trim() || null,
      menuFrom: menuFrom === HOUSE_MENU ? null : menuFrom,
    });
    setBusy(false);
    setError(reason);
  }

  return (
    <form className="card host-party-form" aria-labelledby={ids.title} onSubmit={(event) => void submit(event)} noValidate>
      <h2 className="card-title" id={ids.title}>
        Nueva fiesta
      </h2>
      <HostField label="Nombre" name="party_name" placeholder="Nombre de la fiesta" {...typedInto(name, setName)} />
      <HostField label="Fecha" type="date" name="party_date" {...typedInto(date, setDate)} />
      <HostField
        label="Página de pago (opcional)"
        type="url"
        name="payment_url"
        inputMode="url"
        placeholder="https://…"
        {...typedInto(paymentUrl, setPaymentUrl)}
      />
      <label className="host-label" htmlFor={ids.menu}>
        Carta
      </label>
      <select id={ids.menu} className="text-input" name="menu_from" value={menuFrom} onChange={(event) => setMenuFrom(event.target.value)}>
        <option value={HOUSE_MENU}>Carta de la casa</option>
        {parties.map((party) => (
          <option key={party.code} value={party.code}>
            Copia de la carta de {party.name} ({formatPartyDate(party.party_date)})
          </option>
        ))}
      </select>
      <div aria-live="assertive">{error && <p className="host-error">{error}</p>}</div>
      <div className="host-form-buttons">
        <button type="button" className="button button-quiet" onClick={onCancel}>
          Cancelar
        </button>
        <button type="submit" className="button button-primary" aria-busy={busy}>
          Crear fiesta
        </button>
      </div>
    </form>
  );
}
