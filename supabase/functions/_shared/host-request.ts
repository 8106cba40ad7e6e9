/**
 * What the host's page asks the `host` function, and the rules it must meet,
 * written once as zod schemas over the shared rules (rules.ts, menu-import.ts):
 * the function parses with them, the host's page builds its actions to their
 * output type (HostAction). Each refusal is the first problem, in Spanish.
 */
import { z } from 'zod';
import { BILL_ACTIONS, billActionSchemas } from './bill-request.ts';
import { parseJson, type ParsedBody } from './body.ts';
import { PAYMENT_ACTIONS, paymentActionSchemas } from './payments-request.ts';
import { RECEIPT_ACTIONS, receiptActionSchemas } from './receipt-request.ts';
import { checkImportLines, checkProductCategory, checkProductName, checkProductPrice, describeProblem, type Checked, type LineProblem } from './menu-import.ts';
import { cleanGuestText, countCharacters, isPartyCode, isPartyPaymentUrl, isUuid, MAX_PAID_AMOUNT } from './rules.ts';
import { MAX_PHOTO_BYTES } from './receipt-model.ts';

export const PARTY_NAME_LENGTH = { min: 1, max: 80 } as const;

/** The largest body the host's page sends: an import of a few hundred lines fits. */
export const MAX_HOST_BODY_BYTES = 128 * 1024;
/** A photo of the bar's bill for the vision model (receipt-request.ts) is the one larger body: the photo and the rest of the request. */
export const MAX_PHOTO_BODY_BYTES = MAX_PHOTO_BYTES + 4 * 1024;
/** A product's name as the list has it: the page sends back what it was given. */
const MAX_LISTED_NAME_LENGTH = 120;

export { MAX_PAID_AMOUNT };
export const MAX_KEY_LENGTH = 512;

/** A field that passes one of the shared rules, or `error`. */
const passing = <T>(rule: (value: unknown) => value is T, error: string) => z.custom<T>(rule, { error });

/** A field one of menu-import's checks takes (cleaned as it cleans it), or its problem. */
const checkedBy = <T>(check: (value: unknown) => Checked<T>) =>
  z.unknown().transform((value, context) => {
    const checked = check(value);
    if (checked.ok) return checked.value;
    context.issues.push({ code: 'custom', message: checked.problem, input: value });
    return z.NEVER;
  });

const yesOrNo = (field: string) => z.boolean({ error: `${field} debe ser true o false.` });

const guestId = passing(isUuid, 'guestId debe ser un UUID.');

const isListedName = (name: unknown): name is string => typeof name === 'string' && name !== '' && countCharacters(name) <= MAX_LISTED_NAME_LENGTH;
/** The name of a product already on the list, as the page was given it. */
const listedName = passing(isListedName, 'name debe ser el nombre de un producto de la carta.');

const isPaidAmount = (amount: unknown): amount is number =>
  typeof amount === 'number' && Number.isSafeInteger(amount) && amount >= 0 && amount <= MAX_PAID_AMOUNT;

const paid = z
  .object({ action: z.literal('paid'), guestId, paid: yesOrNo('paid'), amount: z.unknown().optional() })
  .transform(({ action, guestId, paid, amount }, context) => {
    // An amount counts only with a mark: taking a mark back carries none.
    if (amount === undefined || !paid) return { action, guestId, paid };
    if (isPaidAmount(amount)) return { action, guestId, paid, amount };
    context.issues.push({ code: 'custom', message: `amount debe ser un entero de pesos entre 0 y ${MAX_PAID_AMOUNT}.`, input: amount, path: ['amount'] });
    return z.NEVER;
  });

const partyName = z
  .unknown()
  .transform((name) => (typeof name === 'string' ? cleanGuestText(name) : ''))
  .refine(
    (name) => countCharacters(name) >= PARTY_NAME_LENGTH.min && countCharacters(name) <= PARTY_NAME_LENGTH.max,
    `El nombre de la fiesta debe tener entre ${PARTY_NAME_LENGTH.min} y ${PARTY_NAME_LENGTH.max} caracteres.`,
  );

