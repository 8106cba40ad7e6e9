import { describe, expect, it } from 'vitest';
import { CSV_HEADER, csvField, csvFileName, partyCsv } from '../../../src/host/csv.ts';
import { formatStamp } from '../../../src/host/format.ts';
import type { PartyOrder } from '../../../src/host/party.ts';

const order = (change: Partial<PartyOrder> = {}): PartyOrder => ({
  user_id: '8a6e0804-2bd0-4672-b79e-d4b259de3b01',
  full_name: 'Ana Pérez',
  kind: 'order',
  product_name: 'Summer Ale 500cc',
  product_price: 4400,
  created_at: '2026-11-22T01:41:05.123+00:00',
  paid: false,
  ...change,
});

describe('the party CSV', () => {
  it('starts with a BOM and a header row, one CRLF line per order, `;` between fields', () => {
    const csv = partyCsv([order(), order({ product_name: 'Aperol Spritz', product_price: 6500, paid: true })]);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.endsWith('\r\n')).toBe(true);
    const lines = csv.slice(1).split('\r\n');
    expect(lines).toEqual([
      'Invitado;Producto;Precio;Hora;Pagado;Pago;Forma de pago;Devuelto;Saldo a favor',
      `Ana Pérez;Summer Ale 500cc;4400;${formatStamp('2026-11-22T01:41:05.123+00:00')};no;;;;`,
      `Ana Pérez;Aperol Spritz;6500;${formatStamp('2026-11-22T01:41:05.123+00:00')};sí;;;;`,
      '',
    ]);
    expect(CSV_HEADER).toHaveLength(9);
  });

  it('writes the bar’s bill lines by their names, with their amounts (the guest of honour’s negative), never a kind', () => {
    const at = '2026-11-29T03:00:00Z';
    const csv = partyCsv([
      order({ kind: 'claim', product_name: 'Pisco Sour', product_price: 4400 }),
      order({ kind: 'spread', product_name: 'Parte de lo sin dueño', product_price: 1501, created_at: at }),
      order({ kind: 'invitation', product_name: 'Invitación a Beto Soto', product_price: 2200, created_at: at }),
      order({ full_name: 'Beto Soto', kind: 'honoured', product_name: 'Tu cuenta la paga la fiesta.', product_price: -4400, created_at: at }),
    ]);
    expect(csv.slice(1).split('\r\n').slice(1, 5)).toEqual([
      `Ana Pérez;Pisco Sour (de la cuenta del bar);4400;${formatStamp('2026-11-22T01:41:05.123+00:00')};no;;;;`,
      `Ana Pérez;Parte de lo sin dueño;1501;${formatStamp(at)};no;;;;`,
      `Ana Pérez;Invitación a Beto Soto;2200;${formatStamp(at)};no;;;;`,
      `Beto Soto;Tu cuenta la paga la fiesta.;-4400;${formatStamp(at)};no;;;;`,
    ]);
    expect(csv).not.toMatch(/claim|spread|invitation|honoured/);
  });

  it('is only the header for a party with no orders', () => {
    expect(partyCsv([])).toBe('\uFEFFInvitado;Producto;Precio;Hora;Pagado;Pago;Forma de pago;Devuelto;Saldo a favor\r\n');
  });

  it('adds up: Precio to the bill with what the host absorbed, Pago less Devuelto to what was paid, and each saldo a favor', () => {
    const at = '2026-11-29T03:00:00Z';
    const ana = { user_id: 'a', full_name: 'Ana Pérez' };
    const csv = partyCsv(
      [order({ product_price: 4400 }), order({ kind: 'spread', product_name: 'Parte de lo sin dueño', product_price: 1000, created_at: at })],
      {
        absorbed: { amount: 2600, at },
        payments: [
          { ...ana, amount: 5940, at, method: 'mercadopago' },
          { ...ana, amount: 5940, at, method: 'mercadopago' },
          { ...ana, amount: 1000, at, method: 'host' },
        ],
        refunds: [{ ...ana, amount: 5940, at, method: 'mercadopago' }],
        credits: [{ ...ana, amount: 1000 }],
      },
    );
    const rows = csv
      .slice(1)
      .trimEnd()
      .split('\r\n')
      .slice(1)
      .map((line) => line.split(';'));
    const column = (index: number) => rows.reduce((sum, row) => sum + Number(row[index] || 0), 0);
    expect(column(2)).toBe(4400 + 1000 + 2600);
    expect(column(5) - column(7)).toBe(5940 + 1000);
    expect(column(8)).toBe(1000);
    expect(rows.slice(2).map((row) => row.join(';'))).toEqual([
      `Quien organiza;Lo sin dueño, lo paga quien organiza;2600;${formatStamp(at)};;;;;`,
      `Ana Pérez;Pago;;${formatStamp(at)};;5940;Mercado Pago;;`,
      `Ana Pérez;Pago;;${formatStamp(at)};;5940;Mercado Pago;;`,
      `Ana Pérez;Pago;;${formatStamp(at)};;1000;Marcado por quien organiza;;`,
      `Ana Pérez;Devolución;;${formatStamp(at)};;;Mercado Pago;5940;`,
      'Ana Pérez;Saldo a favor;;;;;;;1000',
    ]);
  });

  it('quotes fields with separators, quotes or line breaks, doubling quotes', () => {
    expect(csvField('Ana; la "Flaca"')).toBe('"Ana; la ""Flaca"""');
    expect(csvField('dos\nlíneas')).toBe('"dos\nlíneas"');
    expect(csvField('Ana, María')).toBe('Ana, María');
    expect(csvField(4400)).toBe('4400');
  });

  it('keeps a name a spreadsheet would run as a formula as plain text', () => {
    for (const name of ['=HYPERLINK("http://x";"y")', '+56 9 1234', '-1+1', '@SUM(A1)']) {
      expect(csvField(name).replace(/^"/, '')).toMatch(/^'/);
    }
    expect(partyCsv([order({ full_name: '=1+1' })])).toContain("\r\n'=1+1;");
  });

  it('is named after this phone’s date', () => {
    expect(csvFileName(new Date(2026, 10, 21, 23, 59))).toBe('fiesta-2026-11-21.csv');
  });
});
