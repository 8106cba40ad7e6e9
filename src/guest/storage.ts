import { isPartyCode, isUuid } from '../db/index.ts';
import { parseStoredJson, writeLocal } from '../platform/index.ts';
import { acceptGuestName, MAX_NAME_LENGTH, MIN_NAME_LENGTH } from './name.ts';

/**
 * The guest, as kept in localStorage under `user` (spec §3), with the code of
 * the party they joined by its link (`/f/<code>`); none for the default party,
 * so a guest who came through `/` is kept exactly as before parties.
 */
export interface Guest {
  readonly id: string;
  readonly full_name: string;
  readonly party?: string;
}

export const GUEST_STORAGE_KEY = 'user';
/** The guests this phone had in earlier parties, newest first: their tabs stay readable. */
export const EARLIER_GUESTS_KEY = 'earlierGuests';
/** The party the app opens into while it has no guest there yet (a link opened, no name typed). */
export const CURRENT_PARTY_KEY = 'party';

/** Reads a stored `user` value; anything corrupt or incomplete means "no guest". */
export function parseStoredGuest(raw: string | null): Guest | null {
  return guestFrom(parseStoredJson(raw));
}

function guestFrom(value: unknown): Guest | null {
  if (typeof value !== 'object' || value === null) return null;
  const { id, full_name: fullName } = value as Record<string, unknown>;
  if (!isUuid(id) || typeof fullName !== 'string') return null;
  const name = acceptGuestName(fullName) ?? keptUnderEarlierRules(fullName);
  if (name === null) return null;
  const { party } = value as Record<string, unknown>;
  return isPartyCode(party) ? { id, full_name: name, party } : { id, full_name: name };
}

/** The stored earlier guests; a corrupt list is none, a corrupt entry is left out. */
export function parseEarlierGuests(raw: string | null): Guest[] {
  const value = parseStoredJson(raw);
  if (!Array.isArray(value)) return [];
  return value.map(guestFrom).filter((guest): guest is Guest => guest !== null);
}

/** The stored current party's code, or null (the default party). */
export function parseCurrentParty(raw: string | null): string | null {
  return isPartyCode(raw) ? raw : null;
}

/**
 * A name kept under an earlier, looser rule (three emoji, say) still means this
 * guest: dropping it would cut the phone off from its tab. The bar refuses it
 * if it must, and that refusal asks for the name again with the tab kept.
 */
function keptUnderEarlierRules(fullName: string): string | null {
  const length = Array.from(fullName.trim()).length;
  return length >= MIN_NAME_LENGTH && length <= MAX_NAME_LENGTH ? fullName : null;
}

/** Keeps the guest on the phone; returns false if the browser refused to store it. */
export function saveGuest(guest: Guest): boolean {
  return writeLocal(GUEST_STORAGE_KEY, JSON.stringify(guest));
}
