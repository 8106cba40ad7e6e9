/**
 * 'Devolver $X' (issue 42): the host function asks it here, with the service
 * role, once it checked the host's key. The guest's saldo a favor that came
 * through Mercado Pago is refunded over their payments newest first
 * (refund_plan), each part asked of Mercado Pago with the part's id as its
 * X-Idempotency-Key, so asking again (a second tap, a retry after no answer)
 * is the same refund, never a new one. A part is recorded as done only when
 * Mercado Pago's answer and the payment as read back agree; a refusal records
 * it refused (nothing was refunded); anything else leaves it asked.
 */
import type { Database } from '../_shared/database.ts';
import { PAYMENT_ERRORS } from '../_shared/payment-errors.ts';
import type { RefundRequest } from '../_shared/payments-request.ts';
import { jsonError } from '../_shared/responses.ts';
import { formatPesos } from '../_shared/rules.ts';
import { databaseFailure, json, parsed, type Context, type Cors } from './context.ts';
import type { MercadoPago, ProviderPayment, ProviderRefund } from './mercadopago.ts';
import { recordPayment } from './read-back.ts';

interface Part {
  readonly id: string;
  readonly payment_id: string;
  readonly amount: number;
  readonly refunded_before: number;
}

interface Plan {
  readonly refused?: string;
  readonly amount?: number;
  readonly batch?: string;
  readonly parts?: readonly Part[];
}

type PartOutcome = 'done' | 'refused' | 'unconfirmed' | 'no_answer' | 'failed';

/** Whether the payment read back shows this refund: listed by its id at its amount, or at least its amount more refunded than before. */
export function readBackShows(payment: ProviderPayment, refund: ProviderRefund, part: Pick<Part, 'amount' | 'refunded_before'>): boolean {
  if (payment.refunds) return payment.refunds.some((listed) => String(listed.id) === String(refund.id) && listed.amount === part.amount);
  return Math.floor(payment.transaction_amount_refunded ?? 0) >= part.refunded_before + part.amount;
}

async function refundPart(context: Context, database: Database, mercadoPago: MercadoPago, part: Part): Promise<PartOutcome> {
  const asked = await mercadoPago.refund(part.payment_id, part.amount, part.id);
  if (!asked.ok) {
    if (asked.retry) {
      context.log(`error: refund ${part.id} of payment ${part.payment_id} got no answer from Mercado Pago: ${asked.reason}`);
      return 'no_answer';
    }
    context.log(`refund ${part.id} of payment ${part.payment_id} refused by Mercado Pago: ${asked.reason}`);
    const settled = await database('refund_settle', { p_refund: part.id, p_outcome: 'refused' });
    return settled.ok ? 'refused' : 'failed';
  }
  const refund = asked.value;
  if (refund.status === 'rejected') {
    const settled = await database('refund_settle', { p_refund: part.id, p_outcome: 'refused' });
    return settled.ok ? 'refused' : 'failed';
  }
  const read = await mercadoPago.readPayment(part.payment_id);
  if (!read.ok) {
    context.log(`error: refund ${part.id} could not be confirmed: payment ${part.payment_id} not read back: ${read.reason}`);
    return 'no_answer';
  }
  const recorded = await recordPayment(context, database, mercadoPago, read.value);
  if (!recorded.ok) return 'failed';
  const agree = refund.status === 'approved' && Math.floor(refund.amount) === part.amount && readBackShows(read.value, refund, part);
  if (!agree) {
    context.log(
      `error: refund ${part.id} not recorded: Mercado Pago answered ${refund.status} ${refund.amount} (refund ${String(refund.id)}) ` +
        `and payment ${part.payment_id} reads back ${read.value.status} with ${read.value.transaction_amount_refunded ?? 0} refunded`,
    );
    return 'unconfirmed';
  }
  const settled = await database('refund_settle', { p_refund: part.id, p_outcome: 'done', p_provider_refund: String(refund.id) });
  if (!settled.ok) return 'failed';
  return (parsed(settled) as { state: string }).state === 'done' ? 'done' : 'unconfirmed';
}

const PLAN_REFUSALS: Readonly<Record<string, (amount: number) => string>> = {
  nothing_to_refund: () => PAYMENT_ERRORS.nothingToRefund,
  credit_changed: (amount) => `${PAYMENT_ERRORS.creditChanged} ${formatPesos(amount)}.`,
  refund_pending: (amount) => `${PAYMENT_ERRORS.refundPending} ${formatPesos(amount)}.`,
};

export async function refund(context: Context, database: Database, ask: RefundRequest, cors: Cors): Promise<Response> {
  const { mercadoPago } = context;
  if (!mercadoPago) return jsonError({ status: 503, error: PAYMENT_ERRORS.notConfigured }, cors);
  const planned = await database('refund_plan', { p_party: ask.party, p_user: ask.guest, p_amount: ask.amount });
  if (!planned.ok) return databaseFailure(context, planned, cors);
  const plan = parsed(planned) as Plan | null;
  if (plan === null) return jsonError({ status: 404, error: PAYMENT_ERRORS.unknownGuest }, cors);
  if (plan.refused) {
    const say = PLAN_REFUSALS[plan.refused];
    return jsonError({ status: 409, error: say ? say(plan.amount ?? 0) : PAYMENT_ERRORS.nothingToRefund }, cors);
  }
  const outcomes: PartOutcome[] = [];
  for (const part of plan.parts ?? []) {
    const outcome = await refundPart(context, database, mercadoPago, part);
    outcomes.push(outcome);
    if (outcome !== 'done') break;
  }
  const refunded = (plan.parts ?? []).reduce((sum, part, index) => sum + (outcomes[index] === 'done' ? part.amount : 0), 0);
  const last = outcomes.at(-1);
  if (last === 'done') return json({ refunded, batch: plan.batch }, cors);
  if (last === 'refused') {
    const error = refunded > 0 ? `Mercado Pago devolvió ${formatPesos(refunded)} y no hizo el resto de la devolución.` : PAYMENT_ERRORS.refundRefused;
    return jsonError({ status: 409, error }, cors);
  }
  if (last === 'unconfirmed') return jsonError({ status: 502, error: PAYMENT_ERRORS.refundUnconfirmed }, cors);
  if (last === 'no_answer') return jsonError({ status: 502, error: PAYMENT_ERRORS.refundNoAnswer }, cors);
  return jsonError({ status: 503, error: PAYMENT_ERRORS.database }, cors);
}
