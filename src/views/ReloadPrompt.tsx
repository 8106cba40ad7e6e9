import { useAppUpdate } from '../pwa/index.ts';

/** All update UI: a new version waits until the guest says yes; the tab stays on the phone either way. */
export function ReloadPrompt() {
  const update = useAppUpdate();
  if (!update.waiting) return null;
  return (
    <section className="update-prompt" aria-label="Actualización" aria-live="polite">
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
  );
}
