/** The comment a reload must keep: the text on screen, or the request still waiting for an answer. */
import type { CommentRequest } from './request.ts';

export type KeptComment =
  | { readonly guestId: string; readonly orderId: string; readonly text: string }
  | { readonly guestId: string; readonly orderId: string; readonly request: CommentRequest };

type Guard<T> = (value: unknown) => value is T;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isText: Guard<string> = (value) => typeof value === 'string';
const isTextList: Guard<string[]> = (value): value is string[] => Array.isArray(value) && value.every(isText);
const optional =
  <T>(guard: Guard<T>): Guard<T | undefined> =>
  (value): value is T | undefined =>
    value === undefined || guard(value);
const isProduct: Guard<CommentRequest['product']> = (value): value is CommentRequest['product'] =>
  isRecord(value) && typeof value.name === 'string' && typeof value.price === 'number';

/**
 * A kept request's shape, field by field, held to the function's schema by the
 * compiler: a field added there fails here until it is checked. Only the shape:
 * the phone wrote it, and the function applies its own rules when it is sent
 * again; zod stays out of the page's first load.
 */
const REQUEST_FIELDS: { readonly [Field in keyof CommentRequest]-?: Guard<CommentRequest[Field]> } = {
  guestId: isText,
  orderId: optional(isText),
  name: isText,
  product: isProduct,
  previousProducts: isTextList,
  previousComment: optional(isText),
  recentComments: optional(isTextList),
};

function isRequest(value: unknown, guestId: string): value is CommentRequest {
  if (!isRecord(value) || value.guestId !== guestId) return false;
  return Object.entries(REQUEST_FIELDS).every(([field, guard]) => guard(value[field]));
}

/** A stored value that is this guest's kept comment, whole; anything else is ignored. */
export function isKeptComment(value: unknown, guestId: string): value is KeptComment {
  if (!isRecord(value) || value.guestId !== guestId || typeof value.orderId !== 'string') return false;
  return typeof value.text === 'string' || isRequest(value.request, guestId);
}
