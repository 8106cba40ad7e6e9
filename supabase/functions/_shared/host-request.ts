/** What the host's page asks the `host` function, and the rules it must meet. */
import { checkImportLines, checkProduct, checkProductPrice, describeProblem, type LineProblem, type MenuProduct } from './menu-import.ts';
import { cleanGuestText, countCharacters, isPartyCode, isPartyPaymentUrl, isUuid } from './rules.ts';

export type HostAction =
  | { readonly action: 'party' }
  | { readonly action: 'orders' }
  | { readonly action: 'guest'; readonly guestId: string }
  | { readonly action: 'paid'; readonly guestId: string; readonly paid: boolean; readonly amount?: number }
  /** The owner's list of parties. */
  | { readonly action: 'parties' }
  /** menuFrom: the code of the party whose list the new party copies; null for the built-in list. */
  | { readonly action: 'create_party'; readonly name: string; readonly date: string; readonly paymentUrl: string | null; readonly menuFrom: string | null }
  | { readonly action: 'close_party' }
  /** The party's list, sold-out dishes included. */
  | { readonly action: 'menu' }
  | { readonly action: 'set_price'; readonly name: string; readonly price: number }
  | { readonly action: 'set_sold_out'; readonly name: string; readonly soldOut: boolean }
  | { readonly action: 'add_product'; readonly product: MenuProduct }
  /** All or nothing: every line adds a product or changes the one of that name. */
  | { readonly action: 'import_menu'; readonly lines: readonly MenuProduct[] };

/** Actions that change a party's list: refused once the party is over. */
export const MENU_EDITS: ReadonlySet<HostAction['action']> = new Set(['set_price', 'set_sold_out', 'add_product', 'import_menu']);

/** Actions only the deployment's owner key may ask. */
export const OWNER_ACTIONS: ReadonlySet<HostAction['action']> = new Set(['parties', 'create_party']);

export const PARTY_NAME_LENGTH = { min: 1, max: 80 } as const;
const PARTY_CODE = /^[A-Za-z0-9_-]{16,64}$/;

/** The largest body the host's page sends: an import of a few hundred lines fits. */
export const MAX_HOST_BODY_BYTES = 128 * 1024;
/** A product's name as the list has it: the page sends back what it was given. */
const MAX_LISTED_NAME_LENGTH = 120;

/** The largest tipped total a guest can reach: 1000 orders at the top price, plus tip. */
export const MAX_PAID_AMOUNT = 10_000_000_000;
export const MAX_KEY_LENGTH = 512;

export type Parsed<T> =
  | { readonly ok: true; readonly value: T }
  /** problems: an import's bad lines, each by its number (1-based, in the order sent). */
  | { readonly ok: false; readonly error: string; readonly problems?: readonly LineProblem[] };

const refuse = (error: string): { ok: false; error: string } => ({ ok: false, error });

/** The body as a JSON object, or why not. */
export function parseHostBody(text: string): Parsed<Readonly<Record<string, unknown>>> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return refuse('El cuerpo no es JSON válido.');
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return refuse('El cuerpo debe ser un objeto JSON.');
  return { ok: true, value: json as Readonly<Record<string, unknown>> };
}

/** The key the page sent: null when there is none. */
export function hostKeyOf(body: Readonly<Record<string, unknown>>): string | null {
  const key = body.key;
  return typeof key === 'string' && key !== '' ? key.slice(0, MAX_KEY_LENGTH) : null;
}

/** The party the request names by its code: null for none (the owner's default party), or why it cannot be one. */
export function partyCodeOf(body: Readonly<Record<string, unknown>>): Parsed<string | null> {
  const { party } = body;
  if (party === undefined || party === null) return { ok: true, value: null };
  return typeof party === 'string' && PARTY_CODE.test(party) ? { ok: true, value: party } : refuse('party debe ser el código de una fiesta.');
}

