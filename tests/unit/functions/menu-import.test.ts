/**
 * The rules the host's page (the import's preview, the add form) and the
 * `host` function (its refusals) share for a party's list.
 */
import { describe, expect, it } from 'vitest';
import { parseHostAction } from '../../../supabase/functions/_shared/host-request.ts';
import { importEffect } from '../../../src/host/menu.ts';
import { checkImportLines, checkProduct, parseMenuText, parsePrice, PRODUCT_PROBLEMS, splitFields } from '../../../supabase/functions/_shared/menu-import.ts';

describe('prices as a host types them', () => {
  it('reads whole pesos with or without the sign and the dots', () => {
    expect(['7000', '7.000', '$7.000', '$ 7.000', ' 12990 ', '7,000', '1.000.000'].map(parsePrice)).toEqual([7000, 7000, 7000, 7000, 12990, 7000, 1_000_000]);
  });

  it('reads no price in decimals, words or stray dots', () => {
    for (const text of ['7000,50', '7.5', '70.00', 'siete mil', '', '$', '-7000', '7 000', '1.0000']) expect(parsePrice(text), text).toBeNull();
  });
});

describe('a pasted list or a CSV', () => {
  it('splits on ; first, else a tab, else a comma, and keeps quoted commas', () => {
    expect(splitFields('Ron, añejo;7.000;Ron')).toEqual(['Ron, añejo', '7.000', 'Ron']);
    expect(splitFields('"Ron, añejo",7000,Ron')).toEqual(['Ron, añejo', '7000', 'Ron']);
    expect(splitFields('"Dice ""salud""",7000,Extras')).toEqual(['Dice "salud"', '7000', 'Extras']);
    expect(splitFields('Mojito\t6490\tCócteles')).toEqual(['Mojito', '6490', 'Cócteles']);
    expect(splitFields('Mojito;6490;Cócteles;;')).toEqual(['Mojito', '6490', 'Cócteles']);
  });

  it('numbers each line as the host sees it, skipping blanks and the headings, with each line’s problem', () => {
    const lines = parseMenuText(
      'Nombre;Precio;Categoría\nPichanga de la casa;$12.990;Fondos\n\nMojito;siete mil;Cócteles\nTé\nSopaipillas;2500;\n  pichanga  de la casa ;9990;Fondos\r\nCafé;1.500;Café y té',
    );
    expect(lines.map(({ line, result }) => [line, result.ok ? result.value : result.problem])).toEqual([
      [2, { name: 'Pichanga de la casa', price: 12990, category: 'Fondos' }],
      [4, PRODUCT_PROBLEMS.price],
      [5, PRODUCT_PROBLEMS.fields],
      [6, PRODUCT_PROBLEMS.category],
      [7, 'Repite «pichanga de la casa» de la línea 2.'],
      [8, { name: 'Café', price: 1500, category: 'Café y té' }],
    ]);
  });

  it('takes a CSV export with a byte order mark and Windows line ends', () => {
    const lines = parseMenuText('\uFEFFNombre,Precio,Categoría\r\n"Ron, añejo",7000,Ron\r\n');
    expect(lines).toEqual([{ line: 2, text: '"Ron, añejo",7000,Ron', result: { ok: true, value: { name: 'Ron, añejo', price: 7000, category: 'Ron' } } }]);
  });
});

describe('a name already on the list, whatever its capitals and accents', () => {
  it('is a repeat in the preview as in the function: PIÑA COLADA repeats Piña colada', () => {
    const lines = parseMenuText('Piña colada;6990;Cócteles\nPIÑA COLADA;7000;Cócteles\nPina colada;7000;Cócteles\nCAIPIRIÑA;7000;Cócteles');
    expect(lines.map(({ result }) => (result.ok ? result.value.name : result.problem))).toEqual([
      'Piña colada',
      'Repite «PIÑA COLADA» de la línea 1.',
      'Repite «Pina colada» de la línea 1.',
      'CAIPIRIÑA',
    ]);
  });

  it('is counted as changed by the page as the server changes it', () => {
    const items = [{ name: 'Caipiriña', price: 6290, category: 'Cócteles', sold_out: false }];
    expect(importEffect(items, ['CAIPIRIÑA'])).toEqual({ added: 0, changed: 1 });
    expect(importEffect(items, ['CAIPIRINA', 'Pichanga'])).toEqual({ added: 1, changed: 1 });
  });
});

describe('what the function takes', () => {
  it('a product: cleaned text, or the first field’s problem', () => {
    expect(checkProduct({ name: ' Pichanga\u00a0 de la casa\u200b ', price: 12990, category: ' Fondos ' })).toEqual({
      ok: true,
      value: { name: 'Pichanga de la casa', price: 12990, category: 'Fondos' },
    });
    expect(checkProduct({ name: 'Ponche', price: 99, category: '' })).toEqual({ ok: false, problem: PRODUCT_PROBLEMS.price });
    expect(checkProduct({ name: '🍺🍺', price: 7000, category: 'Cervezas' })).toEqual({ ok: false, problem: PRODUCT_PROBLEMS.name });
  });

  it('an import: every bad line by its number, or every product', () => {
    expect(
      checkImportLines([{ name: 'Mojito', price: 6490, category: 'Cócteles' }, 'Mojito;6490', { name: 'MOJITO', price: 100, category: 'Cócteles' }]),
    ).toEqual({
      ok: false,
      problems: [
        { line: 2, problem: PRODUCT_PROBLEMS.fields },
        { line: 3, problem: 'Repite «MOJITO» de la línea 1.' },
      ],
    });
    expect(checkImportLines([{ name: 'Mojito', price: 6490, category: 'Cócteles' }])).toEqual({
      ok: true,
      value: [{ name: 'Mojito', price: 6490, category: 'Cócteles' }],
    });
    expect(checkImportLines([])).toMatchObject({ ok: false, problems: [] });
    expect(checkImportLines(Array.from({ length: 1001 }, () => ({})))).toMatchObject({ ok: false, error: 'Una importación lleva a lo más 1000 líneas.' });
  });

  it('the host’s menu actions and a new party’s starting list', () => {
    expect(parseHostAction({ action: 'set_price', name: 'Aperol Spritz', price: 7000 })).toEqual({
      ok: true,
      value: { action: 'set_price', name: 'Aperol Spritz', price: 7000 },
    });
    expect(parseHostAction({ action: 'add_product', name: ' Pichanga de la casa ', price: 12990, category: 'Fondos' })).toEqual({
      ok: true,
      value: { action: 'add_product', name: 'Pichanga de la casa', price: 12990, category: 'Fondos' },
    });
    expect(parseHostAction({ action: 'set_sold_out', name: 'Tabla Irish', soldOut: true })).toEqual({
      ok: true,
      value: { action: 'set_sold_out', name: 'Tabla Irish', soldOut: true },
    });
    expect(parseHostAction({ action: 'import_menu', lines: [{ name: 'Ponche', price: 50, category: 'Cócteles' }] })).toEqual({
      ok: false,
      error: `Línea 1: ${PRODUCT_PROBLEMS.price}`,
      problems: [{ line: 1, problem: PRODUCT_PROBLEMS.price }],
    });
    expect(parseHostAction({ action: 'create_party', name: 'Once', date: '2026-12-01', menuFrom: 'abcdefghijklmnop' })).toMatchObject({
      ok: true,
      value: { menuFrom: 'abcdefghijklmnop' },
    });
    expect(parseHostAction({ action: 'create_party', name: 'Once', date: '2026-12-01' })).toMatchObject({ ok: true, value: { menuFrom: null } });
  });
});
