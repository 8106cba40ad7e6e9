/**
 * A bill names a product as a person would, not as the party's list does
 * (issue 41): without its size or count ('Alitas BBQ' for 'Alitas BBQ 8
 * unidades'), in the plural, cut short by the till, or misread by the phone's
 * OCR ('PISCO SOUA'). `closestProduct` finds the product of the list such a
 * name is: a misreading is corrected, a near name is only offered to the host,
 * who confirms it ('Sí, es lo mismo'). Kept apart from name-key.ts, which the
 * guests' phones load: only the host's page needs this.
 */
import { nameKey } from './name-key.ts';

/** A name's words as a person reads them: the key's, without punctuation around them. */
export function nameWords(name: string): string[] {
  return nameKey(name)
    .split(/[\s/]+/)
    .map((word) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter(Boolean);
}

/** Edits (insert, delete, replace) from one word to another. */
export function editDistance(a: string, b: string): number {
  const first = Array.from(a);
  const second = Array.from(b);
  let previous = Array.from({ length: second.length + 1 }, (_, index) => index);
  for (let row = 1; row <= first.length; row += 1) {
    const current = [row];
    for (let column = 1; column <= second.length; column += 1) {
      const replace = (previous[column - 1] ?? 0) + (first[row - 1] === second[column - 1] ? 0 : 1);
      current.push(Math.min((previous[column] ?? 0) + 1, (current[column - 1] ?? 0) + 1, replace));
    }
    previous = current;
  }
  return previous[second.length] ?? 0;
}

/** How far a word may be misread and still be read as itself: none for short words, one letter in five. */
const slack = (word: string) => (word.length <= 3 ? 0 : word.length <= 6 ? 1 : 2);

/** A size or a count the list writes and a bill often leaves out: `500cc`, `8`, `unidades`, `35°`. */
const DETAIL = /^(\d+(cc|ml|cl|l|g|gr|°)?|unidades?|uds?|un|porcion(es)?|cc|ml)$/;

/** A size such as `500cc` misread as `so0cc` or `sescc`: letters read as the digits they look like. */
const asSizeDigits = (word: string) =>
  word
    .replace(/[os]/g, (letter) => (letter === 'o' ? '0' : '5'))
    .replace(/[il]/g, '1')
    .replace(/e/g, '0');

/**
 * How far apart two words are read: 0 for equal, a plural of the other, or
 * cut short by the till (`JENGI` for `jengibre`, the last word only); the
 * letters misread, within the word's slack; null for other words.
 * `misread`: the bill's word is the list's, misread (its spelling is the list's).
 */
function wordDistance(billWord: string, listWord: string, last: boolean): { readonly distance: number; readonly misread: boolean } | null {
  if (billWord === listWord) return { distance: 0, misread: false };
  if (last && billWord.length >= 3 && listWord.startsWith(billWord)) return { distance: 0, misread: false };
  if ([`${listWord}s`, `${listWord}es`].includes(billWord) || [`${billWord}s`, `${billWord}es`].includes(listWord)) return { distance: 0, misread: false };
  const sized = /\d/.test(listWord);
  const bill = sized ? asSizeDigits(billWord) : billWord;
  if (/\d/.test(bill) !== sized) return null;
  const distance = editDistance(bill, sized ? asSizeDigits(listWord) : listWord);
  return distance <= Math.min(slack(billWord), slack(listWord)) ? { distance, misread: true } : null;
}

export interface NameMatch<P extends { readonly name: string }> {
  readonly product: P;
  /**
   * `same`: the same key. `misread`: the same words, some misread (the list's
   * spelling is the name). `near`: the bill leaves out words of the list's
   * name (a size, a count) or misreads some: offered, never taken alone.
   */
  readonly how: 'same' | 'misread' | 'near';
  /** The bill's name with each misread word spelled as the list spells it. */
  readonly corrected: string;
}

interface Alignment {
  readonly edits: number;
  /** Words of the list's name the bill leaves out. */
  readonly missing: number;
  /** Whether the words left out are only a size or a count. */
  readonly onlyDetails: boolean;
  readonly corrected: readonly string[];
}

/** Each bill word to a word of the list's name, in order; null when a bill word has none. */
function align(billWords: readonly string[], listWords: readonly string[]): Alignment | null {
  let from = 0;
  let edits = 0;
  const used: number[] = [];
  const corrected: string[] = [];
  for (const billWord of billWords) {
    let found = -1;
    let near: ReturnType<typeof wordDistance> = null;
    for (let index = from; index < listWords.length && found < 0; index += 1) {
      near = wordDistance(billWord, listWords[index] ?? '', billWord === billWords.at(-1));
      if (near !== null) found = index;
    }
    if (found < 0 || near === null) return null;
    edits += near.distance;
    used.push(found);
    corrected.push(near.misread ? (listWords[found] ?? billWord) : billWord);
    from = found + 1;
  }
  // A last word cut short leaves the rest of the list's word out, as a size or a count left out would.
  const cut =
    billWords.length > 0 &&
    used.length > 0 &&
    listWords[used.at(-1) ?? 0] !== billWords.at(-1) &&
    (listWords[used.at(-1) ?? 0] ?? '').startsWith(billWords.at(-1) ?? '');
  const left = listWords.filter((_, index) => !used.includes(index));
  return { edits, missing: left.length + (cut ? 1 : 0), onlyDetails: left.every((word) => DETAIL.test(word)), corrected };
}

/** Mostly capitals, as a till prints them (and OCR reads them: 'SzZOT IPA 38ecc'). */
const shouting = (word: string) => (word.match(/\p{Lu}/gu) ?? []).length > (word.match(/\p{Ll}/gu) ?? []).length;

/** The bill's original words with the misread ones replaced, each in the bill's capitals. */
function spelled(name: string, corrected: readonly string[], billWords: readonly string[]): string {
  const words = name.split(/\s+/);
  let at = 0;
  return words
    .map((word) => {
      if (nameWords(word).length === 0) return word;
      const replacement = corrected[at];
      const original = billWords[at];
      at += 1;
      if (replacement === undefined || replacement === original) return word;
      return shouting(name) ? replacement.toUpperCase() : replacement;
    })
    .join(' ');
}

/**
 * The product of the list a bill's name is, if one is close enough: the same
 * key, the same words misread, or a near name (words left out, plurals). A
 * price, when given, tells apart products whose names are as close
 * ('GUINNESS' at $5.990 is 'Guinness 500cc'); a tie with nothing to tell them
 * apart is no match. `misreads` allows letters misread (the photo's OCR);
 * a name the host typed meets the list only by its key and near names.
 */
export function closestProduct<P extends { readonly name: string; readonly price?: number }>(
  name: string,
  list: readonly P[],
  options: { readonly price?: number | null; readonly misreads?: boolean } = {},
): NameMatch<P> | null {
  const key = nameKey(name).replace(/\s+/g, ' ').trim();
  const same = list.find((product) => nameKey(product.name).replace(/\s+/g, ' ').trim() === key);
  if (same) return { product: same, how: 'same', corrected: name };
  const billWords = nameWords(name);
  if (billWords.length === 0) return null;
  const scored = list.flatMap((product) => {
    const listWords = nameWords(product.name);
    // Words run together by OCR ('COCA-COLAZERO'): read as one word, against the list's name as one.
    const bare = (words: readonly string[]) => words.join('').replace(/[^\p{L}\p{N}]/gu, '');
    const joined = options.misreads && billWords.length !== listWords.length ? align([bare(billWords)], [bare(listWords)]) : null;
    const aligned = align(billWords, listWords) ?? (joined && joined.edits <= 1 ? { ...joined, edits: joined.edits + 1, corrected: [] } : null);
    if (!aligned) return [];
    if (aligned.corrected.some((word, at) => word !== billWords[at]) && !options.misreads) return [];
    if (aligned.missing > 0 && !aligned.onlyDetails && aligned.missing >= billWords.length) return [];
    const priced = options.price !== undefined && options.price !== null && product.price === options.price;
    // Fewer words left out, then fewer letters misread, then the price the bill charges.
    return [{ product, aligned, score: aligned.missing * 10 + aligned.edits * 3 + (aligned.onlyDetails ? 0 : 5) - (priced ? 4 : 0) }];
  });
  if (scored.length === 0) return null;
  scored.sort((a, b) => a.score - b.score);
  const [best, second] = scored;
  if (!best || (second && second.score === best.score)) return null;
  // Words run together: the list's name, in the bill's capitals.
  const runTogether = best.aligned.corrected.length === 0;
  const listName = shouting(name) ? best.product.name.toUpperCase() : best.product.name;
  const corrected = runTogether ? listName : spelled(name, best.aligned.corrected, billWords);
  return { product: best.product, how: best.aligned.missing === 0 ? 'misread' : 'near', corrected };
}
