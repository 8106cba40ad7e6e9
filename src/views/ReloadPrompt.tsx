import { useAppUpdate } from '../pwa/index.ts';

/**
 * All update UI: a new version waits until the guest says yes; the tab stays on the phone either way.
 * The live region is always in the page: one mounted together with its text is often not announced.
 */
export function ReloadPrompt() {
  const update = useAppUpdate();
  return (
    <div aria-live="polite">
      {update.waiting && (
        <section className="update-prompt" aria-label="Actualización">
          <p className="update-text">Hay una versión nueva</p>
          <div className="update-actions">
            <button type="button" className="button button-quiet" onClick={update.dismiss}>
              Ahora no
            </button>
            <button type="button" className="button button-primary" onClick={update.accept}>
              Actualizar
            </button>
          </div>
        </section>
      )}
    </div>
  );
}
