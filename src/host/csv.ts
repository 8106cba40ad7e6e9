/**
 * The party as a CSV a spreadsheet in es-CL opens as it is: UTF-8 with a BOM
 * (so accents survive), `;` between fields (the comma is the decimal mark
 * there), CRLF line ends, a header row, prices as plain whole numbers.
 */
import { formatStamp } from './format.ts';
import { lineLabel, type PartyOrder } from './party.ts';

export const CSV_HEADER = ['Invitado', 'Producto', 'Precio', 'Hora', 'Pagado'] as const;
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
 */
export function partyCsv(orders: readonly PartyOrder[]): string {
  const lines = orders.map((order) =>
    csvLine([order.full_name, lineLabel(order), order.product_price, formatStamp(order.created_at), order.paid ? 'sí' : 'no']),
  );
  return `${BOM}${[csvLine(CSV_HEADER), ...lines].join('\r\n')}\r\n`;
}

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
