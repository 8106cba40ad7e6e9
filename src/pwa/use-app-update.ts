// The app's own hook, with vite-plugin-pwa's contract (register-sw.ts).
import { useEffect, useState } from 'react';
import { useRegisterSW } from './register-sw.ts';
import { registrationFailed, watchOfflineReadiness } from './offline-readiness.ts';

// The worker is registered before this code even arrives: by a script of its
// own that index.html loads (early-registration.ts). The hook's
// registration below is that same one.

/** How often an open app asks whether a new version was deployed. */
const UPDATE_CHECK_MS = 30 * 60 * 1000;

/** Asks now and then, and whenever the app shows again; the returned function stops asking. */
function checkForUpdates(registration: ServiceWorkerRegistration): () => void {
  const check = () => {
    if (navigator.onLine) registration.update().catch(() => undefined);
  };
  const onVisible = () => {
    if (document.visibilityState === 'visible') check();
  };
  const timer = setInterval(check, UPDATE_CHECK_MS);
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    clearInterval(timer);
    document.removeEventListener('visibilitychange', onVisible);
  };
}

export interface AppUpdate {
  /** A new version is installed and waits for the guest's yes. */
  readonly waiting: boolean;
  /** Activates the waiting version and reloads into it. */
  readonly accept: () => void;
  readonly dismiss: () => void;
}

/**
 * Registers the service worker in prompt mode: an update never replaces the
 * running app on its own, the guest decides. A first install or a
 * registration that fails is told to the page (offline-readiness.ts): the app
 * works without a worker, just not offline, and the guest must know.
 */
export function useAppUpdate(): AppUpdate {
  const [registered, setRegistered] = useState<ServiceWorkerRegistration | null>(null);
  const {
    needRefresh: [waiting, setWaiting],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      watchOfflineReadiness(registration);
      setRegistered(registration);
    },
    onRegisterError: registrationFailed,
  });
  // The checks last as long as the app that asked for them.
  useEffect(() => (registered ? checkForUpdates(registered) : undefined), [registered]);
  return {
    waiting,
    accept: () => void updateServiceWorker(),
    dismiss: () => setWaiting(false),
  };
}
