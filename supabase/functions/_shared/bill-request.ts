/**
 * The host's actions on the bar's bill (issue 32), as zod schemas over the
 * pure rules of bar-bill.ts: host-request.ts puts them in the host's one
 * union of actions, the `host` function parses with them.
 */
import { z } from 'zod';
import { BILL_PROBLEMS, checkBillLines, isBillTotal, type BillLine } from './bar-bill.ts';
import { isUuid } from './rules.ts';

const bothOrNeither = 'La cuenta del bar lleva líneas o un total, no ambos.';

/** All or nothing: the bill's lines ({ product, quantity, unitPrice }), or its total only. A later save replaces the bill. */
const saveBill = z
  .object({ action: z.literal('save_bill'), lines: z.unknown().optional(), total: z.unknown().optional() })
  .transform(({ action, lines, total }, context): { action: 'save_bill'; lines: BillLine[] } | { action: 'save_bill'; total: number } => {
    if (lines !== undefined && total !== undefined) {
      context.issues.push({ code: 'custom', message: bothOrNeither, input: total });
      return z.NEVER;
    }
    if (total !== undefined) {
      if (isBillTotal(total)) return { action, total };
      context.issues.push({ code: 'custom', message: BILL_PROBLEMS.total, input: total, path: ['total'] });
      return z.NEVER;
    }
    const checked = checkBillLines(lines);
    if (checked.ok) return { action, lines: checked.value };
    const message = checked.error ?? checked.problems.map(({ line, problem }) => `Línea ${line}: ${problem}`).join(' ');
    context.issues.push({ code: 'custom', message, input: lines, params: { problems: checked.problems } });
    return z.NEVER;
  });

export const billActionSchemas = [
  saveBill,
  /** The comparison: the bill, what was declared, 'Sin dueño', 'Declarado de más', per product. */
  z.object({ action: z.literal('bill') }),
  /** 'Repartir lo sin dueño' (guests) or 'Lo pago yo' (host). */
  z.object({ action: z.literal('settle_bill'), by: z.enum(['guests', 'host'], { error: 'by debe ser guests o host.' }) }),
  /** 'Quitar' on a claim in a guest's detail: the claim back to '¿Alguien pidió esto?', also after the close; answered with the guest's detail. */
  z.object({
    action: z.literal('unclaim'),
    guestId: z.custom<string>(isUuid, { error: 'guestId debe ser un UUID.' }),
    claimId: z.custom<string>(isUuid, { error: 'claimId debe ser un UUID.' }),
  }),
  /** 'Invitado de honor': set on a guest (moving it from another), or taken back. */
  z.object({
    action: z.literal('honour'),
    guestId: z.custom<string>(isUuid, { error: 'guestId debe ser un UUID.' }),
    honoured: z.boolean({ error: 'honoured debe ser true o false.' }),
  }),
] as const;

export const BILL_ACTIONS = 'save_bill, bill, settle_bill, unclaim u honour';
