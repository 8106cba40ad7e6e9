/**
 * Paying the tab (issues 33 and 42): Mercado Pago (the amount's rule, the checkout in a new tab once the tab is on the
 * server, whether there is signal, a payment read back when its notification is lost) and what the pay block offers.
 * Transfers have surfaces of their own (eslint.config.js): 'Ya transferí' comes with its block, never with the tab.
 */
export { amountToPay, NEEDS_SIGNAL, type AmountRead } from './amount.ts';
export { PAY_TEXTS, paymentNews, paymentText, payOffer, refundText, type PayOffer } from './offer.ts';
export { openCheckout } from './open.ts';
export { usePaymentReadBack } from './read-back.ts';
export { useSignal } from './use-signal.ts';
/** Who pays: the guest, and their party, as the payments function reads them. */
export type { Caller as Payer } from '../server/index.ts';
