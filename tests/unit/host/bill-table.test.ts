/**
 * The host's table of the bar's bill (issue 41): rows from a reading (the
 * bill's figures kept apart, never rows), from the bill as saved (a confirmed
 * near name kept), the one sentence under it, each row's problem by the
 * server's rules, and what the save sends.
 */
import { describe, expect, it } from 'vitest';
import { draftOfReading, draftOfSaved, draftOfText, linesToSave, nearProduct, newRow, totalSentence } from '../../../src/host/bill-table.ts';
import { BILL_PROBLEMS } from '../../../supabase/functions/_shared/bar-bill.ts';
import { PRODUCTS } from '../../../supabase/functions/_shared/menu.ts';

describe('the table', () => {
  it('takes a reading’s products as rows and its figures apart', () => {
    const draft = draftOfReading(
      {
        lines: [
          { kind: 'product', product: 'PISCO SOUR', quantity: 2, unitPrice: 5990, doubt: null },
          { kind: 'tip', product: 'PROPINA SUGERIDA 10%', quantity: 1, unitPrice: 1198, doubt: null },
          { kind: 'total', product: 'TOTAL', quantity: 1, unitPrice: 13178, doubt: null },
        ],
        billTotal: 11980,
        unread: [],
      },
      'phone',
    );
    expect(draft.rows.map((row) => [row.product, row.quantity, row.unitPrice])).toEqual([['PISCO SOUR', '2', '$5.990']]);
    expect(draft.figures).toEqual([
      { label: 'Propina', amount: 1198 },
      { label: 'Total', amount: 13178 },
    ]);
    expect(totalSentence(draft.rows, draft.billTotal)).toBe('Las líneas suman $11.980, igual que el total de la boleta.');
  });

  it('says one of three sentences', () => {
    const rows = [newRow({ product: 'Mojito', quantity: '2', unitPrice: '6.490' })];
    expect(totalSentence(rows, 12980)).toBe('Las líneas suman $12.980, igual que el total de la boleta.');
    expect(totalSentence(rows, 13000)).toBe('Las líneas suman $12.980 y la boleta dice $13.000: revisa las líneas.');
    expect(totalSentence(rows, null)).toBe('La boleta no trae un total que leer.');
  });

  it('reopens the bill as saved, a line confirmed as a product of the list with it', () => {
    const draft = draftOfSaved(
      [
        { product: 'Alitas BBQ', menuName: 'Alitas BBQ 8 unidades', quantity: 2, unitPrice: 8990 },
        { product: 'PISCO SOUR', menuName: 'Pisco Sour', quantity: 1, unitPrice: 5990 },
      ],
      23970,
    );
    expect(draft.rows.map((row) => [row.product, row.sameAs])).toEqual([
      ['Alitas BBQ', 'Alitas BBQ 8 unidades'],
      ['PISCO SOUR', null],
    ]);
    expect(draft.billTotal).toBe(23970);
  });

  it('asks about a near name only, never the list’s own product', () => {
    expect(nearProduct(newRow({ product: 'Alitas BBQ', unitPrice: '8990' }), PRODUCTS)).toBe('Alitas BBQ 8 unidades');
    expect(nearProduct(newRow({ product: 'pisco sour', unitPrice: '5990' }), PRODUCTS)).toBeNull();
    expect(nearProduct(newRow({ product: 'Alitas BBQ', sameAs: 'Alitas BBQ 8 unidades' }), PRODUCTS)).toBeNull();
  });

  it('saves every row or none, each row’s problem numbered', () => {
    expect(linesToSave([newRow({ product: 'Mojito', quantity: '2', unitPrice: '$6.490', sameAs: null })])).toEqual({
      ok: true,
      lines: [{ product: 'Mojito', quantity: 2, unitPrice: 6490 }],
    });
    expect(linesToSave([newRow({ product: 'Mojito', quantity: 'dos', unitPrice: '6490' }), newRow({ product: 'Maní', unitPrice: '' })])).toEqual({
      ok: false,
      problems: [`Línea 1: ${BILL_PROBLEMS.quantity}`, `Línea 2: ${BILL_PROBLEMS.price}`],
    });
    expect(linesToSave([])).toEqual({ ok: false, problems: [BILL_PROBLEMS.empty] });
    expect(draftOfText('Pisco Sour;2;5990\nPropina;1;1198', PRODUCTS).rows).toHaveLength(1);
  });
});