export function parseHostAction(body: Readonly<Record<string, unknown>>): Parsed<HostAction> {
  switch (body.action) {
    case 'party':
    case 'orders':
    case 'parties':
    case 'close_party':
      return { ok: true, value: { action: body.action } };
    case 'create_party':
      return parseNewParty(body);
    case 'guest':
      return isUuid(body.guestId) ? { ok: true, value: { action: 'guest', guestId: body.guestId } } : refuse('guestId debe ser un UUID.');
    case 'paid':
      return parsePaid(body);
    case 'menu':
      return { ok: true, value: { action: 'menu' } };
    case 'set_price':
    case 'set_sold_out':
    case 'add_product':
    case 'import_menu':
      return parseMenuEdit(body.action, body);
    default:
      return refuse('action debe ser party, guest, orders, paid, parties, create_party, close_party, menu, set_price, set_sold_out, add_product o import_menu.');
  }
}

/** The name of a product already on the list, as the page was given it. */
function listedName(name: unknown): string | null {
  return typeof name === 'string' && name !== '' && countCharacters(name) <= MAX_LISTED_NAME_LENGTH ? name : null;
}

function parseMenuEdit(action: 'set_price' | 'set_sold_out' | 'add_product' | 'import_menu', body: Readonly<Record<string, unknown>>): Parsed<HostAction> {
  if (action === 'add_product') {
    const product = checkProduct({ name: body.name, price: body.price, category: body.category });
    return product.ok ? { ok: true, value: { action, product: product.value } } : refuse(product.problem);
  }
  if (action === 'import_menu') {
    const lines = checkImportLines(body.lines);
    if (lines.ok) return { ok: true, value: { action, lines: lines.value } };
    return { ok: false, error: lines.error ?? lines.problems.map(describeProblem).join(' '), problems: lines.problems };
  }
  const name = listedName(body.name);
  if (name === null) return refuse('name debe ser el nombre de un producto de la carta.');
  if (action === 'set_sold_out') {
    return typeof body.soldOut === 'boolean' ? { ok: true, value: { action, name, soldOut: body.soldOut } } : refuse('soldOut debe ser true o false.');
  }
  const price = checkProductPrice(body.price);
  return price.ok ? { ok: true, value: { action, name, price: price.value } } : refuse(price.problem);
}

function parsePaid(body: Readonly<Record<string, unknown>>): Parsed<HostAction> {
  if (!isUuid(body.guestId)) return refuse('guestId debe ser un UUID.');
  if (typeof body.paid !== 'boolean') return refuse('paid debe ser true o false.');
  const { amount } = body;
  if (amount === undefined || !body.paid) return { ok: true, value: { action: 'paid', guestId: body.guestId, paid: body.paid } };
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount < 0 || amount > MAX_PAID_AMOUNT) {
    return refuse(`amount debe ser un entero de pesos entre 0 y ${MAX_PAID_AMOUNT}.`);
  }
  return { ok: true, value: { action: 'paid', guestId: body.guestId, paid: true, amount } };
}

function parseNewParty(body: Readonly<Record<string, unknown>>): Parsed<HostAction> {
  const name = typeof body.name === 'string' ? cleanGuestText(body.name) : '';
  const length = countCharacters(name);
  if (length < PARTY_NAME_LENGTH.min || length > PARTY_NAME_LENGTH.max) return refuse(`El nombre de la fiesta debe tener entre ${PARTY_NAME_LENGTH.min} y ${PARTY_NAME_LENGTH.max} caracteres.`);
  const date = body.date;
  if (typeof date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(`${date}T12:00:00Z`))) return refuse('La fecha debe ser AAAA-MM-DD.');
  const given = body.paymentUrl;
  if (given !== undefined && given !== null && typeof given !== 'string') return refuse('La página de pago debe ser una dirección https://.');
  // A slash at the end is the same page; the amount goes after it.
  const url = (given ?? '').trim().replace(/\/+$/, '');
  if (url !== '' && !isPartyPaymentUrl(url)) {
    return refuse(/^https:\/\/[^?#]*[?#]/.test(url) ? 'La página de pago no puede llevar ? ni #: el monto se agrega al final de la dirección.' : 'La página de pago debe ser una dirección https://.');
  }
  const paymentUrl = url === '' ? null : url;
  const { menuFrom } = body;
  if (menuFrom !== undefined && menuFrom !== null && !isPartyCode(menuFrom)) return refuse('menuFrom debe ser el código de una fiesta.');
  return { ok: true, value: { action: 'create_party', name, date, paymentUrl, menuFrom: menuFrom ?? null } };
}
