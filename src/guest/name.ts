/** Name rules (spec §5): a real name, 3 to 60 characters once cleaned; the database keeps the same rule. */
import { cleanGuestText, countCharacters, GUEST_NAME_LENGTH, isGuestName } from '../../supabase/functions/_shared/rules.ts';

export const MIN_NAME_LENGTH = GUEST_NAME_LENGTH.min;
export const MAX_NAME_LENGTH = GUEST_NAME_LENGTH.max;

/**
 * The name to keep, or null when it is too short and must be silently ignored.
 * Control, direction-override and lone-surrogate characters become spaces,
 * space runs fold into one, and anything past 60 characters is cut; what comes
 * out is exactly what the database accepts (`isGuestName`).
 */
export function acceptGuestName(raw: string): string | null {
  const cleaned = cleanGuestText(raw);
  const name = countCharacters(cleaned) <= MAX_NAME_LENGTH ? cleaned : Array.from(cleaned).slice(0, MAX_NAME_LENGTH).join('').trimEnd();
  return isGuestName(name) ? name : null;
}

/**
 * True once the name field holds all it takes (its maxLength counts UTF-16
 * units, as browsers do): from there on typing adds nothing, so the guest is
 * told instead of having a long name cut silently mid-word.
 */
export function reachesNameLimit(typed: string): boolean {
  return typed.length >= MAX_NAME_LENGTH;
}
