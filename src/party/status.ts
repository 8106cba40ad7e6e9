/**
 * What the phone hears of its party at each contact (the `my_tab_status` RPC,
 * one round trip): whether the party is over, its payment page, whether it
 * takes Mercado Pago or transfers (and to which account), what is paid on
 * this guest's tab (the host's marks and Mercado Pago's payments, by the one
 * rule) and the guest's 'Ya transferí' notices the server has, asked with the
 * guest's and the party's headers.
 */
import type { BackendConfig } from '../config/env-rules.ts';
import { parseStoredJson, readLocal, writeLocal } from '../platform/index.ts';
import { rpc, serverClient, type Caller } from '../server/index.ts';
import { isPartyPaymentUrl, tippedTotal } from '../../supabase/functions/_shared/rules.ts';

/** How the latest payment came: through Mercado Pago, or the host's mark (however the guest paid the host). */
export type PaidMethod = 'mercadopago' | 'host';

export interface PaidMark {
  readonly amount: number;
  readonly at: string;
  /** The latest payment's way, null when the server named none. */
  readonly method: PaidMethod | null;
}

export interface TabStatus {
  /** The party's name as the host gave it, for the guest's screen. */
  readonly partyName: string | null;
  readonly closedAt: string | null;
  readonly paymentUrl: string | null;
  readonly paid: PaidMark | null;
  /** The bar's bill as the server said it (`bill`), for the tab to check and keep; undefined from a server without one. */
  readonly bill?: unknown;
  /** The party takes Mercado Pago: 'Ir a pagar' opens its checkout. */
  readonly mercadoPago: boolean;
  /** 'Datos para transferir': the account the host gave the party; null when it takes no transfers. */
  readonly transfer: TransferDetails | null;
  /** The guest's 'Ya transferí' notices the server has, oldest first. */
  readonly transferNotices: readonly TransferNotice[];
  /** The server has the guest: false while their row is on its way (the party's ways are known all the same). */
  readonly known: boolean;
  /** Each payment that counts, oldest first: Mercado Pago's (net of refunds) and the host's mark. */
  readonly payments: readonly PaymentLine[];
  /** What was given back ('Devolver', 'Marcar como devuelto'), oldest first. */
  readonly refunds: readonly PaymentLine[];
  /** What Mercado Pago is still processing of this guest's payments: 'Ir a pagar' asks for what is owed less it. */
  readonly pending: number;
  /** The party pays this guest's tab (the guest of honour): no pay button. */
  readonly honoured: boolean;
  /** Mercado Pago's newest word on a payment of this guest: rejected, in process… */
  readonly lastPayment: { readonly status: string; readonly at: string } | null;
  /** A checkout of this guest may have been paid with its notification lost: the tab has Mercado Pago searched for it. */
  readonly checkoutOpen: boolean;
  /** When the phone asked (its clock): what the server says is as of then. 0 for a status kept from before phones noted it. */
  readonly askedAt: number;
}

/** A payment or a refund as the tab lists it. */
export interface PaymentLine {
  readonly amount: number;
  readonly at: string;
  readonly method: PaidMethod;
}

/** The host's account, as the host function saved it (the RUT as `12345678-5`). */
export interface TransferDetails {
  readonly holderName: string;
  readonly rut: string;
  readonly bank: string;
  readonly accountType: string;
  readonly accountNumber: string;
  readonly email: string;
}

/** A 'Ya transferí' as the server stored it: the phone's id, the amount, the tap's time. */
export interface TransferNotice {
  readonly id: string;
  readonly amount: number;
  readonly at: string;
}

export type StatusGuest = Caller;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const textOrNull = (value: unknown) => (typeof value === 'string' ? value : null);

/** The RPC's JSON as a status, or null when it is not one. */
export function parseTabStatus(json: unknown): TabStatus | null {
  if (!isRecord(json) || !isRecord(json.party)) return null;
  const mark = json.paid_mark;
  const paid =
    isRecord(mark) && typeof mark.paid_amount === 'number' && typeof mark.paid_at === 'string'
      ? { amount: mark.paid_amount, at: mark.paid_at, method: latestMethod(json.payments) }
      : null;
  // A page the phone cannot add the amount to is no page: the guest pays at the build's.
  const page = json.party.payment_url;
  const mercadoPago = isRecord(json.ways) && json.ways.mercadopago === true;
  const transfer = isRecord(json.ways) ? transferDetails(json.ways.transfer) : null;
  const last = json.last_payment;
  return {
    partyName: textOrNull(json.party.name),
    closedAt: textOrNull(json.party.closed_at),
    paymentUrl: isPartyPaymentUrl(page) ? page : null,
    paid,
    bill: json.bill,
    mercadoPago,
    transfer,
    transferNotices: transferNotices(json.transfer_notices),
    // An answer from before issue 42 named no `known`: it came for a guest the server had.
    known: json.known !== false,
    payments: paymentLines(json.payments),
    refunds: paymentLines(json.refunds),
    pending: isPesos(json.pending) ? json.pending : 0,
    honoured: json.honoured === true,
    lastPayment: isRecord(last) && typeof last.status === 'string' && typeof last.at === 'string' ? { status: last.status, at: last.at } : null,
    checkoutOpen: json.checkout_open === true,
    askedAt: typeof json[ASKED_AT] === 'number' ? json[ASKED_AT] : 0,
  };
}

