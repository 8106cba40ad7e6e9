/** Paying the tab with Mercado Pago (issue 33): the amount's rule, the checkout in a new tab, and whether there is signal for it. */
export { amountToPay, NEEDS_SIGNAL, type AmountRead } from './amount.ts';
export { openCheckout } from './open.ts';
export { useSignal } from './use-signal.ts';
/** Who pays: the guest, and their party, as the payments function reads them. */
export type { Caller as Payer } from '../server/index.ts';
