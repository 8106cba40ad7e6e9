/**
 * Which guest the phone opens into, by party: pure rules over what is kept in
 * localStorage. A guest belongs to one party for good; a phone that opens
 * another party's link starts a new guest there and keeps the earlier ones,
 * whose tabs stay readable.
 */
import type { Guest } from './storage.ts';

/** What the phone keeps of its guests. */
export interface PhoneGuests {
  /** The guest the app opens into (`user`), or null until a name is typed. */
  readonly guest: Guest | null;
  /** The party the app opens into: the guest's, or the last link's while there is no guest; null is the default party. */
  readonly party: string | null;
  /** Guests of earlier parties, newest first. */
  readonly earlier: readonly Guest[];
}

/** The party the app opens into: the guest's own when there is one. */
export function currentParty(guest: Guest | null, keptParty: string | null): string | null {
  return guest ? (guest.party ?? null) : keptParty;
}

/**
 * The phone opened the link of party `code`. Its own party: nothing changes.
 * Another one: the current guest joins the earlier ones, and the app opens
 * into the guest this phone already had in that party, if any (taken off the
 * earlier ones), or into its name view.
 */
export function arriveAtParty(phone: PhoneGuests, code: string): PhoneGuests {
  if (phone.party === code) return phone;
  const returning = phone.earlier.find((guest) => guest.party === code) ?? null;
  const others = phone.earlier.filter((guest) => guest !== returning);
  return { guest: returning, party: code, earlier: phone.guest ? [phone.guest, ...others] : others };
}

/** A new guest with this name, in the party the app opens into. */
export function newGuest(id: string, fullName: string, party: string | null): Guest {
  return party === null ? { id, full_name: fullName } : { id, full_name: fullName, party };
}
