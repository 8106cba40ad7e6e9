/**
 * The browser's offer to install the app, caught from the moment this module
 * loads (Chromium may make it before React has rendered), and the guest's
 * 'Entendido' to the iOS hint, kept on the phone.
 */
import { useSyncExternalStore } from 'react';
import { createListeners, readLocal, writeLocal } from '../platform/index.ts';
import { appRunsInstalled } from './display.ts';
import { installOffer, isIosSafari, type InstallOffer } from './install-rules.ts';

/** Chromium's `beforeinstallprompt` event (not in TypeScript's DOM types). */
interface InstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
  readonly userChoice: Promise<{ readonly outcome: 'accepted' | 'dismissed' }>;
}

export const INSTALL_HINT_KEY = 'installHintDismissed';

let offered: InstallPromptEvent | null = null;
let installed = false;
const { subscribe, notify } = createListeners();

function keepOffer(event: Event): void {
  // The browser's own mini-infobar stays away; 'Instalar La Cuenta' opens the same prompt.
  event.preventDefault();
  offered = event as InstallPromptEvent;
  notify();
}

function wasInstalled(): void {
  offered = null;
  installed = true;
  notify();
}

/** Starts listening to `target`; returns how to stop (tests). */
export function watchInstallOffers(target: Window): () => void {
  target.addEventListener('beforeinstallprompt', keepOffer);
  target.addEventListener('appinstalled', wasInstalled);
  return () => {
    target.removeEventListener('beforeinstallprompt', keepOffer);
    target.removeEventListener('appinstalled', wasInstalled);
  };
}

if (typeof window !== 'undefined') watchInstallOffers(window);

function currentOffer(): InstallOffer {
  return installOffer({
    installed: installed || appRunsInstalled(),
    promptReady: offered !== null,
    iosSafari: isIosSafari(navigator.userAgent, navigator.maxTouchPoints),
    hintDismissed: readLocal(INSTALL_HINT_KEY) === '1',
  });
}

/** Opens the browser's install prompt; the offer is used up either way (the browser may offer again later). */
export async function promptInstall(): Promise<void> {
  const offer = offered;
  if (!offer) return;
  offered = null;
  notify();
  await offer.prompt();
  await offer.userChoice;
}

/** 'Entendido': the iOS hint never shows again on this phone. */
export function dismissInstallHint(): void {
  writeLocal(INSTALL_HINT_KEY, '1');
  notify();
}

/** What to offer now: 'Instalar La Cuenta', the iOS hint, or nothing. */
export function useInstallOffer(): InstallOffer {
  return useSyncExternalStore(subscribe, currentOffer, () => 'none');
}

/** Forgets a caught offer; for tests. */
export function forgetInstallOffer(): void {
  offered = null;
  installed = false;
  notify();
}
