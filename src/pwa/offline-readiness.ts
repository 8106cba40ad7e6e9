/**
 * Whether the app could be kept on the phone for use with no signal. When the
 * service worker's first install fails (a file it could not keep, the page of
 * another build), the browser drops the registration and says nothing: the
 * guest would find out in the basement. This follows the registration and
 * tells the page. An update that fails leaves the running version, which
 * still opens with no signal: nothing to say then.
 */
import { useSyncExternalStore } from 'react';
import { createListeners } from '../platform/index.ts';

let failed = false;
const { subscribe, notify } = createListeners();

function setFailed(value: boolean): void {
  if (failed === value) return;
  failed = value;
  notify();
}

/** No version is installed or about to take over: nothing would answer with no signal. */
const nothingKept = (registration: ServiceWorkerRegistration) => !registration.active && !registration.waiting;

/** Follows one installing worker until it is active (ready) or redundant (its install failed). */
function follow(registration: ServiceWorkerRegistration, worker: ServiceWorker | null): void {
  if (!worker) return;
  const check = () => {
    if (worker.state === 'activated') setFailed(false);
    else if (worker.state === 'redundant') setFailed(nothingKept(registration));
  };
  check();
  // Page-long: a worker's events end with it.
  worker.addEventListener('statechange', check);
}

/** Follows the registration's installs (the first, and any retry); returns how to stop. */
export function watchOfflineReadiness(registration: ServiceWorkerRegistration): () => void {
  // Already failed before the page asked (the early registration's install): the browser left no worker at all.
  if (!registration.installing && nothingKept(registration)) setFailed(true);
  follow(registration, registration.installing);
  const onUpdateFound = () => follow(registration, registration.installing);
  registration.addEventListener('updatefound', onUpdateFound);
  return () => registration.removeEventListener('updatefound', onUpdateFound);
}

/** The worker could not even be registered (its script unreachable or refused); unless one already runs the page. */
export function registrationFailed(): void {
  if (!navigator.serviceWorker.controller) setFailed(true);
}

/** True when the app could not be kept for use with no signal. */
export function useOfflineFailed(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => failed,
    () => false,
  );
}
