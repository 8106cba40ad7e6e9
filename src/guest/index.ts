export { acceptGuestName, checkGuestName, MAX_NAME_LENGTH, MIN_NAME_LENGTH, NAME_NEEDS_LETTERS, reachesNameLimit } from './name.ts';
export { GUEST_STORAGE_KEY, loadGuest, parseStoredGuest, saveGuest, type Guest } from './storage.ts';
export { registerGuest, renameGuest, useGuest } from './useGuest.ts';
