/** What the host's page asks the `host` function, and the rules it must meet. */
import { isUuid } from './rules.ts';

export type HostAction =
  | { readonly action: 'party' }
  | { readonly action: 'orders' }
  | { readonly action: 'guest'; readonly guestId: string }
  | { readonly action: 'paid'; readonly guestId: string; readonly paid: boolean; readonly amount?: number };

/** The largest tipped total a guest can reach: 1000 orders at the top price, plus tip. */
export const MAX_PAID_AMOUNT = 10_000_000_000;
export const MAX_KEY_LENGTH = 512;

export type Parsed<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: string };

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

export function parseHostAction(body: Readonly<Record<string, unknown>>): Parsed<HostAction> {
  switch (body.action) {
    case 'party':
    case 'orders':
      return { ok: true, value: { action: body.action } };
    case 'guest':
      return isUuid(body.guestId) ? { ok: true, value: { action: 'guest', guestId: body.guestId } } : refuse('guestId debe ser un UUID.');
    case 'paid':
      return parsePaid(body);
    default:
      return refuse('action debe ser party, guest, orders o paid.');
  }
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
