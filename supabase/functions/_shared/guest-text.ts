/** Text a guest typed, made safe to quote: no control or direction-override characters. */

// C0, DEL and C1 controls, plus the bidirectional overrides that can disguise text.
const UNSAFE_CHARACTERS = /[\p{Cc}\u202A-\u202E\u2066-\u2069]/gu;

/** Control characters become spaces, whitespace runs fold into one space, the ends are trimmed. */
export function cleanGuestText(text: string): string {
  return text.replace(UNSAFE_CHARACTERS, ' ').replace(/\s+/gu, ' ').trim();
}

/** Length in characters (code points), as a guest counts them: an emoji is one. */
export function countCharacters(text: string): number {
  return Array.from(text).length;
}
