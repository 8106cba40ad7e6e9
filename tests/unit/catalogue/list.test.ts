import { describe, expect, it, vi } from 'vitest';
import { BUILT_IN_CATALOGUE, catalogueOf, warmSearch, type Product } from '../../../src/catalogue/index.ts';
import type { SearchResult } from '../../../src/catalogue/search.ts';
import { PRODUCTS } from '../../../supabase/functions/_shared/menu.ts';
import { shelvesOf } from '../../../src/catalogue/list.ts';

const item = (name: string, price: number, category: string): Product => ({ name, price, category });

const PARTY_LIST: readonly Product[] = [
  item('Aperol Spritz', 7000, 'Cócteles'),
  item('Summer Ale 500cc', 4400, 'Cervezas'),
  item('Pichanga de la casa', 12990, 'Platos de la casa'),
  item('Pisco Sour', 5990, 'Cócteles'),
  item('Guinness 500cc', 5990, 'Cervezas'),
];

describe('a party’s list, searched', () => {
  it('finds what only the party’s list has, at the party’s price', () => {
    const catalogue = catalogueOf(PARTY_LIST);
    expect(catalogue.search('pichanga').matches).toEqual([item('Pichanga de la casa', 12990, 'Platos de la casa')]);
    expect(catalogue.search('aperol').matches.map((product) => product.price)).toEqual([7000]);
    expect(catalogue.search('tabla irish')).toEqual({ matches: [], total: 0, searched: true });
  });

  it('keeps the everyday words, the typo and the accents for a party’s list', () => {
    const catalogue = catalogueOf(PARTY_LIST);
    expect(catalogue.search('una chela').matches.map((product) => product.name)).toEqual(['Summer Ale 500cc', 'Guinness 500cc']);
    expect(catalogue.search('aperl spritz').matches.map((product) => product.name)).toEqual(['Aperol Spritz']);
    expect(catalogue.search('PÍCHANGA').total).toBe(1);
    expect(catalogue.search('p').searched).toBe(false);
  });

  it('finds a product by its exact name, at the list’s price', () => {
    const catalogue = catalogueOf(PARTY_LIST);
    expect(catalogue.find('Aperol Spritz')?.price).toBe(7000);
    expect(catalogue.find('aperol spritz')).toBeUndefined();
    expect(catalogue.find('Tabla Irish')).toBeUndefined();
    expect(BUILT_IN_CATALOGUE.find('Aperol Spritz')?.price).toBe(6500);
  });

  it('builds its index once: a keystroke normalizes only what was typed', () => {
    const many = Array.from({ length: 500 }, (_, at) => item(`Plato número ${at}`, 1000 + at, `Categoría ${at % 20}`));
    const catalogue = catalogueOf(many);
    const normalize = vi.spyOn(String.prototype, 'normalize');
    catalogue.search('plato 42');
    catalogue.search('platto');
    expect(normalize).toHaveBeenCalledTimes(2);
  });
});

describe('a list by category', () => {
  it('puts the categories in the order the list first names them, each product in list order', () => {
    expect(shelvesOf(PARTY_LIST).map((shelf) => [shelf.name, shelf.products.map((product) => product.name)])).toEqual([
      ['Cócteles', ['Aperol Spritz', 'Pisco Sour']],
      ['Cervezas', ['Summer Ale 500cc', 'Guinness 500cc']],
      ['Platos de la casa', ['Pichanga de la casa']],
    ]);
  });

  it('shelves the built-in list as menu.ts orders it', () => {
    const shelves = BUILT_IN_CATALOGUE.shelves();
    expect(shelves.slice(0, 3).map((shelf) => shelf.name)).toEqual(['Cervezas', 'Cócteles', 'Pisco']);
    expect(shelves.flatMap((shelf) => shelf.products)).toHaveLength(PRODUCTS.length);
    expect(BUILT_IN_CATALOGUE.shelves()).toBe(shelves);
  });
});

describe('the search warmed while the phone is idle', () => {
  it('runs the paths a first keystroke takes: two letters, three, and a word long enough for a typo that finds nothing as typed', () => {
    const catalogue = catalogueOf(PARTY_LIST);
    const search = vi.fn((query: string) => catalogue.search(query));
    warmSearch({ ...catalogue, search });
    expect(search.mock.calls.map(([query]) => query)).toEqual(['ap', 'ape', 'aperq']);
    const totals = search.mock.results.map((result) => (result.value as SearchResult).total);
    // Aperol by its first letters; nothing spelled "aperq", so the search went on to its pass that forgives a typo.
    expect(totals).toEqual([1, 1, 0]);
  });

  it('warms an empty list with a default word, and throws nothing', () => {
    const search = vi.fn((query: string): SearchResult => ({ matches: [], total: 0, searched: query.length >= 2 }));
    warmSearch({ ...catalogueOf([]), search });
    expect(search.mock.calls.map(([query]) => query)).toEqual(['ce', 'cer', 'cervq']);
  });
});
