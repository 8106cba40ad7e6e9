/**
 * The rules that the app, the sync queue, the Edge Functions and the database
 * must agree on, in one dependency-free module. It lives inside
 * supabase/functions/ because `supabase functions deploy` bundles only that
 * folder; the app imports it from here, and the database's CHECKs are
 * generated from it (`sqlGuestNameCheck`) and proved equal to it in npm test.
 */

// ─── Ids ────────────────────────────────────────────────────────────────────

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Guest and order ids are UUIDs made on the phone; anything else is corrupt or forged. */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

// ─── Text a guest typed ─────────────────────────────────────────────────────

/**
 * Character classes as regular-expression source that both JavaScript (with
 * the u flag) and PostgreSQL's regular expressions read the same way.
 */
/** C0 controls, DEL and C1 controls (NUL is left out: PostgreSQL text cannot hold it anyway). */
const CONTROLS = '\\u0001-\\u001F\\u007F-\\u009F';
/** Bidirectional embeddings, overrides and isolates, which can disguise text. */
const BIDI_CONTROLS = '\\u202A-\\u202E\\u2066-\\u2069';
/** Every character JavaScript's \s matches except the plain space and the controls above. */
const OTHER_SPACES = '\\u00A0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000\\uFEFF';

// Lone UTF-16 halves (\p{Cs}) exist only in JavaScript strings; PostgreSQL refuses them on input.
const UNSAFE_CHARACTERS = new RegExp(`[\\u0000${CONTROLS}${BIDI_CONTROLS}\\p{Cs}]`, 'gu');
const SPACE_RUNS = new RegExp(`[ ${OTHER_SPACES}]+`, 'gu');

/** Text made safe to keep and to quote: unsafe characters become spaces, space runs fold into one, ends trimmed. */
export function cleanGuestText(text: string): string {
  return text.replace(UNSAFE_CHARACTERS, ' ').replace(SPACE_RUNS, ' ').trim();
}

/** Length in characters (code points), as PostgreSQL's char_length counts: an emoji is one. */
export function countCharacters(text: string): number {
  return Array.from(text).length;
}

// ─── Guest names ────────────────────────────────────────────────────────────

export const GUEST_NAME_LENGTH = { min: 3, max: 60 } as const;

/** True when `name` is exactly what the database keeps: already clean, 3 to 60 characters. */
export function isGuestName(name: unknown): name is string {
  if (typeof name !== 'string' || cleanGuestText(name) !== name) return false;
  const length = countCharacters(name);
  return length >= GUEST_NAME_LENGTH.min && length <= GUEST_NAME_LENGTH.max;
}

/**
 * The same rule as a SQL boolean expression over `column`, for the users
 * table's CHECK: no unsafe character, no space but the plain one, no space at
 * either end or twice in a row, 3 to 60 characters.
 */
export function sqlGuestNameCheck(column: string): string {
  return [
    `char_length(${column}) between ${GUEST_NAME_LENGTH.min} and ${GUEST_NAME_LENGTH.max}`,
    `${column} !~ '[${CONTROLS}${BIDI_CONTROLS}${OTHER_SPACES}]'`,
    `${column} !~ '^ | $|  '`,
  ].join(' and ');
}

// ─── Money ──────────────────────────────────────────────────────────────────

/** Prices and totals are whole Chilean pesos; nothing here uses floating point. */

/** `$4.400`: peso sign, a dot between thousands, no decimals (es-CL). */
export function formatPesos(amount: number): string {
  const whole = Math.trunc(amount);
  const digits = String(Math.abs(whole)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${whole < 0 ? '-' : ''}$${digits}`;
}

/** The total plus a 10% tip, truncated to a whole peso, in integer arithmetic (SQL: `(total * 11) / 10`). */
export function tippedTotal(total: number): number {
  return Math.floor((total * 11) / 10);
}

// ─── Orders ─────────────────────────────────────────────────────────────────

/**
 * Orders one guest may keep on the server. A party guest orders tens of items;
 * the ceiling only stops one guest key from growing the tables without bound.
 */
export const MAX_ORDERS_PER_GUEST = 1000;

/**
 * How far the phone's time of the tap may be from the server's clock when the
 * order arrives: a phone whose clock is off by a year still syncs, while
 * `infinity`, the year 3000 or 4713 BC are refused.
 */
export const ORDER_CLOCK_SKEW_DAYS = 730;

/**
 * The SQL form of the same rule, for the orders table's CHECK. Written with
 * timestamp subtraction and epoch seconds, which are immutable, as a CHECK must be.
 */
export function sqlOrderTimeCheck(tapColumn: string, receivedColumn: string): string {
  return `isfinite(${tapColumn}) and abs(extract(epoch from ${tapColumn} - ${receivedColumn})) <= ${ORDER_CLOCK_SKEW_DAYS * 86_400}`;
}

/** True when a tap time would pass the database's check if it arrived at `receivedAt`. */
export function isOrderTime(createdAt: string, receivedAt: number = Date.now()): boolean {
  const tap = Date.parse(createdAt);
  const skewMs = ORDER_CLOCK_SKEW_DAYS * 86_400_000;
  return Number.isFinite(tap) && Math.abs(tap - receivedAt) <= skewMs;
}

// ─── The comment request ────────────────────────────────────────────────────

export const COMMENT_LIMITS = {
  /** Earlier product names the app sends (the prompt uses the latest of them). */
  previousProducts: 100,
  productNameLength: 120,
  previousCommentLength: 600,
  /** The guest's latest comments the app sends (newest first), so the local quips never repeat one of them. */
  recentComments: 10,
  /** Largest request body the function reads. */
  bodyBytes: 16 * 1024,
} as const;
