import type { Product } from '../../supabase/functions/_shared/menu.ts';

/** Suggestions start once the guest has typed this many characters. */
export const MIN_QUERY_LENGTH = 2;
/** More matches than this and the guest should keep typing; keeps each keystroke cheap. */
export const MAX_SUGGESTIONS = 30;

/** Lower case, accents stripped ("Café" → "cafe"), so search ignores both. */
export function normalizeForSearch(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

export interface SearchIndex {
  readonly entries: readonly { readonly product: Product; readonly key: string }[];
}

/** Normalizes every name once, so a keystroke only scans precomputed keys. */
export function buildSearchIndex(products: readonly Product[]): SearchIndex {
  return { entries: products.map((product) => ({ product, key: normalizeForSearch(product.name) })) };
}

export interface SearchResult {
  readonly matches: readonly Product[];
  /** How many products matched in all, including those past MAX_SUGGESTIONS. */
  readonly total: number;
}

const NO_RESULT: SearchResult = { matches: [], total: 0 };

/**
 * Products whose name contains the query as a plain substring (no regular
 * expressions, so `(`, `*` or `\` are just characters), in menu order.
 */
export function searchProducts(index: SearchIndex, query: string): SearchResult {
  const needle = normalizeForSearch(query.trim());
  if (Array.from(needle).length < MIN_QUERY_LENGTH) return NO_RESULT;
  const matches: Product[] = [];
  let total = 0;
  for (const entry of index.entries) {
    if (!entry.key.includes(needle)) continue;
    total += 1;
    if (matches.length < MAX_SUGGESTIONS) matches.push(entry.product);
  }
  return { matches, total };
}
