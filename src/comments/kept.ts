/** The comment a reload must keep: the text on screen, or the request still waiting for an answer. */
import type { CommentRequest } from './request.ts';

export type KeptComment =
  | { readonly guestId: string; readonly orderId: string; readonly text: string }
  | { readonly guestId: string; readonly orderId: string; readonly request: CommentRequest };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isTextList = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string');

function isRequest(value: unknown, guestId: string): value is CommentRequest {
  if (!isRecord(value) || value.guestId !== guestId || typeof value.name !== 'string') return false;
  const { orderId, product, previousProducts, previousComment, recentComments } = value;
  return (
    (orderId === undefined || typeof orderId === 'string') &&
    isRecord(product) &&
    typeof product.name === 'string' &&
    typeof product.price === 'number' &&
    isTextList(previousProducts) &&
    (previousComment === undefined || typeof previousComment === 'string') &&
    (recentComments === undefined || isTextList(recentComments))
  );
}

/** A stored value that is this guest's kept comment, whole; anything else is ignored. */
export function isKeptComment(value: unknown, guestId: string): value is KeptComment {
  if (!isRecord(value) || value.guestId !== guestId || typeof value.orderId !== 'string') return false;
  return typeof value.text === 'string' || isRequest(value.request, guestId);
}
