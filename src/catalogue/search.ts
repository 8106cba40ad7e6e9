import { normalizeForSearch } from '../../supabase/functions/_shared/rules.ts';
import { EVERYDAY_WORDS, FILLER_WORDS, isWordOrPlural } from './everyday-words.ts';
import { mayHaveTypo, withinOneEdit } from './typo.ts';

/** Suggestions start once the guest has typed this many characters. */
export const MIN_QUERY_LENGTH = 2;
/** More matches than this and the guest should keep typing; keeps each keystroke cheap. */
export const MAX_SUGGESTIONS = 30;
/** A word of the everyday table found from its first letters ("cerv" → cerveza) once this long. */
const MIN_PREFIX_LENGTH = 3;

const WORD_CHARACTER = /[\p{L}\p{N}]/u;
const BETWEEN_WORDS = /[^\p{L}\p{N}]+/u;

export { normalizeForSearch };

const wordsOf = (text: string) => text.split(BETWEEN_WORDS).filter((word) => word !== '');

/**
 * A product a guest can pick: from the built-in list (menu.ts) or from their
 * party's, whose host may name categories of their own.
 */
export interface Product {
  readonly name: string;
  /** Whole Chilean pesos. */
  readonly price: number;
  readonly category: string;
}

interface Entry {
  readonly product: Product;
  /** The name, normalized. */
  readonly key: string;
  readonly words: readonly string[];
}

interface EverydayTerm {
  readonly word: string;
  readonly categories: readonly string[];
}

export interface SearchIndex {
  readonly entries: readonly Entry[];
  /** Every word of every name, once. */
  readonly vocabulary: readonly string[];
  readonly everyday: readonly EverydayTerm[];
  readonly fillers: ReadonlySet<string>;
}

/** Normalizes every name and everyday word once, so a keystroke only scans precomputed keys. */
export function buildSearchIndex(products: readonly Product[]): SearchIndex {
  const entries = products.map((product) => {
    const key = normalizeForSearch(product.name);
    return { product, key, words: wordsOf(key) };
  });
  const everyday = EVERYDAY_WORDS.flatMap(([words, categories]) => words.map((word) => ({ word: normalizeForSearch(word), categories })));
  return {
    entries,
    vocabulary: [...new Set(entries.flatMap((entry) => entry.words))],
    everyday,
    fillers: new Set(FILLER_WORDS),
  };
}

export interface SearchResult {
  readonly matches: readonly Product[];
  /** How many products matched in all, including those past MAX_SUGGESTIONS. */
  readonly total: number;
  /** False when the query was too short to search. */
  readonly searched: boolean;
}

const NOT_SEARCHED: SearchResult = { matches: [], total: 0, searched: false };

/**
 * Products for what the guest typed, best first: names that start with it,
 * names with a word that starts with it, names that contain it anywhere, then
 * names found word by word or through the everyday words ("una chela"); only
 * when none of these finds anything, the same again forgiving one typo per
 * word of 4 letters or more ("pisko"). Menu order within each group. Plain
 * text throughout: `(`, `*` or `\` are just characters.
 */
export function searchProducts(index: SearchIndex, query: string): SearchResult {
  const needle = normalizeForSearch(query).replace(/\s+/gu, ' ').trim();
  if (Array.from(needle).length < MIN_QUERY_LENGTH) return NOT_SEARCHED;
  const groups: Product[][] = [[], [], [], []];
  const byWords = wordMatcher(index, needle, false);
  for (const entry of index.entries) {
    const at = entry.key.indexOf(needle);
    const group = at === 0 ? 0 : at > 0 ? (startsAWord(entry.key, needle, at) ? 1 : 2) : byWords(entry) ? 3 : -1;
    if (group >= 0) groups[group]?.push(entry.product);
  }
  const found = groups.flat();
  if (found.length > 0) return capped(found);
  const byTypo = wordMatcher(index, needle, true);
  return capped(index.entries.filter(byTypo).map((entry) => entry.product));
}

function capped(found: readonly Product[]): SearchResult {
  return { matches: found.slice(0, MAX_SUGGESTIONS), total: found.length, searched: true };
}

function startsAWord(key: string, needle: string, first: number): boolean {
  for (let at = first; at >= 0; at = key.indexOf(needle, at + 1)) {
    if (at === 0 || !WORD_CHARACTER.test(key[at - 1] ?? '')) return true;
  }
  return false;
}

interface TokenMatch {
  readonly words: ReadonlySet<string>;
  readonly categories: ReadonlySet<string>;
}

/**
 * A test for "every word typed is in the name, or names the product's part of
 * the menu" (filler words aside), with each typed word matched once against the
 * index's vocabulary and everyday words, not once per product. Without a typo
 * it needs an everyday word ("una chela", "cerveza 500"); forgiving a typo, a
 * word of 4 letters or more (so a stray "\d+" finds nothing).
 */
function wordMatcher(index: SearchIndex, needle: string, forgiving: boolean): (entry: Entry) => boolean {
  const tokens = wordsOf(needle).filter((token) => !index.fillers.has(token));
  const applies = forgiving ? tokens.some(mayHaveTypo) : tokens.length > 0;
  if (!applies) return () => false;
  const matched = tokens.map((token) => matchToken(index, token, forgiving));
  if (!forgiving && matched.every((match) => match.categories.size === 0)) return () => false;
  return (entry) => matched.every((match) => match.categories.has(entry.product.category) || entry.words.some((word) => match.words.has(word)));
}

function matchToken(index: SearchIndex, token: string, forgiving: boolean): TokenMatch {
  const typo = forgiving && mayHaveTypo(token);
  const words = new Set<string>();
  for (const word of index.vocabulary) {
    if (word.startsWith(token) || (typo && withinOneEdit(token, word))) words.add(word);
  }
  const categories = new Set<string>();
  for (const term of index.everyday) {
    if (namesTerm(token, term.word, typo)) for (const category of term.categories) categories.add(category);
  }
  return { words, categories };
}

function namesTerm(token: string, word: string, typo: boolean): boolean {
  if (isWordOrPlural(token, word)) return true;
  if (token.length >= MIN_PREFIX_LENGTH && word.startsWith(token)) return true;
  return typo && (withinOneEdit(token, word) || withinOneEdit(token, `${word}s`));
}
