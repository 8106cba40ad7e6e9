import { useState } from 'react';
import { csvFileName, downloadText, parsePartyMoney, parsePartyOrders, partyCsv, useHostSession } from '../../host/index.ts';

/**
 * 'Descargar CSV': every line of every tab, and the money (payments and their ways, refunds, saldo a favor, what the
 * host absorbed), fresh from the server (it needs the signal).
 * Its message takes a line of its own under the page's buttons (host.css), so it never pushes 'Salir' down.
 */
export function DownloadCsv() {
  const { places } = useHostSession();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  async function download() {
    if (busy) return;
    setBusy(true);
    setMessage(null);
    const [answer, moneyAnswer] = await Promise.all([places.ask({ action: 'orders' }), places.ask({ action: 'money' })]);
    const orders = answer.kind === 'ok' ? parsePartyOrders(answer.json) : null;
    const money = moneyAnswer.kind === 'ok' ? parsePartyMoney(moneyAnswer.json) : null;
    if (orders && money) downloadText(csvFileName(new Date()), partyCsv(orders, money));
    else setMessage(answer.kind === 'offline' ? 'Sin señal: el CSV se descarga cuando vuelva la conexión.' : 'No se pudo armar el CSV; intenta de nuevo.');
    setBusy(false);
  }

  return (
    <div className="host-csv">
      <button type="button" className="button button-secondary" aria-busy={busy} onClick={() => void download()}>
        Descargar CSV
      </button>
      <div className="host-csv-message" aria-live="polite">
        {message && <p className="host-error">{message}</p>}
      </div>
    </div>
  );
}
