/**
 * Paying the tab (issue 33): Mercado Pago (the amount's rule, the checkout in a new tab, whether there is signal).
 * Transfers have surfaces of their own (eslint.config.js): 'Ya transferí' comes with its block, never with the tab.
 */
export { amountToPay, NEEDS_SIGNAL, type AmountRead } from './amount.ts';
export { openCheckout } from './open.ts';
export { useSignal } from './use-signal.ts';
/** Who pays: the guest, and their party, as the payments function reads them. */
export type { Caller as Payer } from '../server/index.ts';
