import { PRODUCTS } from '../../supabase/functions/_shared/menu.ts';
import { buildSearchIndex, searchProducts, type SearchResult } from './search.ts';

export { CATEGORIES, PRODUCTS, type Category, type Product } from '../../supabase/functions/_shared/menu.ts';
export { MAX_SUGGESTIONS, MIN_QUERY_LENGTH, normalizeForSearch, type SearchResult } from './search.ts';

const catalogueIndex = buildSearchIndex(PRODUCTS);

/** Searches the bar's list; names were normalized once, when this module loaded. */
export function searchCatalogue(query: string): SearchResult {
  return searchProducts(catalogueIndex, query);
}
