import { PRODUCTS } from '../../supabase/functions/_shared/menu.ts';
import { catalogueOf, type Catalogue } from './list.ts';

export { catalogueOf, warmSearch, type Catalogue, type CategoryShelf } from './list.ts';
export type { Product } from './search.ts';

/** The built-in list (menu.ts): what a phone offers for a party whose own list it never had. Indexed once, when this module loaded. */
export const BUILT_IN_CATALOGUE: Catalogue = catalogueOf(PRODUCTS);
