/** Name rules (spec §5): a real name, 3 to 60 characters once trimmed. */

export const MIN_NAME_LENGTH = 3;
export const MAX_NAME_LENGTH = 60;

// Control characters (C0, DEL, C1) never belong in a name.
const CONTROL_CHARACTERS = /\p{Cc}/gu;

/**
 * The name to keep, or null when it is too short and must be silently ignored.
 * Lengths count characters (code points), as Postgres does, so an emoji is one;
 * whitespace runs fold into one space, and anything past 60 characters is cut.
 */
export function acceptGuestName(raw: string): string | null {
  const cleaned = raw.replace(CONTROL_CHARACTERS, ' ').replace(/\s+/gu, ' ').trim();
  const characters = Array.from(cleaned);
  if (characters.length < MIN_NAME_LENGTH) return null;
  if (characters.length <= MAX_NAME_LENGTH) return cleaned;
  const cut = characters.slice(0, MAX_NAME_LENGTH).join('').trimEnd();
  return Array.from(cut).length >= MIN_NAME_LENGTH ? cut : null;
}
