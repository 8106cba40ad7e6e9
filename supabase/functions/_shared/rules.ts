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

/** A party's code, as its link `/f/<code>` carries it (the database's CHECK on parties.code). */
const PARTY_CODE = /^[A-Za-z0-9_-]{16,64}$/;

export function isPartyCode(value: unknown): value is string {
  return typeof value === 'string' && PARTY_CODE.test(value);
}

// ─── Text a guest typed ─────────────────────────────────────────────────────

/** Code point ranges, inclusive. */
type Ranges = readonly (readonly [number, number])[];

/** C0 controls, DEL and C1 controls (NUL is left out of SQL: PostgreSQL text cannot hold it anyway). */
const CONTROLS: Ranges = [
  [0x01, 0x1f],
  [0x7f, 0x9f],
];
/** Bidirectional embeddings, overrides and isolates, which can disguise text. */
const BIDI_CONTROLS: Ranges = [
  [0x202a, 0x202e],
  [0x2066, 0x2069],
];
/**
 * Every character JavaScript's \s matches except the plain space and the
 * controls above, and the Braille blank, a character drawn as nothing.
 */
const OTHER_SPACES: Ranges = [
  [0xa0, 0xa0],
  [0x1680, 0x1680],
  [0x2000, 0x200a],
  [0x2028, 0x2029],
  [0x202f, 0x202f],
  [0x205f, 0x205f],
  [0x2800, 0x2800],
  [0x3000, 0x3000],
  [0xfeff, 0xfeff],
];
/**
 * Characters that show nothing: Unicode's default-ignorable code points and
 * format characters (\p{Default_Ignorable_Code_Point} and \p{Cf}, Unicode 17),
 * written out so PostgreSQL, whose regular expressions know no \p{}, reads the
 * same list. Zero-width spaces and joiners, word joiners, Hangul fillers,
 * variation selectors, tag characters. npm test proves the list equal to \p{}.
 */
export const INVISIBLE_RANGES: Ranges = [
  [0xad, 0xad],
  [0x34f, 0x34f],
  [0x600, 0x605],
  [0x61c, 0x61c],
  [0x6dd, 0x6dd],
  [0x70f, 0x70f],
  [0x890, 0x891],
  [0x8e2, 0x8e2],
  [0x115f, 0x1160],
  [0x17b4, 0x17b5],
  [0x180b, 0x180f],
  [0x200b, 0x200f],
  [0x202a, 0x202e],
  [0x2060, 0x206f],
  [0x3164, 0x3164],
  [0xfe00, 0xfe0f],
  [0xfeff, 0xfeff],
  [0xffa0, 0xffa0],
  [0xfff0, 0xfffb],
  [0x110bd, 0x110bd],
  [0x110cd, 0x110cd],
  [0x13430, 0x1343f],
  [0x1bca0, 0x1bca3],
  [0x1d173, 0x1d17a],
  [0xe0000, 0xe0fff],
];

const hex = (code: number, width: number) => code.toString(16).toUpperCase().padStart(width, '0');
/** A character as JavaScript (u flag) reads it in a class. */
const jsCharacter = (code: number) => (code > 0xffff ? `\\u{${hex(code, 5)}}` : `\\u${hex(code, 4)}`);
/** A character as PostgreSQL's regular expressions read it. */
const sqlCharacter = (code: number) => (code > 0xffff ? `\\U${hex(code, 8)}` : `\\u${hex(code, 4)}`);

function classBody(ranges: Ranges, character: (code: number) => string): string {
  return ranges.map(([from, to]) => (from === to ? character(from) : `${character(from)}-${character(to)}`)).join('');
}

// Lone UTF-16 halves (\p{Cs}) exist only in JavaScript strings; PostgreSQL refuses them on input.
const UNSAFE_CHARACTERS = new RegExp(`[\\u0000${classBody([...CONTROLS, ...BIDI_CONTROLS], jsCharacter)}\\p{Cs}]`, 'gu');
const INVISIBLE = new RegExp(`[${classBody(INVISIBLE_RANGES, jsCharacter)}]`, 'gu');
const SPACE_RUNS = new RegExp(`[ ${classBody(OTHER_SPACES, jsCharacter)}]+`, 'gu');
const LETTER = /\p{L}/gu;

/**
 * Text made safe to keep and to quote: unsafe characters become spaces,
 * characters that show nothing are dropped, space runs fold into one, ends trimmed.
 */
export function cleanGuestText(text: string): string {
  return text.replace(UNSAFE_CHARACTERS, ' ').replace(INVISIBLE, '').replace(SPACE_RUNS, ' ').trim();
}

