import { useSyncExternalStore } from 'react';

function listen(changed: () => void): () => void {
  window.addEventListener('online', changed);
  window.addEventListener('offline', changed);
  return () => {
    window.removeEventListener('online', changed);
    window.removeEventListener('offline', changed);
  };
}

/** Whether the phone has signal, as the browser says it now: with none, no checkout is offered. */
export function useSignal(): boolean {
  return useSyncExternalStore(
    listen,
    () => navigator.onLine,
    () => true,
  );
}
