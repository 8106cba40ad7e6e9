export { checkGuestName, MAX_NAME_LENGTH, NAME_NEEDS_LETTERS, reachesNameLimit } from './name.ts';
export type { PhoneGuests } from './parties.ts';
export type { Guest } from './storage.ts';
export { arriveByLink, registerGuest, renameGuest, undoArrival, useEarlierGuests, useGuest, watchGuest } from './use-guest.ts';
