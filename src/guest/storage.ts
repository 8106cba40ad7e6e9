import { isUuid } from '../db/index.ts';
import { parseStoredJson, readLocal, writeLocal } from '../platform/index.ts';
import { acceptGuestName, MAX_NAME_LENGTH, MIN_NAME_LENGTH } from './name.ts';

/** The guest, as kept in localStorage under `user` (spec §3). */
export interface Guest {
  readonly id: string;
  readonly full_name: string;
}

export const GUEST_STORAGE_KEY = 'user';

/** Reads a stored `user` value; anything corrupt or incomplete means "no guest". */
export function parseStoredGuest(raw: string | null): Guest | null {
  const value = parseStoredJson(raw);
  if (typeof value !== 'object' || value === null) return null;
  const { id, full_name: fullName } = value as Record<string, unknown>;
  if (!isUuid(id) || typeof fullName !== 'string') return null;
  const name = acceptGuestName(fullName) ?? keptUnderEarlierRules(fullName);
  return name === null ? null : { id, full_name: name };
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

export function loadGuest(): Guest | null {
  return parseStoredGuest(readLocal(GUEST_STORAGE_KEY));
}

/** Keeps the guest on the phone; returns false if the browser refused to store it. */
export function saveGuest(guest: Guest): boolean {
  return writeLocal(GUEST_STORAGE_KEY, JSON.stringify(guest));
}
