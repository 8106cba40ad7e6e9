/** One slip of the thumb: the typo a search forgives in a word of 4 letters or more. */

/** Query words shorter than this must be spelled right ("ron" is not "rin"). */
export const MIN_TYPO_WORD_LENGTH = 4;

/**
 * True when `typed` becomes `word` with at most one edit: a letter missing, one
 * too many, one changed, or two neighbours swapped ("pisko" → "pisco",
 * "sumer" → "summer", "chlea" → "chela").
 */
export function withinOneEdit(typed: string, word: string): boolean {
  if (typed === word) return true;
  const shorter = Math.min(typed.length, word.length);
  if (Math.abs(typed.length - word.length) > 1) return false;
  let same = 0;
  while (same < shorter && typed[same] === word[same]) same += 1;
  if (typed.length > word.length) return typed.slice(same + 1) === word.slice(same);
  if (typed.length < word.length) return typed.slice(same) === word.slice(same + 1);
  if (typed.slice(same + 1) === word.slice(same + 1)) return true;
  return typed[same] === word[same + 1] && typed[same + 1] === word[same] && typed.slice(same + 2) === word.slice(same + 2);
}

/** Only a typed word of 4 letters or more gets a typo forgiven. */
export function mayHaveTypo(typed: string): boolean {
  return Array.from(typed).length >= MIN_TYPO_WORD_LENGTH;
}
