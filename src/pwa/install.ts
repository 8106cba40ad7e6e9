/**
 * The browser's offer to install the app, caught from the moment the app
 * starts (main.tsx: Chromium may make it before React has rendered, or before
 * the guest's screen has loaded), and the guest's 'Entendido' to the iOS
 * hint, kept on the phone.
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

/** Catches the browser's offers on `target` from now on; returns how to stop, which lets go of what it caught. */
export function watchInstallOffers(target: Window): () => void {
  target.addEventListener('beforeinstallprompt', keepOffer);
  target.addEventListener('appinstalled', wasInstalled);
  return () => {
    target.removeEventListener('beforeinstallprompt', keepOffer);
    target.removeEventListener('appinstalled', wasInstalled);
    // Unwatched, an offer kept may have been withdrawn, and the install undone: offer nothing on old news.
    offered = null;
    installed = false;
    notify();
  };
}

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
