export { localKeysStartingWith, readLocal, removeLocal, writeLocal } from './localStore.ts';
