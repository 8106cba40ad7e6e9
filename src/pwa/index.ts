export { dismissInstallHint, promptInstall, useInstallOffer } from './install.ts';
export { requestPersistentStorage } from './persist.ts';
export { useAppUpdate, type AppUpdate } from './useAppUpdate.ts';
export { useOfflineFailed } from './offline-readiness.ts';
export { appTakesOver, HIDE_FIRST_VIEW, takeQueuedName } from './first-view.ts';
