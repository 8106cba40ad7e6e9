export { localKeysStartingWith, parseStoredJson, readLocal, removeLocal, writeLocal } from './localStore.ts';
