import { describe, expect, it } from 'vitest';
import { normalizeForSearch } from '../../../src/catalogue/search.ts';
import { CATEGORIES, PRODUCTS } from '../../../supabase/functions/_shared/menu.ts';

describe('the bar list', () => {
  it('has about 200 products', () => {
    expect(PRODUCTS.length).toBeGreaterThanOrEqual(190);
    expect(PRODUCTS.length).toBeLessThanOrEqual(210);
  });

  it('has unique names, even ignoring case and accents', () => {
    const keys = PRODUCTS.map((product) => normalizeForSearch(product.name));
    expect(new Set(keys).size).toBe(PRODUCTS.length);
  });

  it('prices every product in whole pesos from 1000 to 33500, both ends used', () => {
    for (const product of PRODUCTS) {
      expect(Number.isInteger(product.price), product.name).toBe(true);
      expect(product.price, product.name).toBeGreaterThanOrEqual(1000);
      expect(product.price, product.name).toBeLessThanOrEqual(33500);
    }
    const prices = PRODUCTS.map((product) => product.price);
    expect(Math.min(...prices)).toBe(1000);
    expect(Math.max(...prices)).toBe(33500);
  });

  it('keeps the spec’s example prices exactly', () => {
    const price = (name: string) => PRODUCTS.find((product) => product.name === name)?.price;
    expect(price('Summer Ale 500cc')).toBe(4400);
    expect(price('Aperol Spritz')).toBe(6500);
    expect(price('Tabla Irish')).toBe(16990);
    expect(price('Extra por chelada')).toBe(1000);
  });

  it('puts every product in a known category and fills every category', () => {
    for (const product of PRODUCTS) expect(CATEGORIES, product.name).toContain(product.category);
    for (const category of CATEGORIES) {
      expect(
        PRODUCTS.some((product) => product.category === category),
        category,
      ).toBe(true);
    }
    expect(CATEGORIES).toEqual(
      expect.arrayContaining([
        'Cervezas',
        'Cócteles',
        'Pisco',
        'Ron',
        'Tequila',
        'Whisky',
        'Gin',
        'Bourbon',
        'Vodka',
        'Licores',
        'Vinos',
        'Café y té',
        'Bebidas',
        'Jugos y limonadas',
        'Entradas',
        'Pizzas',
        'Hamburguesas',
        'Sándwiches',
        'Fondos',
        'Ensaladas',
        'Postres',
        'Extras',
      ]),
    );
  });

  it('sells beers in 300cc and 500cc', () => {
    const beers = PRODUCTS.filter((product) => product.category === 'Cervezas');
    expect(beers.some((beer) => beer.name.endsWith(' 300cc'))).toBe(true);
    expect(beers.some((beer) => beer.name.endsWith(' 500cc'))).toBe(true);
    for (const beer of beers) expect(beer.name).toMatch(/ (300|500)cc$/);
  });

  it('has names a guest can read: trimmed, single-spaced, 3 to 60 characters', () => {
    for (const { name } of PRODUCTS) {
      expect(name).toBe(name.trim());
      expect(name).not.toMatch(/\s{2}/);
      expect(Array.from(name).length).toBeGreaterThanOrEqual(3);
      expect(Array.from(name).length).toBeLessThanOrEqual(60);
    }
  });
});
