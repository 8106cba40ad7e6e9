import { useState } from 'react';
import { useHostSession } from '../../host/index.ts';

/** 'Cerrar la fiesta', asked twice: once closed, no new guests, orders or resets. */
export function CloseParty() {
  const { feed } = useHostSession();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function close() {
    setBusy(true);
    setError(null);
    const reason = await feed.closeParty();
    setBusy(false);
    setError(reason);
    if (reason === null) setAsking(false);
  }

  return (
    <section className="card host-close" aria-label="Cerrar la fiesta">
      {asking ? (
        <>
          <p className="host-label">¿Cerrar la fiesta? Nadie más podrá entrar ni pedir.</p>
          <div className="host-form-buttons">
            <button type="button" className="button button-quiet" onClick={() => setAsking(false)}>
              Cancelar
            </button>
            <button type="button" className="button button-primary" aria-busy={busy} onClick={() => void close()}>
              Sí, cerrar
            </button>
          </div>
        </>
      ) : (
        <button type="button" className="button button-secondary" onClick={() => setAsking(true)}>
          Cerrar la fiesta
        </button>
      )}
      <div aria-live="assertive">{error && <p className="host-error">{error}</p>}</div>
    </section>
  );
}
