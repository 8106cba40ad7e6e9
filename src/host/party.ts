/**
 * What the `host` function answers, checked on arrival: a snapshot kept on
 * the phone or an answer from a proxy in between is never trusted blindly.
 * Amounts are whole pesos; the tipped totals come from the database, by the
 * guests' rule (rules.ts: tippedTotal).
 */
import { parsePartyInfo, type PartyInfo } from './parties.ts';

export interface PartyGuest {
  readonly id: string;
  readonly full_name: string;
  /** Active orders. */
  readonly orders: number;
  readonly total: number;
  readonly tipped: number;
  /** The phone's time of the latest tap; null for a guest who paid and has nothing on their tab now. */
  readonly last_order_at: string | null;
  /** What is paid by the one rule (party_paid): Mercado Pago's payments plus the host's mark; null when nothing is. */
  readonly paid_amount: number | null;
  /** The latest time either came. */
  readonly paid_at: string | null;
  /** The host's own mark (the paid toggle), or null. */
  readonly mark_amount: number | null;
  readonly mark_at: string | null;
  /** What came in through Mercado Pago, net of refunds, or null when nothing did. */
  readonly provider_amount: number | null;
  readonly provider_at: string | null;
  /** The guest's latest 'Ya transferí': a notice, not a payment (the host confirms it with the toggle). */
  readonly transfer_notice: TransferNotice | null;
  /** 'Saldo a favor': paid past the tab with tip (a re-saved bill, 'Lo pago yo', the guest of honour, two checkouts paid). */
  readonly credit: number;
  /** What of the guest's Mercado Pago payments Mercado Pago can still give back ('Devolver'). */
  readonly refundable: number;
  /** A 'Devolver' asked of Mercado Pago and not yet confirmed: tapping again finishes it, never a second refund. */
  readonly refund_asked: number;
  /** Each refund done: 'Devuelto $X · HH:MM · Mercado Pago'. */
  readonly refunds: readonly RefundLine[];
}

export interface RefundLine {
  readonly amount: number;
  readonly at: string;
  readonly method: 'mercadopago' | 'host';
}

export interface TransferNotice {
  readonly amount: number;
  readonly at: string;
}

export interface Party {
  readonly total: number;
  readonly tipped: number;
  readonly paid: number;
  readonly owed: number;
  /** 'Saldo a favor': what the party owes back, every guest's paid past their tab summed. */
  readonly credit: number;
  readonly guests: readonly PartyGuest[];
  /** The guest whose tab the party pays ('Invitado de honor'), by id; null when none. */
  readonly guest_of_honour: string | null;
  /** The party itself (name, date, code, closed or not); null in a snapshot kept before parties. */
  readonly info: PartyInfo | null;
}

/**
 * A line of a tab as the server's one rule (party_tab_lines) has it: a guest's
 * order, a claim on the bar's bill, 'Parte de lo sin dueño', 'Invitación a
 * <name>', or the guest of honour's total taken off (negative).
 */
export type LineKind = 'order' | 'claim' | 'spread' | 'invitation' | 'honoured';

export interface GuestOrder {
  /** Null for the server's computed lines (a part, an invitation, the honoured line). */
  readonly id: string | null;
  /** 'order' when the server names none (before the bar's bill). */
  readonly kind: LineKind;
  readonly product_name: string;
  /** Whole pesos; below 0 only for the guest of honour's own total taken off. */
  readonly product_price: number;
  readonly created_at: string;
  /** Covered by the guest's paid mark: within its amount, with tip, in the order the orders became active. */
  readonly paid: boolean;
}

export interface GuestDetail {
  readonly id: string;
  readonly full_name: string;
  /** Newest first. */
  readonly orders: readonly GuestOrder[];
}

export interface PartyOrder {
  readonly user_id: string;
  readonly full_name: string;
  readonly kind: LineKind;
  readonly product_name: string;
  readonly product_price: number;
  readonly created_at: string;
  readonly paid: boolean;
}

type Fields = Readonly<Record<string, unknown>>;

const isObject = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown): value is string => typeof value === 'string';
const isPesos = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
/** A tab's line: whole pesos, negative for the guest of honour's total taken off. */
const isLineAmount = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value);
const LINE_KINDS: ReadonlySet<unknown> = new Set<LineKind>(['order', 'claim', 'spread', 'invitation', 'honoured']);
const isTime = (value: unknown): value is string => isText(value) && Number.isFinite(Date.parse(value));
const isFlag = (value: unknown): value is boolean => typeof value === 'boolean';

