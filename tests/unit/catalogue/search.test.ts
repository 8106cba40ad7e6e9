import { describe, expect, it, vi } from 'vitest';
import { MAX_SUGGESTIONS, PRODUCTS, searchCatalogue } from '../../../src/catalogue/index.ts';
import * as search from '../../../src/catalogue/search.ts';

const names = (query: string) => searchCatalogue(query).matches.map((product) => product.name);

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
    expect(searchCatalogue('a').total).toBe(0);
    expect(searchCatalogue('   a  ').total).toBe(0);
    expect(searchCatalogue('ap').total).toBeGreaterThan(0);
  });

  it('keeps menu order and caps the suggestions, reporting the full count', () => {
    const result = searchCatalogue('er');
    expect(result.total).toBeGreaterThan(MAX_SUGGESTIONS);
    expect(result.matches).toHaveLength(MAX_SUGGESTIONS);
    const order = result.matches.map((product) => PRODUCTS.indexOf(product));
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it('treats regex characters, emoji, backslashes and very long text as plain text', () => {
    for (const query of ['(', '((', '*', '.*', '\\', '\\d+', '[a-', '🍺🍺', '🍺', 'x'.repeat(500)]) {
      expect(() => searchCatalogue(query), query).not.toThrow();
      expect(searchCatalogue(query).total, query).toBe(0);
    }
  });

  it('normalizes only the query on a keystroke, never the names again', () => {
    const index = search.buildSearchIndex(PRODUCTS);
    const normalize = vi.spyOn(String.prototype, 'normalize');
    search.searchProducts(index, 'pisco');
    expect(normalize).toHaveBeenCalledTimes(1);
  });
});
