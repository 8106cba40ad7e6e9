export { dismissInstallHint, promptInstall, useInstallOffer, watchInstallOffers } from './install.ts';
export { requestPersistentStorage } from './persist.ts';
export { useAppUpdate } from './use-app-update.ts';
export { useOfflineFailed } from './offline-readiness.ts';
export { appTakesOver, firstViewFitsHere, HIDE_FIRST_VIEW, NAME_FIELD, STORED_GUEST_KEY, takeEarlyName } from './first-view.ts';
export { linkManifestOnceKept } from './manifest-link.ts';
