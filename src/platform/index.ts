export { readLocal, removeLocal, writeLocal } from './localStore.ts';
