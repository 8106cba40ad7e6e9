/** What the `comment` function is asked, built to its schema (supabase/functions/_shared/comment-request.ts). */
import type { CommentRequest } from '../../supabase/functions/_shared/comment-request.ts';
import { COMMENT_LIMITS } from '../../supabase/functions/_shared/rules.ts';

export type { CommentRequest };

export interface CommentGuest {
  readonly id: string;
  readonly full_name: string;
}

/** An order as the tab keeps it; only what the comment needs. */
export interface CommentedOrder {
  readonly id: string;
  readonly product_name: string;
  readonly product_price: number;
  readonly created_at: string;
}

// ISO times compare as plain strings; a tab already newest first sorts in one pass.
const newestFirst = (a: CommentedOrder, b: CommentedOrder) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0);

/** Cuts by characters (code points), as the function counts them, so an emoji is never split. */
function clip(text: string, max: number): string {
  const characters = Array.from(text);
  return characters.length <= max ? text : characters.slice(0, max).join('');
}

/**
 * The body for one order: `earlier` may include the order itself or later ones
 * (a live list); only the orders before it count. `history` is previousJokes,
 * oldest first: its newest is the previous comment, its 10 newest the recent ones.
 */
export function buildCommentRequest(
  guest: CommentGuest,
  order: CommentedOrder,
  earlier: readonly CommentedOrder[],
  history: readonly string[] = [],
): CommentRequest {
  const previousProducts = earlier
    .filter((other) => other.id !== order.id && other.created_at <= order.created_at)
    .sort(newestFirst)
    .slice(0, COMMENT_LIMITS.previousProducts)
    .map((other) => other.product_name);
  const recent = history
    .map((text) => clip(text.trim(), COMMENT_LIMITS.previousCommentLength))
    .filter((text) => text !== '')
    .slice(-COMMENT_LIMITS.recentComments)
    .reverse();
  const request: CommentRequest = {
    guestId: guest.id,
    orderId: order.id,
    name: guest.full_name,
    product: { name: order.product_name, price: order.product_price },
    previousProducts,
    ...(recent[0] === undefined ? {} : { previousComment: recent[0], recentComments: recent }),
  };
  return withinBodyLimit(request);
}

const bodyBytes = (request: CommentRequest) => new TextEncoder().encode(JSON.stringify(request)).length;

/** Drops the oldest recent comments while the body is larger than the function reads (only long, emoji-heavy comments get there). */
function withinBodyLimit(request: CommentRequest): CommentRequest {
  // A UTF-16 code unit is at most 3 bytes of UTF-8: most bodies are known to fit without encoding them.
  if (JSON.stringify(request).length * 3 <= COMMENT_LIMITS.bodyBytes) return request;
  let fitted = request;
  while (bodyBytes(fitted) > COMMENT_LIMITS.bodyBytes && (fitted.recentComments?.length ?? 0) > 1) {
    fitted = { ...fitted, recentComments: fitted.recentComments?.slice(0, -1) ?? [] };
  }
  return fitted;
}
