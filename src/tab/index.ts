export { openTabStorage } from './db.ts';
export { activeOrders, addOrder, resetTab, type Pick } from './orders.ts';
export { formatPesos, formatPrice, paymentLink, PRICE_ERROR_TEXT, tabTotal, tippedTotal } from './money.ts';
export type { Order } from './types.ts';
export { useActiveOrders } from './useTab.ts';
