/**
 * Reading a bar's bill from text (issue 41): the layouts bars print, each line
 * typed (a tip, a subtotal, a total, a discount or the IVA is never a
 * product), the printed total read; the corrections the bill's own figures
 * and the party's list make to what OCR misread; a line no rule reconciles
 * flagged; names close to a product of the list; the model's reading checked
 * by the same rules.
 */
import { describe, expect, it } from 'vitest';
import { DOUBTS, draftFromText, readings } from '../../../supabase/functions/_shared/receipt-check.ts';
import { draftFromModel } from '../../../supabase/functions/_shared/receipt-model.ts';
import { closestProduct, editDistance } from '../../../supabase/functions/_shared/receipt-names.ts';
import { kindOf, parseReceiptText, readMoney } from '../../../supabase/functions/_shared/receipt-text.ts';
import { PRODUCTS } from '../../../supabase/functions/_shared/menu.ts';

/** A product line as [name, units, unit price, line total], the figures as printed. */
const products = (text: string) =>
  parseReceiptText(text).lines.flatMap((line) =>
    line.kind === 'product' ? [[line.name, line.quantity?.value ?? null, line.unitPrice?.value ?? null, line.total?.value ?? null]] : [],
  );
const kinds = (text: string) => parseReceiptText(text).lines.map((line) => [line.kind, line.total?.value ?? null]);
const drafted = (text: string, list = PRODUCTS) =>
  draftFromText(text, list, { misreads: true }).lines.flatMap((line) =>
    line.kind === 'product' ? [[line.product, line.quantity, line.unitPrice, line.doubt]] : [],
  );

describe('the layouts bars print', () => {
  it('reads the units first, the line’s total last', () => {
    expect(products('2 PISCO SOUR 11.980')).toEqual([['PISCO SOUR', 2, null, 11980]]);
  });

  it('reads the name, the units, the unit price and the total in columns', () => {
    expect(products('PISCO SOUR  2  5.990  11.980\nRON ZACAPA 23   1  11.990  11.990')).toEqual([
      ['PISCO SOUR', 2, 5990, 11980],
      ['RON ZACAPA 23', 1, 11990, 11990],
    ]);
    expect(products('CANT DESCRIPCION P.UNIT TOTAL\n  1  KROSS 5   5.490   5.490')).toEqual([['KROSS 5', 1, 5490, 5490]]);
  });

  it('reads a count marked with an x beside the name, with a peso sign or without', () => {
    expect(products('PISCO SOUR x2 $11.980\nFANTA x1 2.290\nTÉ VERDE X 3   $5.970')).toEqual([
      ['PISCO SOUR', 2, null, 11980],
      ['FANTA', 1, null, 2290],
      ['TÉ VERDE', 3, null, 5970],
    ]);
  });

  it('reads a name on one line and its units × price and total on the next', () => {
    expect(products('MESA 12   GARZON: PEDRO\nPISCO SOUR\n   2 x $5.990      $11.980\nCOCA-COLA ZERO\n6x 2.290   13.740\nMOJITO\n1x6.490 6.490')).toEqual([
      ['PISCO SOUR', 2, 5990, 11980],
      ['COCA-COLA ZERO', 6, 2290, 13740],
      ['MOJITO', 1, 6490, 6490],
    ]);
  });

  it('reads one price beside a name as one unit, and keeps a number that is the name’s (`RON ZACAPA 23`)', () => {
    expect(products('RON ZACAPA 23        $11.990\nPISCO SOUR           5.990')).toEqual([
      ['RON ZACAPA 23', null, null, 11990],
      ['PISCO SOUR', null, null, 5990],
    ]);
  });

  it('puts back a name the table ran over two lines', () => {
    expect(products('Producto Cant. Precio Total\nPISCO ALTO DEL\nCARMEN 35   6 $5.490 $32.940')).toEqual([['PISCO ALTO DEL CARMEN 35', 6, 5490, 32940]]);
  });

  it('takes the host’s own Producto;Cantidad;Precio, the unit price as 4400, 4.400 or $4.400', () => {
    expect(products('Producto;Cantidad;Precio\nPisco Sour;3;4.400\nTabla Irish;1;$16.990\nMojito;2;6490')).toEqual([
      ['Pisco Sour', 3, 4400, null],
      ['Tabla Irish', 1, 16990, null],
      ['Mojito', 2, 6490, null],
    ]);
  });

  it('leaves out what has no price: the bar’s name, RUT, folio, date, table, headings and thanks', () => {
    const heading = [
      'THE BLACK SHEEP PUB',
      'RUT 76.123.456-7',
      'AV. PROVIDENCIA 1234, SANTIAGO',
      'BOLETA ELECTRONICA N° 586936',
      'DOLETA ELECTRONICA m* 8a66Sa',
      'FECHA 17/11/2026 HORA 01:50',
      'MESA 20 GARZON: JOSE L.',
      'CANT DESCRIPCION P.UNIT TOTAL',
      '---------------------------',
      'GRACIAS POR SU VISITA',
    ].join('\n');
    expect(parseReceiptText(heading).lines).toEqual([]);
  });
});

