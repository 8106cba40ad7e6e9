import { describe, expect, it, vi } from 'vitest';
import { BUILT_IN_CATALOGUE } from '../../../src/catalogue/index.ts';
import { type Category, PRODUCTS } from '../../../supabase/functions/_shared/menu.ts';
import * as search from '../../../src/catalogue/search.ts';
import { MAX_SUGGESTIONS, normalizeForSearch } from '../../../src/catalogue/search.ts';

const searchCatalogue = (query: string) => BUILT_IN_CATALOGUE.search(query);

const names = (query: string) => searchCatalogue(query).matches.map((product) => product.name);
const categoriesOf = (query: string) => new Set(searchCatalogue(query).matches.map((product) => product.category));
/** True when every product of the part of the menu is a match for the word (the cap aside). */
const findsAllOf = (category: Category, query: string) => {
  const part = PRODUCTS.filter((product) => product.category === category);
  return search.searchProducts(search.buildSearchIndex(part), query).total === part.length;
};
const everyOf = (category: Category) => PRODUCTS.filter((product) => product.category === category).map((product) => product.name);

describe('searching the bar list', () => {
  it('matches a substring of the name, ignoring case', () => {
    expect(names('mistral')).toContain('Pisco Mistral 35°');
    expect(names('MISTRAL')).toContain('Pisco Mistral 35°');
    expect(names('co mis')).toContain('Pisco Mistral 35°');
  });

  it('ignores accents on either side', () => {
    expect(names('carmenere').some((name) => name.includes('Carménère'))).toBe(true);
    expect(names('CÁRMÉNÈRE').some((name) => name.includes('Carménère'))).toBe(true);
    expect(names('sandwich')).toEqual(names('sándwich'));
  });

  it('suggests nothing below 2 characters, and counts characters after trimming', () => {
    expect(searchCatalogue('').total).toBe(0);
    expect(searchCatalogue('a')).toEqual({ matches: [], total: 0, searched: false });
    expect(searchCatalogue('   a  ').total).toBe(0);
    expect(searchCatalogue('ap').total).toBeGreaterThan(0);
    expect(searchCatalogue('xq').searched).toBe(true);
  });

  it('ranks names that start with the text, then a word that starts with it, then other substrings; menu order within', () => {
    expect(names('cola')).toEqual([
      ...['Piña colada', 'Fernet con Coca-Cola', 'Coca-Cola', 'Coca-Cola Zero'],
      ...['Piscola Alto del Carmen 35°', 'Piscola Mistral 35°', 'Piscola Control 35°', 'Chocolate caliente', 'Torta de chocolate Guinness'],
    ]);
    expect(
      names('copa')
        .slice(0, 6)
        .every((name) => name.startsWith('Copa ')),
    ).toBe(true);
    const ranked = names('ron');
    expect(ranked.slice(0, 7).every((name) => name.startsWith('Ron '))).toBe(true);
    expect(ranked.slice(7)).toEqual(['Negroni', 'Tequila Patrón Silver', 'Amaretto Disaronno', 'Pizza Pepperoni']);
  });

  it('caps the suggestions, reporting the full count', () => {
    const result = searchCatalogue('er');
    expect(result.total).toBeGreaterThan(MAX_SUGGESTIONS);
    expect(result.matches).toHaveLength(MAX_SUGGESTIONS);
  });

  it('treats regex characters, emoji, backslashes and very long text as plain text', () => {
    for (const query of ['(', '((', '*', '.*', '\\', '\\d+', '[a-', '🍺🍺', '🍺', 'x'.repeat(500)]) {
      expect(() => searchCatalogue(query), query).not.toThrow();
      expect(searchCatalogue(query).total, query).toBe(0);
    }
  });

  it('normalizes only the query on a keystroke, never the names or the everyday words again', () => {
    const index = search.buildSearchIndex(PRODUCTS);
    const normalize = vi.spyOn(String.prototype, 'normalize');
    search.searchProducts(index, 'pisko');
    search.searchProducts(index, 'una chela');
    expect(normalize).toHaveBeenCalledTimes(2);
  });
});

