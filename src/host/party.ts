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
  /** The phone's time of the latest tap. */
  readonly last_order_at: string;
  /** The tipped total the host marked paid, or null. */
  readonly paid_amount: number | null;
  readonly paid_at: string | null;
}

export interface Party {
  readonly total: number;
  readonly tipped: number;
  readonly paid: number;
  readonly owed: number;
  readonly guests: readonly PartyGuest[];
  /** The party itself (name, date, code, closed or not); null in a snapshot kept before parties. */
  readonly info: PartyInfo | null;
}

export interface GuestOrder {
  readonly id: string;
  readonly product_name: string;
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
  readonly product_name: string;
  readonly product_price: number;
  readonly created_at: string;
  readonly paid: boolean;
}

type Fields = Readonly<Record<string, unknown>>;

const isObject = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown): value is string => typeof value === 'string';
const isPesos = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
const isTime = (value: unknown): value is string => isText(value) && Number.isFinite(Date.parse(value));
const isFlag = (value: unknown): value is boolean => typeof value === 'boolean';

/** A check for a record whose every field passes its own check: the server's rows, read one way. */
function shaped<T>(fields: { readonly [Key in keyof T]: (field: unknown) => boolean }): (value: unknown) => value is T {
  const checks = Object.entries<(field: unknown) => boolean>(fields);
  return (value: unknown): value is T => isObject(value) && checks.every(([key, check]) => check(value[key]));
}

function isPartyGuest(value: unknown): value is PartyGuest {
  if (!isObject(value)) return false;
  const paid = value.paid_amount === null ? value.paid_at === null : isPesos(value.paid_amount) && isTime(value.paid_at);
  return (
    isText(value.id) && isText(value.full_name) && isPesos(value.orders) && isPesos(value.total) && isPesos(value.tipped) && isTime(value.last_order_at) && paid
  );
}

export function parseParty(value: unknown): Party | null {
  if (!isObject(value) || !Array.isArray(value.guests) || !value.guests.every(isPartyGuest)) return null;
  const { total, tipped, paid, owed } = value;
  if (!isPesos(total) || !isPesos(tipped) || !isPesos(paid) || !isPesos(owed)) return null;
  return { total, tipped, paid, owed, guests: value.guests, info: parsePartyInfo(value.party ?? value.info) };
}

const isGuestOrder = shaped<GuestOrder>({ id: isText, product_name: isText, product_price: isPesos, created_at: isTime, paid: isFlag });

export function parseGuestDetail(value: unknown): GuestDetail | null {
  if (!isObject(value) || !isText(value.id) || !isText(value.full_name)) return null;
  if (!Array.isArray(value.orders) || !value.orders.every(isGuestOrder)) return null;
  return { id: value.id, full_name: value.full_name, orders: value.orders };
}

const isPartyOrder = shaped<PartyOrder>({ user_id: isText, full_name: isText, product_name: isText, product_price: isPesos, created_at: isTime, paid: isFlag });

export function parsePartyOrders(value: unknown): readonly PartyOrder[] | null {
  return Array.isArray(value) && value.every(isPartyOrder) ? value : null;
}

/**
 * What a guest marked paid still owes with tip: the difference between their
 * tipped total now and what was paid (positive), or 0. Null when unmarked.
 */
export function owesMore(guest: PartyGuest): number | null {
  return guest.paid_amount === null ? null : Math.max(0, guest.tipped - guest.paid_amount);
}
