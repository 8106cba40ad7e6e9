export { newId } from './ids.ts';
export { atEachContact } from './contact.ts';
export { createListeners, type Followed } from './listeners.ts';
export { localKeysStartingWith, parseStoredJson, readLocal, removeLocal, writeLocal } from './local-store.ts';
export { onceKeptAndIdle, onIdle } from './once-kept.ts';
export { runAgainIfAsked } from './run-again.ts';
export { copyOrSelect, copyText, shareLink, type ShareResult } from './share.ts';