/** Length in characters (code points), as PostgreSQL's char_length counts: an emoji is one. */
export function countCharacters(text: string): number {
  return Array.from(text).length;
}

// ─── Guest names ────────────────────────────────────────────────────────────

/** A name is 3 to 60 characters, of which at least 3 are letters (any script's). */
export const GUEST_NAME_LENGTH = { min: 3, max: 60 } as const;
export const GUEST_NAME_LETTERS = 3;

/** Letters of any script: the part of a name a host can read. */
export function countLetters(text: string): number {
  return text.match(LETTER)?.length ?? 0;
}

/** True when `name` is exactly what the database keeps: already clean, 3 to 60 characters, 3 letters or more. */
export function isGuestName(name: unknown): name is string {
  if (typeof name !== 'string' || cleanGuestText(name) !== name) return false;
  const length = countCharacters(name);
  return length >= GUEST_NAME_LENGTH.min && length <= GUEST_NAME_LENGTH.max && countLetters(name) >= GUEST_NAME_LETTERS;
}

/** \p{L} as ranges, read from this JavaScript engine's Unicode tables (for the SQL CHECK only). */
function letterRanges(): Ranges {
  const ranges: [number, number][] = [];
  const letter = /^\p{L}$/u;
  for (let code = 0; code <= 0x10ffff; code += 1) {
    if (code >= 0xd800 && code <= 0xdfff) continue;
    if (!letter.test(String.fromCodePoint(code))) continue;
    const last = ranges.at(-1);
    if (last && last[1] === code - 1) last[1] = code;
    else ranges.push([code, code]);
  }
  return ranges;
}

/**
 * The same rule as a SQL boolean expression over `column`, for the users
 * table's CHECK: no unsafe or invisible character, no space but the plain one,
 * no space at either end or twice in a row, 3 to 60 characters, 3 letters.
 */
export function sqlGuestNameCheck(column: string): string {
  return sqlReadableTextCheck(column, GUEST_NAME_LENGTH, GUEST_NAME_LETTERS);
}

/** Clean text of `length` characters with at least `letters` letters, as a SQL boolean expression over `column`. */
function sqlReadableTextCheck(column: string, length: { readonly min: number; readonly max: number }, letters: number): string {
  const refused = classBody([...CONTROLS, ...BIDI_CONTROLS, ...OTHER_SPACES, ...INVISIBLE_RANGES], sqlCharacter);
  const letter = `[${classBody(letterRanges(), sqlCharacter)}]`;
  return [
    `char_length(${column}) between ${length.min} and ${length.max}`,
    `${column} !~ '[${refused}]'`,
    `${column} !~ '^ | $|  '`,
    `regexp_count(${column}, '${letter}') >= ${letters}`,
  ].join(' and ');
}

/** True when `text` is already clean, `length` characters long and holds `letters` letters or more. */
function isReadableText(text: unknown, length: { readonly min: number; readonly max: number }, letters: number): text is string {
  if (typeof text !== 'string' || cleanGuestText(text) !== text) return false;
  const characters = countCharacters(text);
  return characters >= length.min && characters <= length.max && countLetters(text) >= letters;
}

// ─── A party's list: products the host writes ───────────────────────────────

/**
 * A product's name follows the name rules: clean (cleanGuestText), trimmed,
 * at most 60 characters, with visible letters ('Té' is the shortest dish a
 * bar writes). A category is the same kind of text, shorter.
 */
export const PRODUCT_NAME_LENGTH = { min: 2, max: 60 } as const;
export const PRODUCT_NAME_LETTERS = 2;
export const PRODUCT_CATEGORY_LENGTH = { min: 1, max: 40 } as const;
export const PRODUCT_CATEGORY_LETTERS = 1;
/** Prices on a party's list: whole pesos from $100 to $1.000.000. */
export const PRODUCT_PRICE = { min: 100, max: 1_000_000 } as const;

export function isProductName(name: unknown): name is string {
  return isReadableText(name, PRODUCT_NAME_LENGTH, PRODUCT_NAME_LETTERS);
}

export function isProductCategory(category: unknown): category is string {
  return isReadableText(category, PRODUCT_CATEGORY_LENGTH, PRODUCT_CATEGORY_LETTERS);
}

export function isProductPrice(price: unknown): price is number {
  return typeof price === 'number' && Number.isSafeInteger(price) && price >= PRODUCT_PRICE.min && price <= PRODUCT_PRICE.max;
}

/** The same rules for the CHECKs of party_products (supabase/migrations). */
/** A list by category, as guests and the host browse it: each category where the list first names it, each item in list order. */
export function byCategory<Item extends { readonly category: string }>(items: readonly Item[]): [category: string, items: Item[]][] {
  const groups = new Map<string, Item[]>();
  for (const item of items) {
    const group = groups.get(item.category);
    if (group) group.push(item);
    else groups.set(item.category, [item]);
  }
  return [...groups];
}

