/**
 * A list a guest picks from (the built-in one, or their party's as the phone
 * last heard it), ready for a keystroke: its search index is built once, when
 * the list is made, never on a keystroke. A new version of a party's list is a
 * new Catalogue.
 */
import { byCategory } from '../../supabase/functions/_shared/rules.ts';
import { buildSearchIndex, normalizeForSearch, searchProducts, type Product, type SearchResult } from './search.ts';

/** One part of the list, as the guest browses it: its name and its products, in list order. */
export interface CategoryShelf {
  readonly name: string;
  readonly products: readonly Product[];
}

export interface Catalogue {
  /** What is on sale, in list order. */
  readonly products: readonly Product[];
  /** The products for what the guest typed (see searchProducts). */
  search(query: string): SearchResult;
  /** The product on sale with exactly this name, at its price on this list ('Otra'); undefined when it is off the list or sold out. */
  find(name: string): Product | undefined;
  /** The list by category, the categories in the order the list first names them. */
  shelves(): readonly CategoryShelf[];
}

/** The list by category, each category where the list first names it, each product in list order. */
export function shelvesOf(products: readonly Product[]): CategoryShelf[] {
  return byCategory(products).map(([name, shelved]) => ({ name, products: shelved }));
}

/**
 * Searches the list as a guest's first keystrokes would (two letters, three,
 * then a word long enough for a typo), and throws the answers away: run while
 * the phone is idle, it leaves the search's code compiled, so the first
 * keystroke the guest types costs what the later ones do.
 */
export function warmSearch(catalogue: Catalogue): void {
  const word = normalizeForSearch(catalogue.products[0]?.name ?? 'cerveza').replace(/\s+/gu, '');
  for (const query of [word.slice(0, 2), word.slice(0, 3), `${word.slice(0, 4)}q`]) catalogue.search(query);
}

/** A catalogue of `products` (those on sale): the search index built now, the shelves when first browsed. */
export function catalogueOf(products: readonly Product[]): Catalogue {
  const index = buildSearchIndex(products);
  const byName = new Map<string, Product>();
  // The first of a name wins, as the list shows it first.
  for (const product of products) if (!byName.has(product.name)) byName.set(product.name, product);
  let shelves: readonly CategoryShelf[] | undefined;
  return {
    products,
    search: (query) => searchProducts(index, query),
    find: (name) => byName.get(name),
    shelves: () => (shelves ??= shelvesOf(products)),
  };
}
