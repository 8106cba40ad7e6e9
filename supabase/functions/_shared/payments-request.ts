/**
 * What a guest's phone asks the `payments` function, and the host's actions
 * on a party's ways of being paid (Mercado Pago on or off, 'Datos para
 * transferir'), as zod schemas: the functions parse with them, the pages
 * build their requests to their types.
 */
import { z } from 'zod';
import { parseJson, type ParsedBody } from './body.ts';
import { PAYMENT_ERRORS } from './payment-errors.ts';
import { cleanGuestText, countCharacters, isPaymentAmount } from './rules.ts';
import { normalizeRut } from './rut.ts';
import { ACCOUNT_TYPES } from './transfer-details.ts';

export const MAX_PAYMENTS_BODY_BYTES = 4 * 1024;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export { isPaymentAmount };

const guestRequestSchema = z.discriminatedUnion(
  'action',
  [
    /** A Mercado Pago checkout of `amount` pesos for the guest's own tab. */
    z.object({ action: z.literal('checkout'), amount: z.custom<number>(isPaymentAmount, { error: PAYMENT_ERRORS.badAmount }) }),
    /** What the guest paid, owes, and how the party takes payment. */
    z.object({ action: z.literal('status') }),
    /**
     * Back from the checkout: Mercado Pago's `payment_id` and `external_reference` from the back URL. They prove
     * nothing: the function reads that payment back from Mercado Pago, as it reads a notification's.
     */
    z.object({
      action: z.literal('return'),
      payment_id: z.string({ error: PAYMENT_ERRORS.badReturn }).regex(/^\d{1,20}$/, PAYMENT_ERRORS.badReturn),
      external_reference: z.string({ error: PAYMENT_ERRORS.badReturn }).regex(UUID, PAYMENT_ERRORS.badReturn),
    }),
    /** A checkout still open: search Mercado Pago for its payments (a notification and the return may both be lost). */
    z.object({ action: z.literal('reconcile') }),
  ],
  { error: PAYMENT_ERRORS.badAction },
);

export type GuestPaymentRequest = z.output<typeof guestRequestSchema>;

/**
 * 'Devolver $X' as the host function asks it of the payments function (with the service role): the guest's saldo a
 * favor that came through Mercado Pago, `amount` as the host saw it.
 */
const refundRequestSchema = z.object({
  party: z.string().regex(UUID, 'party debe ser un UUID.'),
  guest: z.string().regex(UUID, 'guest debe ser un UUID.'),
  amount: z.custom<number>(isPaymentAmount, { error: PAYMENT_ERRORS.badAmount }),
});

export type RefundRequest = z.output<typeof refundRequestSchema>;

export function parseRefundRequest(text: string): ParsedBody<RefundRequest> {
  const json = parseJson(text);
  return json.ok ? firstProblem(refundRequestSchema.safeParse(json.value)) : json;
}

function firstProblem<T>(parsed: z.ZodSafeParseResult<T>): ParsedBody<T> {
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, error: parsed.error.issues[0]?.message ?? 'Pedido inválido.' };
}

export function parseGuestPaymentRequest(text: string): ParsedBody<GuestPaymentRequest> {
  const json = parseJson(text);
  return json.ok ? firstProblem(guestRequestSchema.safeParse(json.value)) : json;
}

export { ACCOUNT_TYPES };

const text = (field: string, min: number, max: number) =>
  z
    .unknown()
    .transform((value) => (typeof value === 'string' ? cleanGuestText(value) : ''))
    .refine((value) => countCharacters(value) >= min && countCharacters(value) <= max, `${field} debe tener entre ${min} y ${max} caracteres.`);

/** 'Datos para transferir', as the database's CHECKs take them. */
export const transferDetailsSchema = z.object({
  holder_name: text('El nombre', 3, 80),
  rut: z.unknown().transform((rut, context) => {
    const normalized = normalizeRut(rut);
    if (normalized) return normalized;
    context.issues.push({ code: 'custom', message: PAYMENT_ERRORS.badRut, input: rut });
    return z.NEVER;
  }),
  bank: text('El banco', 2, 60),
  account_type: z.enum(ACCOUNT_TYPES, { error: `El tipo de cuenta debe ser ${ACCOUNT_TYPES.join(', ')}.` }),
  account_number: z
    .string({ error: 'El número de cuenta debe ser texto.' })
    .transform((value) => value.replace(/\s/g, ''))
    .refine((value) => /^[0-9][0-9-]{2,24}$/.test(value), 'El número de cuenta lleva de 3 a 25 dígitos (y guiones).'),
  email: z
    .string({ error: 'El correo debe ser texto.' })
    .transform((value) => value.trim())
    .refine((value) => value.length <= 120 && /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(value), 'El correo no es válido.'),
});

export type TransferDetails = z.output<typeof transferDetailsSchema>;

const wayOfRefund = z.enum(['mercadopago', 'host'], { error: 'way debe ser mercadopago o host.' });

/** The host's actions on the party's ways of being paid: host-request.ts puts them in the host's one union. */
export const paymentActionSchemas = [
  /**
   * 'Devolver $X' (way mercadopago: the payments function asks Mercado Pago) or 'Marcar como devuelto' (way host:
   * money paid otherwise, given back by hand), `amount` the saldo a favor as the host saw it.
   */
  z.object({
    action: z.literal('refund'),
    guestId: z.string({ error: 'guestId debe ser un UUID.' }).regex(UUID, 'guestId debe ser un UUID.'),
    amount: z.custom<number>(isPaymentAmount, { error: PAYMENT_ERRORS.badAmount }),
    way: wayOfRefund,
  }),
  /** Which ways the party takes, and whether the deployment has Mercado Pago. */
  z.object({ action: z.literal('payment_ways') }),
  z.object({ action: z.literal('set_mercadopago'), on: z.boolean({ error: 'on debe ser true o false.' }) }),
  /** null: the party no longer takes transfers. */
  z.object({ action: z.literal('transfer_details'), details: transferDetailsSchema.nullable() }),
] as const;

export const PAYMENT_ACTIONS = 'payment_ways, set_mercadopago, transfer_details o refund';