/** A check for a record whose every field passes its own check: the server's rows, read one way. */
function shaped<T>(fields: { readonly [Key in keyof T]: (field: unknown) => boolean }): (value: unknown) => value is T {
  const checks = Object.entries<(field: unknown) => boolean>(fields);
  return (value: unknown): value is T => isObject(value) && checks.every(([key, check]) => check(value[key]));
}

/** An amount and its time, both null or both there (SQL's null for nothing paid). */
const isPaidPair = (amount: unknown, at: unknown): boolean => (amount === null ? at === null : isPesos(amount) && isTime(at));
const isNotice = shaped<TransferNotice>({ amount: isPesos, at: isTime });
const isRefundLine = shaped<RefundLine>({ amount: isPesos, at: isTime, method: (method) => method === 'mercadopago' || method === 'host' });

/** What issue 42 adds to a guest's row; an answer (or a kept snapshot) from before it: nothing owed back, nothing refunded. */
function moneyBack(value: Fields): Pick<PartyGuest, 'credit' | 'refundable' | 'refund_asked' | 'refunds'> | null {
  if (value.credit === undefined) return { credit: 0, refundable: 0, refund_asked: 0, refunds: [] };
  const { credit, refundable, refund_asked, refunds } = value;
  if (!isPesos(credit) || !isPesos(refundable) || !isPesos(refund_asked) || !Array.isArray(refunds) || !refunds.every(isRefundLine)) return null;
  return { credit, refundable, refund_asked, refunds: refunds.map(({ amount, at, method }) => ({ amount, at, method })) };
}

function parsePartyGuest(value: unknown): PartyGuest | null {
  if (!isObject(value)) return null;
  const { id, full_name, orders, total, tipped, last_order_at, paid_amount, paid_at } = value;
  const base =
    isText(id) &&
    isText(full_name) &&
    isPesos(orders) &&
    isPesos(total) &&
    isPesos(tipped) &&
    (isTime(last_order_at) || last_order_at === null) &&
    isPaidPair(paid_amount, paid_at);
  const back = moneyBack(value);
  if (!base || !back) return null;
  const guest = { id, full_name, orders, total, tipped, last_order_at, paid_amount: paid_amount as number | null, paid_at: paid_at as string | null, ...back };
  // An answer (or a kept snapshot) from before Mercado Pago: all that was paid was the host's mark.
  if (value.mark_amount === undefined)
    return { ...guest, mark_amount: guest.paid_amount, mark_at: guest.paid_at, provider_amount: null, provider_at: null, transfer_notice: null };
  const { mark_amount, mark_at, provider_amount, provider_at, transfer_notice } = value;
  if (!isPaidPair(mark_amount, mark_at) || !isPaidPair(provider_amount, provider_at)) return null;
  const notice = transfer_notice === null || transfer_notice === undefined ? null : isNotice(transfer_notice) ? transfer_notice : undefined;
  if (notice === undefined) return null;
  return {
    ...guest,
    mark_amount: mark_amount as number | null,
    mark_at: mark_at as string | null,
    provider_amount: provider_amount as number | null,
    provider_at: provider_at as string | null,
    transfer_notice: notice && { amount: notice.amount, at: notice.at },
  };
}

export function parseParty(value: unknown): Party | null {
  if (!isObject(value) || !Array.isArray(value.guests)) return null;
  const guests = value.guests.map(parsePartyGuest);
  if (!guests.every((guest) => guest !== null)) return null;
  const { total, tipped, paid, owed } = value;
  const credit = value.credit ?? 0;
  if (!isPesos(total) || !isPesos(tipped) || !isPesos(paid) || !isPesos(owed) || !isPesos(credit)) return null;
  const honour = typeof value.guest_of_honour === 'string' ? value.guest_of_honour : null;
  return { total, tipped, paid, owed, credit, guests, guest_of_honour: honour, info: parsePartyInfo(value.party ?? value.info) };
}

type Line = Omit<GuestOrder, 'kind'>;
// A CSV line (host_orders) carries no id at all.
const isLine = shaped<Line>({
  id: (id) => id === undefined || id === null || isText(id),
  product_name: isText,
  product_price: isLineAmount,
  created_at: isTime,
  paid: isFlag,
});
/** The line's kind as the server names it; an answer from before the bar's bill names none: an order. */
const kindOf = (value: Fields): LineKind | null => (value.kind === undefined ? 'order' : LINE_KINDS.has(value.kind) ? (value.kind as LineKind) : null);

function parseLine(value: unknown): GuestOrder | null {
  if (!isLine(value)) return null;
  const kind = kindOf(value);
  return kind === null
    ? null
    : { id: value.id ?? null, kind, product_name: value.product_name, product_price: value.product_price, created_at: value.created_at, paid: value.paid };
}

