/**
 * The app's `useRegisterSW` (use-app-update.ts imports it): vite-plugin-pwa's
 * `virtual:pwa-register/react` hook for prompt mode, rewritten without
 * workbox-window. That one fetched workbox-window as a chunk of its own once
 * the app ran, and the worker had to keep it too: a request and 2.7 KB more on
 * the link before the app works offline on one bar of signal. Same contract:
 * `needRefresh` turns true when a new version is installed and waiting while
 * an older one runs the page; `updateServiceWorker` tells it to take over
 * (SKIP_WAITING, src/sw.ts) and reloads once it has. The first install never
 * asks: it takes charge of the page by itself (clients.claim).
 */
import { useEffect, useState } from 'react';
import type { RegisterSWOptions } from 'vite-plugin-pwa/types';
import { SKIP_WAITING_MESSAGE } from './messages.ts';

const SCRIPT = '/sw.js';
const SCOPE = '/';

let registering: Promise<ServiceWorkerRegistration> | undefined;
/** Set when the guest accepted the update: the next change of controller is the new version, so reload. */
let reloadOnTakeover = false;

/** One registration per page, however many times the hook mounts (StrictMode mounts twice). */
function register(): Promise<ServiceWorkerRegistration> {
  registering ??= navigator.serviceWorker.register(SCRIPT, { scope: SCOPE });
  return registering;
}

/** Calls `onWaiting` whenever a new version is installed and waits while an older one controls the page. */
function watchForWaiting(registration: ServiceWorkerRegistration, onWaiting: () => void): () => void {
  const isUpdate = () => Boolean(navigator.serviceWorker.controller);
  if (registration.waiting && isUpdate()) onWaiting();
  const onUpdateFound = () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed' && isUpdate()) onWaiting();
    });
  };
  registration.addEventListener('updatefound', onUpdateFound);
  return () => registration.removeEventListener('updatefound', onUpdateFound);
}

export function useRegisterSW(options: RegisterSWOptions = {}) {
  const needRefresh = useState(false);
  const offlineReady = useState(false);
  const [, setNeedRefresh] = needRefresh;
  const { onRegisteredSW, onRegisterError, onNeedRefresh, onNeedReload } = options;

  useEffect(() => {
    // In dev there is no worker to register (the build makes it).
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return undefined;
    const container = navigator.serviceWorker;
    let stop: (() => void) | undefined;
    let current = true;
    register().then(
      (registration) => {
        if (!current) return;
        onRegisteredSW?.(SCRIPT, registration);
        stop = watchForWaiting(registration, () => {
          setNeedRefresh(true);
          onNeedRefresh?.();
        });
      },
      (error: unknown) => {
        if (current) onRegisterError?.(error);
      },
    );
    const onControllerChange = () => {
      if (!reloadOnTakeover) return;
      if (onNeedReload) onNeedReload();
      else window.location.reload();
    };
    container.addEventListener('controllerchange', onControllerChange);
    return () => {
      current = false;
      stop?.();
      container.removeEventListener('controllerchange', onControllerChange);
    };
    // The options are read once, as vite-plugin-pwa's hook reads them.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const updateServiceWorker = async (): Promise<void> => {
    if (!('serviceWorker' in navigator)) return;
    const registration = await register();
    if (!registration.waiting) return;
    reloadOnTakeover = true;
    registration.waiting.postMessage({ type: SKIP_WAITING_MESSAGE });
  };

  return { needRefresh, offlineReady, updateServiceWorker };
}
