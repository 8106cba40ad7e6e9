/**
 * What the app sends to ask for a comment, and the rules it must meet, written
 * once: the function parses with the schema, the app builds its body to the
 * schema's input type (src/comments/request.ts).
 */
import { z } from 'zod';
import { parseJson, type ParsedBody } from './body.ts';
import { cleanGuestText, COMMENT_LIMITS, countCharacters, GUEST_NAME_LENGTH as NAME_LENGTH, isProductPrice } from './rules.ts';

const {
  previousProducts: MAX_PREVIOUS_PRODUCTS,
  productNameLength: MAX_PRODUCT_NAME_LENGTH,
  previousCommentLength: MAX_PREVIOUS_COMMENT_LENGTH,
  recentComments: MAX_RECENT_COMMENTS,
} = COMMENT_LIMITS;

const atMost = (max: number, message: string) => z.string().refine((text) => countCharacters(text) <= max, message);

const guestName = z
  .string()
  .transform(cleanGuestText)
  .refine(
    (name) => countCharacters(name) >= NAME_LENGTH.min && countCharacters(name) <= NAME_LENGTH.max,
    `El nombre debe tener entre ${NAME_LENGTH.min} y ${NAME_LENGTH.max} caracteres.`,
  );

/**
 * A product as a party's list can have it: each party has its own list now
 * (prices the host changed, dishes the host added), so no list in code can
 * say which products are real. The database does: a comment is owed only for
 * an order the server holds of exactly this (name, price)
 * (`take_order_comment`), and an order names a (name, price) its party's list had.
 */
const orderedProduct = z
  .object({ name: z.string(), price: z.number() })
  .refine(
    (product) => product.name.trim() !== '' && countCharacters(product.name) <= MAX_PRODUCT_NAME_LENGTH && isProductPrice(product.price),
    'El producto no está en la carta a ese precio.',
  );

export const commentRequestSchema = z.object({
  guestId: z.uuid('guestId debe ser un UUID.'),
  /** The order the comment is for: the function comments only on orders the bar holds (optional: older apps do not send it). */
  orderId: z.uuid('orderId debe ser un UUID.').optional(),
  name: guestName,
  product: orderedProduct,
  /** Names of the guest's earlier active orders, newest first. */
  previousProducts: z
    .array(atMost(MAX_PRODUCT_NAME_LENGTH, `Cada producto anterior tiene a lo más ${MAX_PRODUCT_NAME_LENGTH} caracteres.`))
    .max(MAX_PREVIOUS_PRODUCTS, `A lo más ${MAX_PREVIOUS_PRODUCTS} productos anteriores.`),
  previousComment: atMost(MAX_PREVIOUS_COMMENT_LENGTH, `El comentario anterior tiene a lo más ${MAX_PREVIOUS_COMMENT_LENGTH} caracteres.`).optional(),
  /** The guest's latest comments, newest first, so the local quips never repeat one (optional: older apps do not send them). */
  recentComments: z
    .array(atMost(MAX_PREVIOUS_COMMENT_LENGTH, `Cada comentario reciente tiene a lo más ${MAX_PREVIOUS_COMMENT_LENGTH} caracteres.`))
    .max(MAX_RECENT_COMMENTS, `A lo más ${MAX_RECENT_COMMENTS} comentarios recientes.`)
    .optional(),
});

/** What the app sends: the name as the guest typed it. */
export type CommentRequest = z.input<typeof commentRequestSchema>;

/** A valid order to comment on; the name is already cleaned. */
export type CommentOrder = z.output<typeof commentRequestSchema>;

export interface RequestIssue {
  readonly path: string;
  readonly message: string;
}

export type ParsedCommentRequest = { readonly ok: true; readonly order: CommentOrder } | { readonly ok: false; readonly issues: readonly RequestIssue[] };

export function parseCommentRequest(body: unknown): ParsedCommentRequest {
  const result = commentRequestSchema.safeParse(body);
  if (result.success) return { ok: true, order: result.data };
  const issues = result.error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
  return { ok: false, issues };
}

/** The `comment` function's body (see body.ts): the order, or why not. */
export function parseCommentBody(text: string): ParsedBody<CommentOrder> {
  const json = parseJson(text);
  if (!json.ok) return json;
  const parsed = parseCommentRequest(json.value);
  return parsed.ok ? { ok: true, value: parsed.order } : { ok: false, error: 'Pedido inválido.', issues: parsed.issues };
}