export function sqlProductNameCheck(column: string): string {
  return sqlReadableTextCheck(column, PRODUCT_NAME_LENGTH, PRODUCT_NAME_LETTERS);
}

export function sqlProductCategoryCheck(column: string): string {
  return sqlReadableTextCheck(column, PRODUCT_CATEGORY_LENGTH, PRODUCT_CATEGORY_LETTERS);
}

export function sqlProductPriceCheck(column: string): string {
  return `${column} between ${PRODUCT_PRICE.min} and ${PRODUCT_PRICE.max}`;
}

// ─── Names the way a person reads them ──────────────────────────────────────

/**
 * The scripts whose capitals and accents a bar's list may carry: Latin (with
 * its extensions), Greek, Cyrillic, and the combining accents. A name in any
 * other script is compared as written. Bounded so PostgreSQL's translate(),
 * which scans its table for every character, stays fast on a 1,000-line import.
 */
const FOLDED_RANGES: Ranges = [
  [0x41, 0x5a],
  [0xc0, 0x24f],
  [0x300, 0x36f],
  [0x370, 0x3ff],
  [0x400, 0x52f],
  [0x1e00, 0x1eff],
];

/**
 * Each folded character and what it reads as: lower case, accents dropped
 * ('Ñ' → 'n', 'É' → 'e'), a combining accent → nothing; Greek's final sigma
 * is a sigma. One character to at most one, so SQL's translate() says the same.
 */
function foldTable(): ReadonlyMap<string, string> {
  const table = new Map<string, string>();
  for (const [from, to] of FOLDED_RANGES) {
    for (let code = from; code <= to; code += 1) {
      const character = String.fromCodePoint(code);
      const folded = character === 'ς' ? 'σ' : character.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
      if (folded !== character && countCharacters(folded) <= 1) table.set(character, folded);
    }
  }
  return table;
}

let fold: ReadonlyMap<string, string> | undefined;

/**
 * The key two names share when a person reads them as one: 'PIÑA COLADA',
 * 'Piña colada' and 'Pina colada' are one product on a list. Character by
 * character (no context), so the database's name_key() is the same function.
 */
export function nameKey(name: string): string {
  fold ??= foldTable();
  const table = fold;
  return Array.from(name, (character) => table.get(character) ?? character).join('');
}

/** A character as a PostgreSQL U& literal writes it (every folded character is in the BMP). */
const unicodeEscape = (character: string) => `\\${hex(character.codePointAt(0) ?? 0, 4)}`;

/**
 * The same key as a SQL function for the migrations: immutable, so a unique
 * index can hold it; plain translate(), so it answers alike under any locale or
 * collation. Characters that fold to nothing go last: translate() drops them.
 */
export function sqlNameKeyFunction(): string {
  fold ??= foldTable();
  const entries = [...fold].sort(([, a], [, b]) => Number(a === '') - Number(b === ''));
  const from = entries.map(([character]) => unicodeEscape(character)).join('');
  const to = entries.flatMap(([, folded]) => (folded === '' ? [] : [unicodeEscape(folded)])).join('');
  return [
    'create or replace function public.name_key(p_name text) returns text',
    'language sql immutable strict parallel safe',
    `return pg_catalog.translate(p_name, U&'${from}', U&'${to}');`,
  ].join('\n');
}

// ─── A party's payment page ─────────────────────────────────────────────────

export const PARTY_PAYMENT_URL_MAX_LENGTH = 2000;
/**
 * The phone adds the amount as a path segment (`<page>/4840`), as it does to
 * the build's page: https, no query or fragment, no slash at the end. Written
 * once for JavaScript and for PostgreSQL's regular expressions alike.
 */
const PARTY_PAYMENT_URL_PATTERN = String.raw`^https://[^\s"<>?#]*[^\s"<>?#/]$`;

export function isPartyPaymentUrl(url: unknown): url is string {
  return typeof url === 'string' && url.length <= PARTY_PAYMENT_URL_MAX_LENGTH && new RegExp(PARTY_PAYMENT_URL_PATTERN).test(url);
}

/** The same rule for the parties table's CHECK; a party may have no page of its own. */
export function sqlPartyPaymentUrlCheck(column: string): string {
  return `${column} is null or (char_length(${column}) <= ${PARTY_PAYMENT_URL_MAX_LENGTH} and ${column} ~ '${PARTY_PAYMENT_URL_PATTERN}')`;
}

// ─── Search ─────────────────────────────────────────────────────────────────

