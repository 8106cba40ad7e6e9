/**
 * The host's actions on a party's ways of being paid (issue 33), each one SQL
 * function of 20261201000100_payments.sql. Whether the deployment has Mercado
 * Pago is the function's environment: the answer says it, and a party takes
 * Mercado Pago only where it has it.
 */
import type { Database, DatabaseAnswer } from '../_shared/database.ts';
import type { HostAction } from '../_shared/host-request.ts';

export type PaymentAction = Extract<HostAction, { action: 'payment_ways' | 'set_mercadopago' | 'transfer_details' }>;

const PAYMENT_ACTION_NAMES: ReadonlySet<string> = new Set<PaymentAction['action']>(['payment_ways', 'set_mercadopago', 'transfer_details']);

export const isPaymentAction = (action: HostAction): action is PaymentAction => PAYMENT_ACTION_NAMES.has(action.action);

/** The party's ways, with `mercadopago_available`: the deployment's own configuration. */
function withAvailability(answer: DatabaseAnswer, available: boolean): DatabaseAnswer {
  if (!answer.ok) return answer;
  const ways = JSON.parse(answer.text) as { mercadopago: boolean };
  return { ok: true, text: JSON.stringify({ ...ways, mercadopago: available && ways.mercadopago, mercadopago_available: available }) };
}

export async function paymentAction(database: Database, p_party: string, action: PaymentAction, mercadoPagoAvailable: boolean): Promise<DatabaseAnswer> {
  switch (action.action) {
    case 'payment_ways':
      return withAvailability(await database('host_payment_ways', { p_party }), mercadoPagoAvailable);
    case 'set_mercadopago':
      return withAvailability(await database('host_set_mercadopago', { p_party, p_on: action.on }), mercadoPagoAvailable);
    case 'transfer_details':
      return withAvailability(await database('host_set_transfer_details', { p_party, p_details: action.details }), mercadoPagoAvailable);
  }
}
