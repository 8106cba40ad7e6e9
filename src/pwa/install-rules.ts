/** When to offer installing the app, and when asking for durable storage asks the guest nothing: pure rules. */

export type InstallOffer = 'button' | 'ios-hint' | 'none';

export interface InstallSituation {
  /** The app already runs installed (display-mode standalone, or iOS's navigator.standalone). */
  readonly installed: boolean;
  /** The browser handed over its install prompt (`beforeinstallprompt`). */
  readonly promptReady: boolean;
  readonly iosSafari: boolean;
  /** The guest said 'Entendido' to the iOS hint once. */
  readonly hintDismissed: boolean;
}

/** 'Instalar La Cuenta' where the browser offers it; on iOS Safari the Share hint, until dismissed; never once installed. */
export function installOffer(situation: InstallSituation): InstallOffer {
  if (situation.installed) return 'none';
  if (situation.promptReady) return 'button';
  return situation.iosSafari && !situation.hintDismissed ? 'ios-hint' : 'none';
}

/** Browsers on iOS that are not Safari, and in-app browsers, which cannot add to the home screen from Share. */
const NOT_SAFARI = /\b(?:CriOS|FxiOS|EdgiOS|OPiOS|OPT|YaBrowser|DuckDuckGo|GSA|FBAN|FBAV|Instagram|Line|Snapchat|WhatsApp)\b/;

/** iPhone, iPod, and iPad (which may say "Macintosh" but has a touch screen), in Safari itself. */
export function isIosSafari(userAgent: string, maxTouchPoints: number): boolean {
  const apple = /\b(?:iPhone|iPad|iPod)\b/.test(userAgent) || (/\bMacintosh\b/.test(userAgent) && maxTouchPoints > 1);
  return apple && /\bSafari\//.test(userAgent) && /\bVersion\//.test(userAgent) && !NOT_SAFARI.test(userAgent);
}

/** Installed: the display mode says so, or iOS's own flag does. */
export function runsInstalled(displayModeStandalone: boolean, navigatorStandalone: unknown): boolean {
  return displayModeStandalone || navigatorStandalone === true;
}

export interface PersistSituation {
  readonly installed: boolean;
  /** `navigator.permissions.query({ name: 'persistent-storage' })`, or 'unknown' where it cannot tell. */
  readonly permission: PermissionState | 'unknown';
  /** Chromium decides `persist()` by itself and never shows a prompt. */
  readonly decidesWithoutPrompt: boolean;
}

/**
 * Asks for durable storage only where that shows no prompt: already granted,
 * Chromium, or the app running installed. Firefox asks the guest in a prompt,
 * which has no place on the first screens.
 */
export function mayAskPersistence(situation: PersistSituation): boolean {
  return situation.installed || situation.permission === 'granted' || situation.decidesWithoutPrompt;
}
