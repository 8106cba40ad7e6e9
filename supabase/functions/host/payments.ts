/**
 * The host's actions on a party's ways of being paid (issue 33), each one SQL
 * function of 20261201000100_payments.sql, and the refunds of issue 42:
 * 'Marcar como devuelto' is one SQL function; 'Devolver $X' is the payments
 * function's to ask of Mercado Pago (it holds every talk with Mercado Pago and
 * records a refund only when its answer and the payment read back agree),
 * asked here with the service role once the host's key was checked. Whether
 * the deployment has Mercado Pago is the function's environment: the answer
 * says it, and a party takes Mercado Pago only where it has it.
 */
import type { Database, DatabaseAnswer } from '../_shared/database.ts';
import type { HostAction } from '../_shared/host-request.ts';

export type PaymentAction = Extract<HostAction, { action: 'payment_ways' | 'set_mercadopago' | 'transfer_details' | 'refund' }>;

const PAYMENT_ACTION_NAMES: ReadonlySet<string> = new Set<PaymentAction['action']>(['payment_ways', 'set_mercadopago', 'transfer_details', 'refund']);

/** Where the payments function takes refunds, and the key it takes them with. */
export interface PaymentsFunction {
  readonly refundUrl: string | undefined;
  readonly serviceRoleKey: string | undefined;
  readonly fetch: typeof fetch;
}

/** The payments function's answer as it is (status and JSON), for the host's page; null when it could not be reached. */
export type Forwarded = { readonly status: number; readonly text: string } | null;

async function askRefund(payments: PaymentsFunction, body: Readonly<Record<string, unknown>>): Promise<Forwarded> {
  if (!payments.refundUrl || !payments.serviceRoleKey) return null;
  try {
    const response = await payments.fetch(payments.refundUrl, {
      method: 'POST',
      headers: { Authorization: `Bearer ${payments.serviceRoleKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      // Each part asks Mercado Pago twice (the refund, the read-back): room for both and the database.
      signal: AbortSignal.timeout(25_000),
    });
    return { status: response.status, text: await response.text() };
  } catch {
    return null;
  }
}

/** 'Devolver $X' through the payments function, or 'Marcar como devuelto' in the database. */
export async function refundAction(
  database: Database,
  payments: PaymentsFunction,
  p_party: string,
  action: Extract<PaymentAction, { action: 'refund' }>,
): Promise<DatabaseAnswer | Forwarded> {
  if (action.way === 'host') return database('host_mark_refunded', { p_party, p_user: action.guestId, p_amount: action.amount });
  return askRefund(payments, { party: p_party, guest: action.guestId, amount: action.amount });
}

export const isPaymentAction = (action: HostAction): action is PaymentAction => PAYMENT_ACTION_NAMES.has(action.action);

/** The party's ways, with `mercadopago_available`: the deployment's own configuration. */
function withAvailability(answer: DatabaseAnswer, available: boolean): DatabaseAnswer {
  if (!answer.ok) return answer;
  const ways = JSON.parse(answer.text) as { mercadopago: boolean };
  return { ok: true, text: JSON.stringify({ ...ways, mercadopago: available && ways.mercadopago, mercadopago_available: available }) };
}

export async function paymentAction(
  database: Database,
  p_party: string,
  action: Exclude<PaymentAction, { action: 'refund' }>,
  mercadoPagoAvailable: boolean,
): Promise<DatabaseAnswer> {
  switch (action.action) {
    case 'payment_ways':
      return withAvailability(await database('host_payment_ways', { p_party }), mercadoPagoAvailable);
    case 'set_mercadopago':
      return withAvailability(await database('host_set_mercadopago', { p_party, p_on: action.on }), mercadoPagoAvailable);
    case 'transfer_details':
      return withAvailability(await database('host_set_transfer_details', { p_party, p_details: action.details }), mercadoPagoAvailable);
  }
}