describe('the bill’s own figures', () => {
  it('are typed, never products, whatever OCR did to their words', () => {
    const foot = [
      'SUBTOTAL 131.520',
      'SUSTOTAL 131.520',
      'SUB TOTAL $131.520',
      'DESCUENTO 10% -13.150',
      'DCTO HAPPY HOUR -2.000',
      'IVA 19% INCLUIDO 21.000',
      '1VA 19% INCLUIDO 21.000',
      'PROPINA SUGERIDA 10% 13.152',
      'Propina sugerida 10%;1;13.152',
      'SERVICIO 10% 13.152',
      'TOTAL CON PROPINA 144.672',
      'T0TAL 144.672',
    ].join('\n');
    expect(kinds(foot)).toEqual([
      ['subtotal', 131520],
      ['subtotal', 131520],
      ['subtotal', 131520],
      ['discount', 13150],
      ['discount', 2000],
      ['tax', 21000],
      ['tax', 21000],
      ['tip', 13152],
      ['tip', 13152],
      ['tip', 13152],
      ['total', 144672],
      ['total', 144672],
    ]);
    expect(['Pisco Sour', 'Totopos', 'Subte', 'Té verde'].map(kindOf)).toEqual(['product', 'product', 'product', 'product']);
  });

  it('give what the products come to: the subtotal, or the total less the tip in it plus the discount; none without either', () => {
    const lines = 'PISCO SOUR x2 11.980\nMOJITO x1 6.490\n';
    expect(draftFromText(`${lines}SUBTOTAL 18.470\nPROPINA 1.847\nTOTAL 20.317`, PRODUCTS, { misreads: false }).billTotal).toBe(18470);
    expect(draftFromText(`${lines}DESCUENTO -1.000\nPROPINA 1.747\nTOTAL 19.217`, PRODUCTS, { misreads: false }).billTotal).toBe(18470);
    // A tip printed after the total is not in it.
    expect(draftFromText(`${lines}TOTAL 18.470\nPROPINA SUGERIDA 1.847`, PRODUCTS, { misreads: false }).billTotal).toBe(18470);
    expect(draftFromText(lines, PRODUCTS, { misreads: false }).billTotal).toBeNull();
  });
});

describe('figures OCR misreads', () => {
  it('reads a peso sign, lookalike letters and a space for a dot', () => {
    expect(['$11.980', 'S11.980', '11.98O', '$6 041', '1l.980', '-$1.270', '11980'].map(readMoney)).toEqual([11980, 11980, 11980, null, 11980, 1270, 11980]);
    expect(products('TEQUILA x1      $6 041')).toEqual([['TEQUILA', 1, null, 6041]]);
    expect(['DOS', 'SOL', '2', '12'].map(readMoney)).toEqual([null, null, null, null]);
  });

  it('are corrected by units × unit price = the line’s total, and by prices ending in 0', () => {
    expect(drafted('1 LOMO A LO POBRE 15.999 15.990')).toEqual([['LOMO A LO POBRE', 1, 15990, null]]);
    // The list's Vaso de pipeño by its key: the name stays as printed.
    expect(drafted('4 VASO DE PIPENO 3.9909 15.960')).toEqual([['VASO DE PIPENO', 4, 3990, null]]);
    // The peso sign read as a 5.
    expect(drafted('PAPAS FRITAS\n4 x $5.490   521.960')).toEqual([['PAPAS FRITAS', 4, 5490, null]]);
  });

  it('are corrected by the list’s price for the line’s product, its name misread too', () => {
    expect(drafted('1 PISCO SOUA 5.998')).toEqual([['PISCO SOUR', 1, 5990, null]]);
    expect(drafted('6 SzZOT IPA 38ecc 3.590 21.548')).toEqual([['SZOT IPA 300CC', 6, 3590, null]]);
  });

  it('are corrected by the lines summing to the subtotal, one line at a time', () => {
    expect(drafted('2 MANI SALADO 5.800\n1 PAPAS RUSTICAS 6.490\nSUBTOTAL 11.490', [])).toEqual([
      ['MANI SALADO', 2, 2500, null],
      ['PAPAS RUSTICAS', 1, 6490, null],
    ]);
    // The tip misread ($60.041) does not hide the total: subtotal plus tip is the total.
    const draft = draftFromText('MANI x2 5.000\nSUBTOTAL 60.410\nPROPINA 60.041\nTOTAL 66.451', [], { misreads: true });
    expect(draft.billTotal).toBe(60410);
  });

  it('flags a line no rule reconciles, never guessing it', () => {
    expect(drafted('2 MANI SALADO 5.800\n1 PAPAS RUSTICAS 6.480\nSUBTOTAL 20.000', [])).toEqual([
      ['MANI SALADO', 2, 2900, DOUBTS.unsure],
      ['PAPAS RUSTICAS', 1, 6480, DOUBTS.unsure],
    ]);
    expect(drafted('1 CHELADA 7.777 1.000')[0]?.[3]).toBe(DOUBTS.figures);
  });

  it('are read as they are in text the host typed', () => {
    expect(readings({ text: '5.998', value: 5998 }, false)).toEqual([{ value: 5998, cost: 0 }]);
    expect(draftFromText('Pisco soua;1;5.998', PRODUCTS, { misreads: false }).lines).toEqual([
      { kind: 'product', product: 'Pisco soua', quantity: 1, unitPrice: 5998, doubt: DOUBTS.unsure },
    ]);
  });
});

