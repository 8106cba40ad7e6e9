/** A bill of the corpus (tests/fixtures/receipts/, scripts/make-receipts.ts), and what a vision model reads in it: its lines typed, in integer pesos. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ModelReading } from '../../supabase/functions/_shared/receipt-model.ts';
import { RECEIPTS_DIR, type TrueBill } from '../../scripts/make-receipts.ts';

export type { TrueBill };

export const trueBill = (name: string): TrueBill => JSON.parse(readFileSync(join(RECEIPTS_DIR, `${name}.json`), 'utf8')) as TrueBill;

export const photoOf = (bill: TrueBill): string => join(RECEIPTS_DIR, bill.file);

/** The bill as a model that reads it right answers it: every product, then its subtotal, tip and total as printed. */
export function modelReadingOf(bill: TrueBill): ModelReading {
  const figure = (kind: 'subtotal' | 'tip' | 'total', name: string, amount: number | null) =>
    amount === null ? [] : [{ kind, name, quantity: 1, unit_price: amount, line_total: amount }];
  return {
    lines: [
      ...bill.lines.map((line) => ({
        kind: 'product' as const,
        name: line.name,
        quantity: line.quantity,
        unit_price: line.unitPrice,
        line_total: line.quantity * line.unitPrice,
      })),
      ...figure('subtotal', 'SUBTOTAL', bill.subtotal),
      ...figure('tip', 'PROPINA SUGERIDA 10%', bill.tip),
      ...figure('total', 'TOTAL', bill.total),
    ],
  };
}
