/**
 * The host's actions on the bar's bill (issue 32), as zod schemas over the
 * pure rules of bar-bill.ts: host-request.ts puts them in the host's one
 * union of actions, the `host` function parses with them.
 */
import { z } from 'zod';
import { BILL_PROBLEMS, checkBillLines, isBillTotal, type BillLine } from './bar-bill.ts';
import { isUuid } from './rules.ts';

const bothOrNeither = 'La cuenta del bar lleva líneas o un total, no ambos.';

/** `confirm: true`: the host was asked and said 'Sí, cambiar' to a change that moves what paid guests owe. */
const confirm = z.boolean({ error: 'confirm debe ser true o false.' }).optional();
const confirmed = (value: boolean | undefined) => (value === true ? { confirm: true as const } : {});

type SaveBill = ({ action: 'save_bill'; lines: BillLine[]; printedTotal: number | null } | { action: 'save_bill'; total: number }) & { confirm?: true };

/**
 * All or nothing: the bill's lines ({ product, quantity, unitPrice, sameAs? }) and the total it printed for
 * them if it printed one (`printedTotal`), or its total only. A later save replaces the bill.
 */
const saveBill = z
  .object({ action: z.literal('save_bill'), lines: z.unknown().optional(), total: z.unknown().optional(), printedTotal: z.unknown().optional(), confirm })
  .transform(({ action, lines, total, printedTotal, confirm: sure }, context): SaveBill => {
    if (lines !== undefined && total !== undefined) {
      context.issues.push({ code: 'custom', message: bothOrNeither, input: total });
      return z.NEVER;
    }
    if (total !== undefined) {
      if (isBillTotal(total)) return { action, total, ...confirmed(sure) };
      context.issues.push({ code: 'custom', message: BILL_PROBLEMS.total, input: total, path: ['total'] });
      return z.NEVER;
    }
    if (printedTotal !== undefined && printedTotal !== null && !isBillTotal(printedTotal)) {
      context.issues.push({ code: 'custom', message: BILL_PROBLEMS.total, input: printedTotal, path: ['printedTotal'] });
      return z.NEVER;
    }
    const checked = checkBillLines(lines);
    if (checked.ok) return { action, lines: checked.value, printedTotal: printedTotal ?? null, ...confirmed(sure) };
    const message = checked.error ?? checked.problems.map(({ line, problem }) => `Línea ${line}: ${problem}`).join(' ');
    context.issues.push({ code: 'custom', message, input: lines, params: { problems: checked.problems } });
    return z.NEVER;
  });

export const billActionSchemas = [
  saveBill,
  /** The comparison: the bill, what was declared, 'Sin dueño', 'Declarado de más', per product. */
  z.object({ action: z.literal('bill') }),
  /** 'Repartir lo sin dueño' (guests) or 'Lo pago yo' (host). */
  z
    .object({ action: z.literal('settle_bill'), by: z.enum(['guests', 'host'], { error: 'by debe ser guests o host.' }), confirm })
    .transform(({ confirm: sure, ...settle }) => ({ ...settle, ...confirmed(sure) })),
  /** 'Quitar' on a claim in a guest's detail: the claim back to '¿Alguien pidió esto?', also after the close; answered with the guest's detail. */
  z.object({
    action: z.literal('unclaim'),
    guestId: z.custom<string>(isUuid, { error: 'guestId debe ser un UUID.' }),
    claimId: z.custom<string>(isUuid, { error: 'claimId debe ser un UUID.' }),
  }),
  /** 'Invitado de honor': set on a guest (moving it from another), or taken back. */
  z
    .object({
      action: z.literal('honour'),
      guestId: z.custom<string>(isUuid, { error: 'guestId debe ser un UUID.' }),
      honoured: z.boolean({ error: 'honoured debe ser true o false.' }),
      confirm,
    })
    .transform(({ confirm: sure, ...honour }) => ({ ...honour, ...confirmed(sure) })),
  /** What the CSV adds beside the tabs' lines: payments and their ways, refunds, saldo a favor, what the host absorbed. */
  z.object({ action: z.literal('money') }),
] as const;

export const BILL_ACTIONS = 'save_bill, bill, settle_bill, unclaim, honour o money';
