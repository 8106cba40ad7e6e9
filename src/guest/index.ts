export { acceptGuestName, checkGuestName, MAX_NAME_LENGTH, MIN_NAME_LENGTH, NAME_NEEDS_LETTERS, reachesNameLimit } from './name.ts';
export { arriveAtParty, currentParty, newGuest, type PhoneGuests } from './parties.ts';
export { CURRENT_PARTY_KEY, EARLIER_GUESTS_KEY, GUEST_STORAGE_KEY, parseEarlierGuests, parseStoredGuest, saveGuest, type Guest } from './storage.ts';
export { arriveByLink, registerGuest, renameGuest, undoArrival, useEarlierGuests, useGuest } from './useGuest.ts';
