/**
 * What the `host` function's vision model answers for a photo of the bar's
 * bill (issue 41), and how the phone checks it: the same typed lines as the
 * phone's own reading, in integer pesos, run through the same rules
 * (receipt-check.ts) with the figures taken as given, so a line whose units ×
 * price is not its total, or lines that do not add up to the bill's total,
 * are flagged for the host as the phone's own would be. Free of zod: the
 * host's page loads it; receipt-request.ts holds the schemas.
 */
import { draftReceipt, type ListedProduct, type ReceiptDraft } from './receipt-check.ts';
import type { Printed, ReceiptLineKind, ReceiptTextLine } from './receipt-text.ts';

export const RECEIPT_LINE_KINDS = ['product', 'tip', 'subtotal', 'total', 'discount', 'tax'] as const satisfies readonly ReceiptLineKind[];

/** The largest photo the function takes, as the data URL's characters (a JPEG of a bill at 1600 pixels is 150–500 KB). */
export const MAX_PHOTO_BYTES = 900 * 1024;

export interface ModelLine {
  readonly kind: ReceiptLineKind;
  /** A product's name as printed, or the figure's label. */
  readonly name: string;
  readonly quantity: number;
  /** Whole pesos; a figure's amount for the bill's own figures. */
  readonly unit_price: number;
  readonly line_total: number;
}

export interface ModelReading {
  readonly lines: readonly ModelLine[];
}

const given = (value: number): Printed => ({ text: String(value), value });

/** The model's lines as the phone's own rules check them: nothing corrected, everything that does not add up flagged. */
export function draftFromModel(reading: ModelReading, list: readonly ListedProduct[]): ReceiptDraft {
  const lines = reading.lines.map((line): ReceiptTextLine =>
    line.kind === 'product'
      ? {
          kind: line.kind,
          name: line.name,
          quantity: given(line.quantity),
          unitPrice: given(line.unit_price),
          total: given(line.line_total),
          source: line.name,
        }
      : { kind: line.kind, name: line.name, quantity: null, unitPrice: null, total: given(line.line_total), source: line.name },
  );
  return draftReceipt({ lines, unread: [] }, list, { misreads: false });
}
