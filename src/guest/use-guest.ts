import { useSyncExternalStore } from 'react';
import { acceptGuestName } from './name.ts';
import { createListeners, newId, readLocal, removeLocal, writeLocal } from '../platform/index.ts';
import { arriveAtParty, currentParty, newGuest, type PhoneGuests } from './parties.ts';
import {
  CURRENT_PARTY_KEY,
  EARLIER_GUESTS_KEY,
  GUEST_STORAGE_KEY,
  parseCurrentParty,
  parseEarlierGuests,
  parseStoredGuest,
  saveGuest,
  type Guest,
} from './storage.ts';

const KEYS = [GUEST_STORAGE_KEY, EARLIER_GUESTS_KEY, CURRENT_PARTY_KEY];

/** The readers of the phone's guests; while there are any, a change another tab makes tells them too. */
const { subscribe, notify } = createListeners({
  first: () => window.addEventListener('storage', onStorage),
  last: () => window.removeEventListener('storage', onStorage),
});

/**
 * What storage held when it was last read or written: a change made there by
 * anyone (another tab, a cleared site) shows on the next read, parsed once. A
 * browser that refuses localStorage keeps answering the same values, so the
 * guest kept here in memory still orders.
 */
let seen: { readonly raw: readonly (string | null)[]; readonly phone: PhoneGuests } | undefined;

function read(): PhoneGuests {
  const raw = KEYS.map(readLocal);
  if (seen?.raw.every((value, index) => value === raw[index]) !== true) {
    const [user = null, earlier = null, party = null] = raw;
    const guest = parseStoredGuest(user);
    seen = { raw, phone: { guest, party: currentParty(guest, parseCurrentParty(party)), earlier: parseEarlierGuests(earlier) } };
  }
  return seen.phone;
}

const snapshot = (): Guest | null => read().guest;
const earlierSnapshot = (): readonly Guest[] => read().earlier;

/** Keeps what the phone knows of its guests, and tells every reader. */
function keep(phone: PhoneGuests): void {
  if (phone.guest) saveGuest(phone.guest);
  else removeLocal(GUEST_STORAGE_KEY);
  if (phone.party === null) removeLocal(CURRENT_PARTY_KEY);
  else writeLocal(CURRENT_PARTY_KEY, phone.party);
  if (phone.earlier.length === 0) removeLocal(EARLIER_GUESTS_KEY);
  else writeLocal(EARLIER_GUESTS_KEY, JSON.stringify(phone.earlier));
  seen = { raw: KEYS.map(readLocal), phone };
  notify();
}

function onStorage(event: StorageEvent): void {
  if (event.key === null || KEYS.includes(event.key)) notify();
}

/** Makes a guest from a typed name, in the party the app opens into; a name that is too short is ignored (null). */
export function registerGuest(typedName: string): Guest | null {
  const name = acceptGuestName(typedName);
  if (name === null) return null;
  const phone = read();
  const guest = newGuest(newId(), name, phone.party);
  keep({ ...phone, guest });
  return guest;
}

/**
 * The same guest under a new name, after the server refused the old one: the id
 * (and so the tab, and the party) stays. Null when the name is too short, or there is no guest.
 */
export function renameGuest(typedName: string): Guest | null {
  const name = acceptGuestName(typedName);
  const phone = read();
  const known = phone.guest;
  if (name === null || known === null) return null;
  const guest: Guest = { ...known, full_name: name };
  keep({ ...phone, guest });
  return guest;
}

/**
 * The phone opened party `code`'s link (`/f/<code>`): from now on the app opens
 * into that party (see arriveAtParty). Returns what the phone held before, so
 * a code the server says no party has can be undone.
 */
export function arriveByLink(code: string): PhoneGuests {
  const before = read();
  const after = arriveAtParty(before, code);
  if (after !== before) keep(after);
  return before;
}

/**
 * No party has the code the phone arrived by: it opens into what it held
 * before, unless a guest was made there since (the server refuses that one, and says so).
 */
export function undoArrival(before: PhoneGuests, code: string): void {
  const now = read();
  if (now.party === code && now.guest === null && before.party !== code) keep(before);
}

/** The stored guest (or null), shared by every component and kept in step across tabs. */
export function useGuest(): Guest | null {
  return useSyncExternalStore(subscribe, snapshot, () => null);
}

const NO_GUESTS: readonly Guest[] = [];

/** The guests of earlier parties on this phone, newest first. */
export function useEarlierGuests(): readonly Guest[] {
  return useSyncExternalStore(subscribe, earlierSnapshot, () => NO_GUESTS);
}

/** Calls `heard` with the stored guest now and whenever it changes (a name typed, another tab): for what the page runs outside React. */
export function watchGuest(heard: (guest: Guest | null) => void): () => void {
  const tell = () => heard(snapshot());
  const stop = subscribe(tell);
  tell();
  return stop;
}
