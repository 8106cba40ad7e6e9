import { PRODUCTS, type Product } from '../../supabase/functions/_shared/menu.ts';
import { buildSearchIndex, searchProducts, type SearchResult } from './search.ts';

export { CATEGORIES, PRODUCTS, type Category, type Product } from '../../supabase/functions/_shared/menu.ts';
export { EVERYDAY_WORDS } from './everyday-words.ts';
export { MAX_SUGGESTIONS, MIN_QUERY_LENGTH, normalizeForSearch, type SearchResult } from './search.ts';

const catalogueIndex = buildSearchIndex(PRODUCTS);
const byName = new Map(PRODUCTS.map((product) => [product.name, product]));

/** Searches the bar's list; names and everyday words were normalized once, when this module loaded. */
export function searchCatalogue(query: string): SearchResult {
  return searchProducts(catalogueIndex, query);
}

/** The product on the bar's list with exactly this name, at today's price ('Otra'); undefined when it is off the list. */
export function findProduct(name: string): Product | undefined {
  return byName.get(name);
}
