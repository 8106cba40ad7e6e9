import { useOfflineFailed } from '../pwa/index.ts';

/** docs/product.md: the status line when the app could not be kept for use with no signal. */
const OFFLINE_FAILED_TEXT = 'No se pudo preparar la app para usarla sin señal. Vuelve a abrirla con señal para intentarlo de nuevo.';

/**
 * Says, under the app's name on every screen, that the app will not open with
 * no signal: the browser itself says nothing when the service worker fails to
 * install. The live region is always in the page, so the line is announced.
 */
export function OfflineProblem() {
  const failed = useOfflineFailed();
  return (
    <div aria-live="polite">
      {failed && (
        <p className="sync-line sync-problem offline-problem" role="status">
          {OFFLINE_FAILED_TEXT}
        </p>
      )}
    </div>
  );
}