describe('the words guests say', () => {
  const PARTS: readonly [Category, readonly string[]][] = [
    ['Cervezas', ['cerveza', 'chela', 'schop', 'schopp', 'pinta', 'Cervezas', 'CHELAS']],
    ['Cócteles', ['trago', 'cóctel', 'coctel', 'cócteles']],
    ['Vinos', ['vino', 'copa']],
    ['Bebidas', ['bebida']],
    ['Jugos y limonadas', ['jugo', 'limonada']],
    ['Café y té', ['café', 'té']],
    ['Entradas', ['picoteo', 'para picar']],
    ['Hamburguesas', ['hamburguesa', 'burger']],
    ['Sándwiches', ['sándwich', 'sanguche']],
    ['Postres', ['postre']],
    ['Pisco', ['pisco']],
    ['Ron', ['ron']],
    ['Tequila', ['tequila']],
    ['Whisky', ['whisky']],
    ['Gin', ['gin']],
    ['Bourbon', ['bourbon']],
    ['Vodka', ['vodka']],
    ['Licores', ['licor']],
  ];

  it('finds the whole part of the menu each everyday word names', () => {
    expect(findsAllOf('Cervezas', 'vodka')).toBe(false);
    for (const [category, words] of PARTS) {
      for (const word of words) expect(findsAllOf(category, word), `${word} → ${category}`).toBe(true);
    }
  });

  it('puts the names that contain the text before the everyday-word matches', () => {
    expect(names('chela')).toEqual(['Extra por chelada', 'Extra michelada', ...everyOf('Cervezas')]);
    expect(names('té').slice(0, 9)).toEqual(expect.arrayContaining(['Té negro', 'Té verde']));
    expect(names('cerveza')).toEqual(everyOf('Cervezas'));
    expect(names('café').slice(0, 3)).toEqual(['Café cortado', 'Café americano', 'Café latte']);
    expect(names('café')).toEqual(expect.arrayContaining(['Té negro', 'Espresso']));
  });

  it('looks past filler words, and lets the other words narrow the part of the menu down', () => {
    expect(names('una chela')).toEqual([...everyOf('Cervezas'), 'Extra por chelada']);
    expect(names('otra pinta 500')).toEqual(everyOf('Cervezas').filter((name) => name.endsWith('500cc')));
    expect(names('pisco mistral')).toEqual(['Pisco Mistral 35°', 'Pisco Mistral Gran Nobel 40°', 'Piscola Mistral 35°']);
  });

  it('finds a part of the menu from the first letters of its word, as the guest types', () => {
    expect(categoriesOf('cerv')).toEqual(new Set(['Cervezas']));
    expect(categoriesOf('hambur')).toEqual(new Set(['Hamburguesas']));
  });

  it('says nothing for words it does not know', () => {
    expect(searchCatalogue('unicornio').total).toBe(0);
    expect(searchCatalogue('la').total).toBeGreaterThan(0);
    expect(searchCatalogue('una').total).toBe(0);
  });
});

describe('one typo forgiven', () => {
  it('finds the piscos for "pisko" and the Summer Ales for "sumer ale"', () => {
    expect(names('pisko')).toEqual(expect.arrayContaining(everyOf('Pisco')));
    expect(names('pisko')).toEqual(expect.arrayContaining(['Pisco Sour']));
    expect(names('sumer ale')).toEqual(['Summer Ale 300cc', 'Summer Ale 500cc']);
    expect(names('cervesa')).toEqual(everyOf('Cervezas'));
    expect(names('jamesn')).toEqual(['Jameson', 'Jameson Black Barrel']);
  });

  it('forgives nothing in words shorter than 4 letters, and only one slip per word', () => {
    expect(searchCatalogue('gim').total).toBe(0);
    expect(categoriesOf('ginn')).toEqual(new Set(['Gin']));
    expect(searchCatalogue('piskko').total).toBe(0);
    expect(searchCatalogue('pskio').total).toBe(0);
  });

  it('is only tried when nothing matches exactly', () => {
    expect(names('pisco')).not.toContain('Piscola Mistral 35° mal escrito');
    expect(names('gin')).not.toContain('Pisco Mistral 35°');
    // "vino" is not one slip from "vodka", and "copa" is a word of its own: no typo matches mixed in.
    expect(categoriesOf('copa')).toEqual(new Set(['Vinos']));
  });
});

describe('the search index', () => {
  it('keeps every everyday word accent-free and lower case, ready for a keystroke', () => {
    const index = search.buildSearchIndex(PRODUCTS);
    for (const term of index.everyday) expect(term.word).toBe(normalizeForSearch(term.word));
    expect(index.vocabulary.length).toBeLessThan(PRODUCTS.length * 5);
  });
});
