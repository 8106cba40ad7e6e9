import { describe, expect, it } from 'vitest';
import { BUILT_IN_MENU, menuKey, parsePartyMenu, shownPartyMenu } from '../../../src/menu/rules.ts';

const answer = {
  version: '2026-11-27 22:00:00.123+00|17',
  items: [
    { name: 'Aperol Spritz', price: 7000, category: 'Cócteles', sold_out: false },
    { name: 'Tabla Irish', price: 16990, category: 'Entradas', sold_out: true },
    { name: 'Pichanga de la casa', price: 12990, category: 'Entradas', sold_out: false },
  ],
};

describe('the server’s list', () => {
  it('reads the RPC’s JSON, in menu order, keeping only what the phone uses', () => {
    const withMore = { ...answer, party: 'x', items: answer.items.map((line) => ({ ...line, id: 7 })) };
    expect(parsePartyMenu(withMore)).toEqual(answer);
  });

  it('takes an empty list as a list', () => {
    expect(parsePartyMenu({ version: 'v1', items: [] })).toEqual({ version: 'v1', items: [] });
  });

  it('refuses anything else whole: a list with one line it cannot read is no list', () => {
    const line = answer.items[0];
    for (const broken of [
      null,
      [],
      'La carta',
      { items: answer.items },
      { version: 3, items: answer.items },
      { version: 'v', items: {} },
      { version: 'v', items: [{ ...line, price: '7000' }] },
      { version: 'v', items: [{ ...line, price: 70.5 }] },
      { version: 'v', items: [{ ...line, price: 0 }] },
      { version: 'v', items: [{ ...line, name: ' ' }] },
      { version: 'v', items: [{ ...line, category: null }] },
      { version: 'v', items: [{ ...line, sold_out: 'no' }] },
      { version: 'v', items: [line, null] },
    ]) {
      expect(parsePartyMenu(broken), JSON.stringify(broken)).toBeNull();
    }
  });
});

describe('what a guest may pick', () => {
  it('hides sold-out items from search, browsing and Otra', () => {
    const menu = parsePartyMenu(answer);
    if (!menu) throw new Error('unread');
    const { catalogue, from, version } = shownPartyMenu(menu);
    expect({ from, version }).toEqual({ from: 'party', version: answer.version });
    expect(catalogue.search('tabla irish').total).toBe(0);
    expect(catalogue.find('Tabla Irish')).toBeUndefined();
    expect(catalogue.shelves().flatMap((shelf) => shelf.products.map((product) => product.name))).toEqual(['Aperol Spritz', 'Pichanga de la casa']);
  });

  it('offers the built-in list, unversioned, to a phone that never had its party’s', () => {
    expect(BUILT_IN_MENU.from).toBe('built-in');
    expect(BUILT_IN_MENU.version).toBeNull();
    expect(BUILT_IN_MENU.catalogue.find('Tabla Irish')?.price).toBe(16990);
  });

  it('keeps the default party’s list under ""', () => {
    expect(menuKey(undefined)).toBe('');
    expect(menuKey(null)).toBe('');
    expect(menuKey('cumple-vale')).toBe('cumple-vale');
  });
});