describe('names close to a product of the list', () => {
  const list = [
    { name: 'Alitas BBQ 8 unidades', price: 8990 },
    { name: 'Alitas picantes 8 unidades', price: 8990 },
    { name: 'Guinness 300cc', price: 3990 },
    { name: 'Guinness 500cc', price: 5990 },
    { name: 'Limonada de maracuyá', price: 3790 },
    { name: 'Pisco Sour', price: 5990 },
    { name: 'Pisco Sour Catedral', price: 7990 },
  ];

  it('meet the same product whatever their capitals and accents', () => {
    expect(closestProduct('PISCO SOUR', list)).toMatchObject({ product: { name: 'Pisco Sour' }, how: 'same' });
    expect(closestProduct('limonada de maracuya', list)).toMatchObject({ how: 'same' });
  });

  it('meet a product whose size or count they leave out, or cut short, or in the plural: near, to confirm', () => {
    expect(closestProduct('Alitas BBQ', list)).toMatchObject({ product: { name: 'Alitas BBQ 8 unidades' }, how: 'near' });
    expect(closestProduct('ALITA BBQ', list)).toMatchObject({ product: { name: 'Alitas BBQ 8 unidades' }, how: 'near' });
    expect(closestProduct('LIMONADA DE MARACUY', list)).toMatchObject({
      product: { name: 'Limonada de maracuyá' },
      how: 'near',
      corrected: 'LIMONADA DE MARACUY',
    });
    expect(closestProduct('PISCO SOUR CATEDRAL', list)).toMatchObject({ how: 'same' });
  });

  it('tell apart by price what names alone cannot, and leave a tie unmatched', () => {
    expect(closestProduct('GUINNESS', list, { price: 5990 })?.product.name).toBe('Guinness 500cc');
    expect(closestProduct('GUINNESS', list)).toBeNull();
    expect(closestProduct('ALITAS', list)).toBeNull();
  });

  it('are corrected letter by letter only when the text came from a photo', () => {
    expect(closestProduct('PISCO SOUA', list, { misreads: true })).toMatchObject({ product: { name: 'Pisco Sour' }, how: 'misread', corrected: 'PISCO SOUR' });
    expect(closestProduct('PISCO SOUA', list)).toBeNull();
    expect(editDistance('souа', 'sour')).toBe(1);
  });
});

describe('the model’s reading', () => {
  it('is checked by the phone’s rules: figures that do not agree are flagged, the tip is never a product', () => {
    const draft = draftFromModel(
      {
        lines: [
          { kind: 'product', name: 'PISCO SOUR', quantity: 2, unit_price: 5990, line_total: 11980 },
          { kind: 'product', name: 'MOJITO', quantity: 2, unit_price: 6490, line_total: 6490 },
          { kind: 'subtotal', name: 'SUBTOTAL', quantity: 1, unit_price: 24960, line_total: 24960 },
          { kind: 'tip', name: 'PROPINA', quantity: 1, unit_price: 2496, line_total: 2496 },
        ],
      },
      PRODUCTS,
    );
    expect(draft.billTotal).toBe(24960);
    expect(draft.lines.map((line) => [line.kind, line.product, line.quantity, line.unitPrice, line.doubt])).toEqual([
      ['product', 'PISCO SOUR', 2, 5990, null],
      ['product', 'MOJITO', 2, 6490, null],
      ['subtotal', 'SUBTOTAL', 1, 24960, null],
      ['tip', 'PROPINA', 1, 2496, null],
    ]);
    const off = draftFromModel({ lines: [{ kind: 'product', name: 'MOJITO', quantity: 2, unit_price: 6490, line_total: 6490 }] }, PRODUCTS);
    expect(off.lines[0]?.doubt).toBe(DOUBTS.figures);
  });
});