/** Lower case, accents stripped ("Café" → "cafe"), so search ignores both: the guest's search and the host's. */
export function normalizeForSearch(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

// ─── Money ──────────────────────────────────────────────────────────────────

/** Prices and totals are whole Chilean pesos; nothing here uses floating point. */

/** `$4.400`: peso sign, a dot between thousands, no decimals (es-CL). */
export function formatPesos(amount: number): string {
  const whole = Math.trunc(amount);
  const digits = String(Math.abs(whole)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${whole < 0 ? '-' : ''}$${digits}`;
}

/** The tip: 10%, as the fraction 11/10 of the total, so integer arithmetic keeps it exact. */
const TIPPED = { times: 11, over: 10 } as const;

/** The total plus a 10% tip, truncated to a whole peso, in integer arithmetic (SQL: `tipped_total(total)`). */
export function tippedTotal(total: number): number {
  return Math.floor((total * TIPPED.times) / TIPPED.over);
}

/**
 * The same rule as the one SQL function every SQL function uses. Totals are
 * never negative, where integer division (truncation) and floor agree.
 */
export function sqlTippedTotalFunction(): string {
  return [
    'create or replace function public.tipped_total(p_total bigint) returns bigint',
    'language sql immutable strict parallel safe',
    `return (p_total * ${TIPPED.times}) / ${TIPPED.over};`,
  ].join('\n');
}

// ─── Orders ─────────────────────────────────────────────────────────────────

/**
 * Orders one guest may keep on the server. A party guest orders tens of items;
 * the ceiling only stops one guest key from growing the tables without bound.
 */
export const MAX_ORDERS_PER_GUEST = 1000;

/**
 * The most a paid mark may record: what a guest at the ceiling of orders, each
 * at the top price, would owe with tip ($1.100.000.000). The database also
 * holds each mark to what that guest ever ordered in the party, with tip.
 */
export const MAX_PAID_AMOUNT = tippedTotal(MAX_ORDERS_PER_GUEST * PRODUCT_PRICE.max);

/** A payment's amount (a Mercado Pago checkout): whole pesos, more than 0, at most what a tab can hold; the phone checks 'Monto a pagar' by it. */
export const isPaymentAmount = (amount: unknown): amount is number =>
  typeof amount === 'number' && Number.isSafeInteger(amount) && amount > 0 && amount <= MAX_PAID_AMOUNT;

/**
 * How long an old price is honoured after it left the party's list, on the
 * server's clock: a phone that showed the old price and was offline all night
 * still syncs the next day, and a price set by mistake and fixed at once does
 * not stay orderable for ever.
 */
export const OLD_PRICE_HOURS = 24;

/**
 * After the close: an order arrives at most this long after it (a phone offline
 * all night syncs the next day), and one guest adds at most this many orders
 * (more than anyone taps in a night, far fewer than a script would).
 */
export const LATE_ORDER_HOURS = 24;
export const ORDERS_AFTER_CLOSE_PER_GUEST = 50;

/** The SQL forms of the three bounds above and of the paid mark's, for the migrations (npm test holds them together). */
export const sqlOldPriceHonoured = (leftAt: string): string => `now() <= ${leftAt} + interval '${OLD_PRICE_HOURS} hours'`;
export const sqlLateOrderArrives = (closedAt: string): string => `now() <= ${closedAt} + interval '${LATE_ORDER_HOURS} hours'`;
export const sqlOrdersAfterCloseWithin = (count: string): string => `${count} <= ${ORDERS_AFTER_CLOSE_PER_GUEST}`;

export const sqlPaidAmountCheck = (column: string): string => `${column} between 0 and ${MAX_PAID_AMOUNT}`;

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

/**
 * The orders' window for the other things a phone taps and sends later (issue
 * 43): a claim of the bar's bill, taking one back, a 'Ya transferí'. The tap
 * time passes the orders' clock check against the server's clock now, and,
 * once the party is closed, lies within its life (not before it began: an
 * order's own rule after the close). Claims and notices keep coming after the
 * close (the bill and the paying come at the end), so the close itself bounds
 * only what a guest may still take back (`sqlTakenBackInTime`).
 */
export function sqlTapTimeInParty(tap: string, born: string, closed: string): string {
  return `${sqlOrderTimeCheck(tap, 'now()')} and (${closed} is null or ${tap} >= ${born})`;
}

/** After the close a guest takes a claim back only if they tapped before it, and it arrives within a day of it, as a late order. */
export const sqlTakenBackInTime = (tap: string, closed: string): string => `${closed} is null or (${tap} < ${closed} and ${sqlLateOrderArrives(closed)})`;

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
