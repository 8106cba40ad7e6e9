import { dismissInstallHint, promptInstall, useInstallOffer } from '../pwa/index.ts';

/** 'Instalar La Cuenta' where the browser offers it, the Share hint on iOS Safari, nothing once installed. */
export function InstallHelp() {
  const offer = useInstallOffer();
  if (offer === 'none') return null;
  return (
    <section className="install" aria-label="Instalar la app">
      {offer === 'button' ? (
        <>
          <p className="install-text">Tenla en tu pantalla de inicio: abre al tiro, incluso sin señal.</p>
          <button type="button" className="button button-secondary" onClick={() => void promptInstall().catch(() => undefined)}>
            Instalar La Cuenta
          </button>
        </>
      ) : (
        <>
          <p className="install-text">Para instalarla: toca Compartir y luego «Agregar a inicio».</p>
          <button type="button" className="button button-quiet" onClick={dismissInstallHint}>
            Entendido
          </button>
        </>
      )}
    </section>
  );
}
