import { PRODUCTS } from '../../supabase/functions/_shared/menu.ts';
import { catalogueOf, type Catalogue } from './list.ts';

export { CATEGORIES, PRODUCTS, type Category } from '../../supabase/functions/_shared/menu.ts';
export { EVERYDAY_WORDS } from './everyday-words.ts';
export { catalogueOf, shelvesOf, type Catalogue, type CategoryShelf } from './list.ts';
export { MAX_SUGGESTIONS, MIN_QUERY_LENGTH, normalizeForSearch, type Product, type SearchResult } from './search.ts';

/** The built-in list (menu.ts): what a phone offers for a party whose own list it never had. Indexed once, when this module loaded. */
export const BUILT_IN_CATALOGUE: Catalogue = catalogueOf(PRODUCTS);