export function parseGuestDetail(value: unknown): GuestDetail | null {
  if (!isObject(value) || !isText(value.id) || !isText(value.full_name) || !Array.isArray(value.orders)) return null;
  const orders = value.orders.map(parseLine);
  return orders.every((order) => order !== null) ? { id: value.id, full_name: value.full_name, orders: orders } : null;
}

function parsePartyOrder(value: unknown): PartyOrder | null {
  const line = parseLine(value);
  if (!line || !isObject(value) || !isText(value.user_id) || !isText(value.full_name)) return null;
  return {
    user_id: value.user_id,
    full_name: value.full_name,
    kind: line.kind,
    product_name: line.product_name,
    product_price: line.product_price,
    created_at: line.created_at,
    paid: line.paid,
  };
}

export function parsePartyOrders(value: unknown): readonly PartyOrder[] | null {
  if (!Array.isArray(value)) return null;
  const orders = value.map(parsePartyOrder);
  return orders.every((order) => order !== null) ? orders : null;
}

/** A line as the host reads it, on a guest's detail and in the CSV: a claim says it came from the bar's bill; the server's own lines carry their names. */
export const lineLabel = (line: Pick<GuestOrder, 'kind' | 'product_name'>): string =>
  line.kind === 'claim' ? `${line.product_name} (de la cuenta del bar)` : line.product_name;

/**
 * What the host's paid toggle marks: the tipped total less what Mercado Pago
 * brought in (host_mark_paid's own default), so a toggle after a checkout
 * never counts the same pesos twice.
 */
export function markToSettle(guest: Pick<PartyGuest, 'tipped' | 'provider_amount'>): number {
  return Math.max(0, guest.tipped - (guest.provider_amount ?? 0));
}

/**
 * 'Devolver $X' and 'Marcar como devuelto': of the guest's saldo a favor, what
 * Mercado Pago gives back (a refund still being asked first: tapping again
 * finishes it) and what the host gives back by hand (money paid otherwise).
 */
export function refundsDue(guest: Pick<PartyGuest, 'credit' | 'refundable' | 'refund_asked'>): { readonly mercadoPago: number; readonly byHand: number } {
  if (guest.refund_asked > 0) return { mercadoPago: guest.refund_asked, byHand: 0 };
  const mercadoPago = Math.min(guest.credit, guest.refundable);
  return { mercadoPago, byHand: guest.credit - mercadoPago };
}

/**
 * What a guest who paid something (by the one rule) still owes with tip: the
 * difference between their tipped total now and what was paid (positive), or
 * 0. Null when nothing is paid.
 */
export function owesMore(guest: PartyGuest): number | null {
  return guest.paid_amount === null ? null : Math.max(0, guest.tipped - guest.paid_amount);
}

/** A payment or a refund of a guest, as the CSV lists it (host_money). */
export interface MoneyLine {
  readonly user_id: string;
  readonly full_name: string;
  readonly amount: number;
  readonly at: string;
  readonly method: 'mercadopago' | 'host';
}

/** What the CSV adds beside the tabs' lines, so every column adds up. */
export interface PartyMoney {
  /** What the host absorbed ('Lo pago yo', as it stands now); null for nothing. */
  readonly absorbed: { readonly amount: number; readonly at: string } | null;
  readonly payments: readonly MoneyLine[];
  readonly refunds: readonly MoneyLine[];
  readonly credits: readonly { readonly user_id: string; readonly full_name: string; readonly amount: number }[];
}

const isMoneyLine = shaped<MoneyLine>({
  user_id: isText,
  full_name: isText,
  amount: isPesos,
  at: isTime,
  method: (method) => method === 'mercadopago' || method === 'host',
});
const isCredit = shaped<PartyMoney['credits'][number]>({ user_id: isText, full_name: isText, amount: isPesos });

export function parsePartyMoney(value: unknown): PartyMoney | null {
  if (!isObject(value)) return null;
  const { absorbed, payments, refunds, credits } = value;
  const absorbedOk = absorbed === null || (isObject(absorbed) && isPesos(absorbed.amount) && isTime(absorbed.at));
  if (!absorbedOk || !Array.isArray(payments) || !Array.isArray(refunds) || !Array.isArray(credits)) return null;
  if (!payments.every(isMoneyLine) || !refunds.every(isMoneyLine) || !credits.every(isCredit)) return null;
  return { absorbed: absorbed === null ? null : { amount: absorbed.amount as number, at: absorbed.at as string }, payments, refunds, credits };
}
