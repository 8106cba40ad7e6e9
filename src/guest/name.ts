/** Name rules (spec §5): a real name, 3 to 60 characters once cleaned, 3 of them letters; the database keeps the same rule. */
import { cleanGuestText, countCharacters, GUEST_NAME_LENGTH, GUEST_NAME_LETTERS, isGuestName } from '../../supabase/functions/_shared/rules.ts';

export const MIN_NAME_LENGTH = GUEST_NAME_LENGTH.min;
export const MAX_NAME_LENGTH = GUEST_NAME_LENGTH.max;

/** Said under the field when a name is long enough but has too few letters to read (spec §5 ignores only short ones). */
export const NAME_NEEDS_LETTERS = `Tu nombre necesita al menos ${GUEST_NAME_LETTERS} letras que se puedan leer.`;

/**
 * The name to keep, or why not: 'short' (under 3 characters, silently
 * ignored, as the spec says) or 'letters' (3 characters or more, but fewer
 * than 3 letters: emoji, digits or blanks alone). Control, direction-override
 * and lone-surrogate characters become spaces, characters that show nothing
 * are dropped, space runs fold into one, and anything past 60 characters is
 * cut; what comes out is exactly what the database accepts (`isGuestName`).
 */
export type NameCheck = { readonly ok: true; readonly name: string } | { readonly ok: false; readonly problem: 'short' | 'letters' };

export function checkGuestName(raw: string): NameCheck {
  const cleaned = cleanGuestText(raw);
  const name = countCharacters(cleaned) <= MAX_NAME_LENGTH ? cleaned : Array.from(cleaned).slice(0, MAX_NAME_LENGTH).join('').trimEnd();
  if (isGuestName(name)) return { ok: true, name };
  return { ok: false, problem: countCharacters(name) < MIN_NAME_LENGTH ? 'short' : 'letters' };
}

/** The name to keep, or null when it must not be kept. */
export function acceptGuestName(raw: string): string | null {
  const check = checkGuestName(raw);
  return check.ok ? check.name : null;
}

/**
 * True once the name field holds all it takes (its maxLength counts UTF-16
 * units, as browsers do): from there on typing adds nothing, so the guest is
 * told instead of having a long name cut silently mid-word.
 */
export function reachesNameLimit(typed: string): boolean {
  return typed.length >= MAX_NAME_LENGTH;
}
