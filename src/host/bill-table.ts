/**
 * The table the host corrects the bar's bill in (issue 41): one row per line,
 * from a photo's draft, from lines pasted in 'Líneas de la cuenta del bar'
 * (the same parser), or from the bill as saved. A row is its three fields as
 * typed, and the product of the party's list the host confirmed it is. Under
 * the table, one sentence says whether the rows add up to what the bill
 * printed for them. Pure: the view keeps the rows, these rules read them.
 */
import { BILL_PROBLEMS, checkBillLine, type BillLine } from '../../supabase/functions/_shared/bar-bill.ts';
import { parsePrice } from '../../supabase/functions/_shared/menu-import.ts';
import { draftFromText, type ListedProduct, type ReceiptDraft } from '../../supabase/functions/_shared/receipt-check.ts';
import { closestProduct } from '../../supabase/functions/_shared/receipt-names.ts';
import { RECEIPT_KIND_NAMES } from '../../supabase/functions/_shared/receipt-text.ts';
import { formatPesos, nameKey } from '../../supabase/functions/_shared/rules.ts';

export type { ListedProduct };

export interface BillRow {
  /** The row's own, for the view: rows come and go. */
  readonly key: string;
  readonly product: string;
  /** As typed: digits. */
  readonly quantity: string;
  /** One unit, as typed: `4400`, `4.400` or `$4.400`. */
  readonly unitPrice: string;
  /** The product of the list the host confirmed this row is ('Sí, es lo mismo'). */
  readonly sameAs: string | null;
  /** Why the reading doubts it; gone once the host edits the row. */
  readonly doubt: string | null;
}

/** One of the bill's own figures, never a product: 'Propina $13.152'. */
export interface BillFigure {
  readonly label: string;
  readonly amount: number;
}

export type DraftOrigin = 'phone' | 'model' | 'text' | 'saved' | 'new';

export interface BillDraft {
  readonly rows: readonly BillRow[];
  readonly figures: readonly BillFigure[];
  /** What the bill printed for its products (its subtotal, or its total less the tip plus the discount); null when none was read. */
  readonly billTotal: number | null;
  /** Lines with a price that read as no line. */
  readonly unread: readonly string[];
  readonly origin: DraftOrigin;
}

let rows = 0;
const nextKey = () => {
  rows += 1;
  return `fila-${rows}`;
};

export function newRow(fields: Partial<Omit<BillRow, 'key'>> = {}): BillRow {
  return { key: nextKey(), product: '', quantity: '1', unitPrice: '', sameAs: null, doubt: null, ...fields };
}

export const EMPTY_DRAFT: BillDraft = { rows: [], figures: [], billTotal: null, unread: [], origin: 'new' };

/** A reading of the bill (a photo's, the model's, pasted text's) as rows and figures. */
export function draftOfReading(reading: ReceiptDraft, origin: DraftOrigin): BillDraft {
  return {
    rows: reading.lines.flatMap((line) =>
      line.kind === 'product'
        ? [
            newRow({
              product: line.product,
              quantity: String(line.quantity),
              unitPrice: line.unitPrice > 0 ? formatPesos(line.unitPrice) : '',
              doubt: line.doubt,
            }),
          ]
        : [],
    ),
    figures: reading.lines.flatMap((line) => (line.kind === 'product' ? [] : [{ label: RECEIPT_KIND_NAMES[line.kind], amount: line.unitPrice }])),
    billTotal: reading.billTotal,
    unread: reading.unread,
    origin,
  };
}

/** Lines pasted in the box (or a file's), through the same parser: the host's own words, nothing corrected. */
export function draftOfText(text: string, list: readonly ListedProduct[]): BillDraft {
  return draftOfReading(draftFromText(text, list, { misreads: false }), 'text');
}

/** A line as the bill was saved: as written, the list's product it is, its units and unit price. */
export interface SavedLine {
  readonly product: string;
  readonly menuName: string | null;
  readonly quantity: number;
  readonly unitPrice: number;
}

/** The bill as saved, back in the table: a line the host confirmed is a product of the list keeps it. */
export function draftOfSaved(lines: readonly SavedLine[], printedTotal: number | null): BillDraft {
  return {
    rows: lines.map((line) =>
      newRow({
        product: line.product,
        quantity: String(line.quantity),
        unitPrice: formatPesos(line.unitPrice),
        sameAs: line.menuName !== null && nameKey(line.menuName) !== nameKey(line.product) ? line.menuName : null,
      }),
    ),
    figures: [],
    billTotal: printedTotal,
    unread: [],
    origin: 'saved',
  };
}

/** A row as the `save_bill` line it is, or what is wrong with it (the server's rules, bar-bill.ts). */
export function rowLine(row: BillRow): { readonly ok: true; readonly value: BillLine } | { readonly ok: false; readonly problem: string } {
  const quantity = /^\s*\d+\s*$/.test(row.quantity) ? Number(row.quantity) : null;
  const unitPrice = parsePrice(row.unitPrice);
  return checkBillLine({ product: row.product, quantity, unitPrice, sameAs: row.sameAs });
}

/** What the rows add up to, each as its fields read (a row whose figures do not read adds nothing). */
export function rowsTotal(table: readonly BillRow[]): number {
  return table.reduce((sum, row) => {
    const quantity = /^\s*\d+\s*$/.test(row.quantity) ? Number(row.quantity) : 0;
    return sum + quantity * (parsePrice(row.unitPrice) ?? 0);
  }, 0);
}

/** The one sentence under the table. */
export function totalSentence(table: readonly BillRow[], billTotal: number | null): string {
  if (billTotal === null) return 'La boleta no trae un total que leer.';
  const sum = rowsTotal(table);
  if (sum === billTotal) return `Las líneas suman ${formatPesos(sum)}, igual que el total de la boleta.`;
  return `Las líneas suman ${formatPesos(sum)} y la boleta dice ${formatPesos(billTotal)}: revisa las líneas.`;
}

/**
 * The product of the list a row's name is close to but not exactly (a size
 * or a count left out, a plural: 'Alitas BBQ' and 'Alitas BBQ 8 unidades'),
 * to offer the host; null when the row is that product by its name, the host
 * already confirmed one, or nothing is close.
 */
export function nearProduct(row: BillRow, list: readonly ListedProduct[]): string | null {
  if (row.sameAs !== null || row.product.trim() === '') return null;
  const match = closestProduct(row.product, list, { price: parsePrice(row.unitPrice) });
  return match && match.how !== 'same' ? match.product.name : null;
}

/** What 'Guardar la cuenta del bar' sends: every row's line, or each row's problem (numbered from 1) and nothing. */
export function linesToSave(
  table: readonly BillRow[],
): { readonly ok: true; readonly lines: BillLine[] } | { readonly ok: false; readonly problems: string[] } {
  if (table.length === 0) return { ok: false, problems: [BILL_PROBLEMS.empty] };
  const checked = table.map(rowLine);
  const problems = checked.flatMap((result, index) => (result.ok ? [] : [`Línea ${index + 1}: ${result.problem}`]));
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, lines: checked.flatMap((result) => (result.ok ? [result.value] : [])) };
}
