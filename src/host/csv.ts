/**
 * The party as a CSV a spreadsheet in es-CL opens as it is: UTF-8 with a BOM
 * (so accents survive), `;` between fields (the comma is the decimal mark
 * there), CRLF line ends, a header row, amounts as plain whole numbers. Each
 * money column adds up on its own (issue 42): `Precio` to the bar's bill (every
 * tab's lines and what the host absorbed), `Pago` less `Devuelto` to what the
 * party has paid, `Saldo a favor` to what it owes back.
 */
import { formatStamp } from './format.ts';
import { lineLabel, type PartyMoney, type PartyOrder } from './party.ts';

export const CSV_HEADER = ['Invitado', 'Producto', 'Precio', 'Hora', 'Pagado', 'Pago', 'Forma de pago', 'Devuelto', 'Saldo a favor'] as const;

/** The way a payment or a refund came, as the CSV names it. */
const WAYS = { mercadopago: 'Mercado Pago', host: 'Marcado por quien organiza' } as const;
const BOM = '\uFEFF';

/**
 * One field: quoted when it holds a separator, a quote or a line break (quotes
 * doubled). Text a guest typed that a spreadsheet would run as a formula
 * (=, +, -, @ first) gets a leading apostrophe, so it shows as text.
 */
export function csvField(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[;"\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

function csvLine(fields: readonly (string | number)[]): string {
  return fields.map(csvField).join(';');
}

/**
 * One line per line of each tab, in the order given: active orders, claims on
 * the bar's bill, 'Parte de lo sin dueño', 'Invitación a <name>' and the guest
 * of honour's own total taken off (negative): they sum to the party's total.
 * Then what the host absorbed ('Lo pago yo'), each payment and its way, each
 * refund, and each guest's saldo a favor.
 */
export function partyCsv(orders: readonly PartyOrder[], money: PartyMoney = EMPTY_MONEY): string {
  const lines = orders.map((order) =>
    csvLine([order.full_name, lineLabel(order), order.product_price, formatStamp(order.created_at), order.paid ? 'sí' : 'no', '', '', '', '']),
  );
  const absorbed = money.absorbed
    ? [csvLine(['Quien organiza', 'Lo sin dueño, lo paga quien organiza', money.absorbed.amount, formatStamp(money.absorbed.at), '', '', '', '', ''])]
    : [];
  const payments = money.payments.map((paid) => csvLine([paid.full_name, 'Pago', '', formatStamp(paid.at), '', paid.amount, WAYS[paid.method], '', '']));
  const refunds = money.refunds.map((back) =>
    csvLine([back.full_name, 'Devolución', '', formatStamp(back.at), '', '', back.method === 'mercadopago' ? WAYS.mercadopago : 'A mano', back.amount, '']),
  );
  const credits = money.credits.map((credit) => csvLine([credit.full_name, 'Saldo a favor', '', '', '', '', '', '', credit.amount]));
  return `${BOM}${[csvLine(CSV_HEADER), ...lines, ...absorbed, ...payments, ...refunds, ...credits].join('\r\n')}\r\n`;
}

const EMPTY_MONEY: PartyMoney = { absorbed: null, payments: [], refunds: [], credits: [] };

/** `fiesta-2026-11-21.csv`, by this phone's date. */
export function csvFileName(now: Date): string {
  return `fiesta-${formatStamp(now.toISOString()).slice(0, 10)}.csv`;
}

/** Hands the text to the browser as a file download. */
export function downloadText(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