/** A day the calendar has: Date.parse would roll 2026-02-30 over to March 2, so the date must read back as itself. */
const isPartyDate = (date: unknown): date is string => {
  if (typeof date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return false;
  const day = new Date(`${date}T12:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === date;
};

const NOT_HTTPS = 'La página de pago debe ser una dirección https://.';

/** A party's own payment page, or null for none. A slash at the end is the same page: the amount goes after it. */
const paymentUrl = z
  .string({ error: NOT_HTTPS })
  .nullish()
  .transform((given, context) => {
    const url = (given ?? '').trim().replace(/\/+$/, '');
    if (url === '') return null;
    if (isPartyPaymentUrl(url)) return url;
    const withQuery = /^https:\/\/[^?#]*[?#]/.test(url);
    context.issues.push({
      code: 'custom',
      message: withQuery ? 'La página de pago no puede llevar ? ni #: el monto se agrega al final de la dirección.' : NOT_HTTPS,
      input: given,
    });
    return z.NEVER;
  });

/** A party's code, or null for none. */
const partyCode = (field: string) =>
  passing(isPartyCode, `${field} debe ser el código de una fiesta.`)
    .nullish()
    .transform((code) => code ?? null);

const importLines = z.unknown().transform((lines, context) => {
  const checked = checkImportLines(lines);
  if (checked.ok) return checked.value;
  const message = checked.error ?? checked.problems.map(describeProblem).join(' ');
  context.issues.push({ code: 'custom', message, input: lines, params: { problems: checked.problems } });
  return z.NEVER;
});

const ACTIONS = `party, guest, orders, paid, parties, create_party, close_party, menu, set_price, set_sold_out, add_product, import_menu, ${RECEIPT_ACTIONS}, ${BILL_ACTIONS}, ${PAYMENT_ACTIONS}`;

const hostActionSchema = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('party') }),
    z.object({ action: z.literal('orders') }),
    z.object({ action: z.literal('guest'), guestId }),
    paid,
    /** The owner's list of parties. */
    z.object({ action: z.literal('parties') }),
    /** menuFrom: the code of the party whose list the new party copies; null for the built-in list. */
    z.object({
      action: z.literal('create_party'),
      name: partyName,
      date: passing(isPartyDate, 'La fecha debe ser un día que exista, AAAA-MM-DD.'),
      paymentUrl,
      menuFrom: partyCode('menuFrom'),
    }),
    z.object({ action: z.literal('close_party') }),
    /** The party's list, sold-out dishes included. */
    z.object({ action: z.literal('menu') }),
    z.object({ action: z.literal('set_price'), name: listedName, price: checkedBy(checkProductPrice) }),
    z.object({ action: z.literal('set_sold_out'), name: listedName, soldOut: yesOrNo('soldOut') }),
    /** The wire's own shape: name, price and category beside the action, as every other action's fields. */
    z.object({
      action: z.literal('add_product'),
      name: checkedBy(checkProductName),
      price: checkedBy(checkProductPrice),
      category: checkedBy(checkProductCategory),
    }),
    /** All or nothing: every line adds a product or changes the one of that name. */
    z.object({ action: z.literal('import_menu'), lines: importLines }),
    /** The bar's bill, its comparison, what was left, the guest of honour (bill-request.ts). */
    ...billActionSchemas,
    /** A photo of the bar's bill read by the vision model (receipt-request.ts). */
    ...receiptActionSchemas,
    /** Mercado Pago on or off, 'Datos para transferir' (payments-request.ts). */
    ...paymentActionSchemas,
  ],
  { error: `action debe ser ${ACTIONS}.` },
);

export type HostAction = z.output<typeof hostActionSchema>;

/** Actions only the deployment's owner key may ask. */
export const OWNER_ACTIONS: ReadonlySet<HostAction['action']> = new Set(['parties', 'create_party']);

type HostBody = Readonly<Record<string, unknown>>;

/** Any JSON object; its fields are read one by one, the key before the action. */
const hostBody = passing(
  (body: unknown): body is HostBody => typeof body === 'object' && body !== null && !Array.isArray(body),
  'El cuerpo debe ser un objeto JSON.',
);

const hostKey = z
  .string()
  .min(1)
  .transform((key) => key.slice(0, MAX_KEY_LENGTH));

/** The first problem as the function's refusal, with an import's bad lines, each by its number (1-based, in the order sent). */
function refusalOf(error: z.ZodError): ParsedBody<never> {
  const [first] = error.issues;
  const problems: unknown = first?.code === 'custom' ? first.params?.problems : undefined;
  return {
    ok: false,
    error: first?.message ?? 'Pedido inválido.',
    // Only importLines and save_bill's lines put problems there, as LineProblem[].
    ...(Array.isArray(problems) ? { problems: problems as LineProblem[] } : {}),
  };
}

function parsedBy<T>(schema: z.ZodType<T>, value: unknown): ParsedBody<T> {
  const parsed = schema.safeParse(value);
  return parsed.success ? { ok: true, value: parsed.data } : refusalOf(parsed.error);
}

/** The body as a JSON object, or why not (see body.ts). */
export function parseHostBody(text: string): ParsedBody<HostBody> {
  const json = parseJson(text);
  return json.ok ? parsedBy(hostBody, json.value) : json;
}

/** The key the page sent: null when there is none. */
export function hostKeyOf(body: HostBody): string | null {
  const key = hostKey.safeParse(body.key);
  return key.success ? key.data : null;
}

/** The party the request names by its code: null for none (the owner's default party), or why it cannot be one. */
export function partyCodeOf(body: HostBody): ParsedBody<string | null> {
  return parsedBy(partyCode('party'), body.party);
}

export function parseHostAction(body: HostBody): ParsedBody<HostAction> {
  return parsedBy(hostActionSchema, body);
}
