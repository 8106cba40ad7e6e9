import { useId, useState, type SyntheticEvent } from 'react';
import { todayIso, type HostSession } from '../../host/index.ts';

/** 'Nueva fiesta': a name, a date (today unless changed), the payment page if it has its own. */
export function NewPartyForm({ session }: { readonly session: HostSession }) {
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <button type="button" className="button button-primary host-new-party" onClick={() => setOpen(true)}>
        Nueva fiesta
      </button>
    );
  }
  return <PartyForm session={session} onCancel={() => setOpen(false)} />;
}

function PartyForm({ session, onCancel }: { readonly session: HostSession; readonly onCancel: () => void }) {
  const [name, setName] = useState('');
  const [date, setDate] = useState(todayIso);
  const [paymentUrl, setPaymentUrl] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ids = { name: useId(), date: useId(), url: useId(), title: useId() };

  async function submit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    // The function checks every field and says what is wrong in Spanish; the form only trims.
    const reason = await session.createParty({ name: name.trim(), date, paymentUrl: paymentUrl.trim() || null });
    setBusy(false);
    setError(reason);
  }

  return (
    <form className="card host-party-form" aria-labelledby={ids.title} onSubmit={(event) => void submit(event)} noValidate>
      <h2 className="card-title" id={ids.title}>
        Nueva fiesta
      </h2>
      <label className="host-label" htmlFor={ids.name}>
        Nombre
      </label>
      <input id={ids.name} className="text-input" name="party_name" autoComplete="off" placeholder="Nombre de la fiesta" value={name} onChange={(event) => setName(event.target.value)} />
      <label className="host-label" htmlFor={ids.date}>
        Fecha
      </label>
      <input id={ids.date} className="text-input" type="date" name="party_date" value={date} onChange={(event) => setDate(event.target.value)} />
      <label className="host-label" htmlFor={ids.url}>
        Página de pago (opcional)
      </label>
      <input id={ids.url} className="text-input" type="url" name="payment_url" inputMode="url" autoComplete="off" placeholder="https://…" value={paymentUrl} onChange={(event) => setPaymentUrl(event.target.value)} />
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
