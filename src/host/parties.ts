/**
 * The parties a host key reaches, as the `host` function answers them, checked
 * on arrival like the party's page (party.ts): the owner's list, one party's
 * own facts (name, date, link code, closed or not) and a party just made,
 * which carries its own host key this once.
 */

export interface PartyInfo {
  readonly id: string;
  /** The guests' link is `/f/<code>`. */
  readonly code: string;
  readonly name: string;
  /** AAAA-MM-DD. */
  readonly party_date: string;
  readonly payment_url: string | null;
  readonly closed_at: string | null;
  /** The party `/` guests join, read with no code. */
  readonly is_default: boolean;
}

export interface ListedParty extends PartyInfo {
  /** Guests with active orders. */
  readonly guests: number;
  /** Their orders, without tip, in whole pesos. */
  readonly total: number;
}

export interface MadeParty extends PartyInfo {
  /** The party's own host key: the function answers it this once. */
  readonly host_key: string;
}

type Fields = Readonly<Record<string, unknown>>;

const isObject = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown): value is string => typeof value === 'string';
const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
const isDate = (value: unknown): value is string => isText(value) && /^\d{4}-\d{2}-\d{2}$/.test(value);
const orNull = (value: unknown, check: (value: unknown) => boolean): boolean => value === null || check(value);

export function isPartyInfo(value: unknown): value is PartyInfo {
  if (!isObject(value)) return false;
  const { id, code, name, party_date, payment_url, closed_at, is_default } = value;
  return (
    isText(id) &&
    isText(code) &&
    isText(name) &&
    isDate(party_date) &&
    orNull(payment_url, isText) &&
    orNull(closed_at, isText) &&
    typeof is_default === 'boolean'
  );
}

const infoOf = (value: PartyInfo): PartyInfo => {
  const { id, code, name, party_date, payment_url, closed_at, is_default } = value;
  return { id, code, name, party_date, payment_url, closed_at, is_default };
};

export function parsePartyInfo(value: unknown): PartyInfo | null {
  return isPartyInfo(value) ? infoOf(value) : null;
}

const isListed = (item: unknown): item is ListedParty => isPartyInfo(item) && isObject(item) && isCount(item.guests) && isCount(item.total);

export function parseParties(value: unknown): readonly ListedParty[] | null {
  if (!Array.isArray(value) || !value.every(isListed)) return null;
  return value.map((item: ListedParty) => ({ ...infoOf(item), guests: item.guests, total: item.total }));
}

export function parseMadeParty(value: unknown): MadeParty | null {
  return isPartyInfo(value) && isObject(value) && isText(value.host_key) && value.host_key !== '' ? { ...infoOf(value), host_key: value.host_key } : null;
}

/** The guests' link for a party. */
export function guestLink(origin: string, code: string): string {
  return `${origin}/f/${code}`;
}

/** The phone's date today as AAAA-MM-DD (its own time zone: a party at 23:30 is tonight's). */
export function todayIso(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** '2026-11-28' as '28-11-2026', as dates are written in Chile. */
export function formatPartyDate(iso: string): string {
  const [year, month, day] = iso.split('-');
  return `${day}-${month}-${year}`;
}