/** Where the phone notes, in the answer it keeps, when it asked. */
const ASKED_AT = 'asked_at';

const isPesos = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

function paymentLines(json: unknown): PaymentLine[] {
  if (!Array.isArray(json)) return [];
  return json.flatMap((line: unknown) =>
    isRecord(line) && isPesos(line.amount) && typeof line.at === 'string' && (line.method === 'mercadopago' || line.method === 'host')
      ? [{ amount: line.amount, at: line.at, method: line.method }]
      : [],
  );
}

/** Every datum or none: an account with a field missing is not one a guest could pay into. */
function transferDetails(json: unknown): TransferDetails | null {
  if (!isRecord(json)) return null;
  const { holder_name, rut, bank, account_type, account_number, email } = json;
  const text = (field: unknown): field is string => typeof field === 'string' && field !== '';
  if (!text(holder_name) || !text(rut) || !text(bank) || !text(account_type) || !text(account_number) || !text(email)) return null;
  return { holderName: holder_name, rut, bank, accountType: account_type, accountNumber: account_number, email };
}

function transferNotices(json: unknown): TransferNotice[] {
  if (!Array.isArray(json)) return [];
  return json.flatMap((notice: unknown) =>
    isRecord(notice) && typeof notice.id === 'string' && Number.isSafeInteger(notice.amount) && typeof notice.at === 'string'
      ? [{ id: notice.id, amount: notice.amount as number, at: notice.at }]
      : [],
  );
}

/** The server lists the payments oldest first: the last one says how the tab was last paid. */
function latestMethod(payments: unknown): PaidMethod | null {
  const latest = Array.isArray(payments) ? (payments.at(-1) as unknown) : undefined;
  const method = isRecord(latest) ? latest.method : undefined;
  return method === 'mercadopago' || method === 'host' ? method : null;
}

/** Where the phone keeps what it last heard, by guest: a party that ended stays ended with no signal. */
export const TAB_STATUS_KEY = 'tabStatus';

function heard(): Record<string, unknown> {
  const value = parseStoredJson(readLocal(TAB_STATUS_KEY));
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/**
 * Whether the bar's bill last heard had lines to claim: a claim delivered or refused then asks again (use-tab-status.ts).
 * A list the server did not send again (null: the phone holds it) was not empty: an empty one is always sent.
 */
const billToClaim = (json: unknown): boolean => {
  if (!isRecord(json) || !isRecord(json.bill)) return false;
  const { unclaimed } = json.bill;
  return unclaimed === null || (Array.isArray(unclaimed) && unclaimed.length > 0);
};

/** Whether the bar's bill last heard for this guest had lines to claim. */
export const billToClaimFor = (guestId: string): boolean => billToClaim(heard()[guestId]);

/** What the phone last heard for this guest, or null when it never heard. */
export function lastTabStatus(guestId: string): TabStatus | null {
  return parseTabStatus(heard()[guestId]);
}

/** Kept as the server said it, so one parser reads both. */
function rememberTabStatus(guestId: string, json: unknown): void {
  writeLocal(TAB_STATUS_KEY, JSON.stringify({ ...heard(), [guestId]: json }));
}

/**
 * Null when there is no usable answer (no signal, a captive portal) or when
 * `newest` says a later question was answered first: the phone keeps what it
 * last heard. The bar's bill is the tab's to keep (TabScreen hands it over).
 */
export async function readTabStatus(
  backend: BackendConfig,
  guest: StatusGuest,
  newest: () => boolean = () => true,
  billSeen?: string,
): Promise<TabStatus | null> {
  const askedAt = Date.now();
  // The lines to claim the phone holds, by the server's name for them: unchanged, they are not sent again.
  const answer = await rpc(serverClient(backend), 'my_tab_status', {}, guest, billSeen ? { 'x-bill-seen': billSeen } : {});
  if (answer.kind !== 'ok') return null;
  const kept: unknown = isRecord(answer.data) ? { ...answer.data, [ASKED_AT]: askedAt } : answer.data;
  const status = parseTabStatus(kept);
  if (!status || !newest()) return null;
  rememberTabStatus(guest.id, kept);
  return status;
}

/** A moment as the tab says it: `23:15`, on the phone's clock. */
export const clockTime = (iso: string): string => new Date(iso).toLocaleTimeString('es-CL', { hour: '2-digit', minute: '2-digit', hour12: false });

/** What the tab says of what is paid: the time, how much more is owed (with tip), or how much was paid past it ('Saldo a favor'). */
export function paidLine(mark: PaidMark, total: number): { readonly time: string; readonly owed: number; readonly credit: number } {
  const tipped = tippedTotal(Math.max(total, 0));
  return { time: clockTime(mark.at), owed: Math.max(0, tipped - mark.amount), credit: Math.max(0, mark.amount - tipped) };
}

/** Whether the guest still has a tab to be asked about: the server has them, or it said nothing of it (an earlier answer). */
export const knownFor = (guestId: string): boolean => lastTabStatus(guestId)?.known !== false;
