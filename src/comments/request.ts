/** What the `comment` function is asked (supabase/functions/_shared/comment-request.ts). */
import { COMMENT_LIMITS } from '../../supabase/functions/_shared/rules.ts';

export interface CommentRequest {
  readonly guestId: string;
  readonly name: string;
  readonly product: { readonly name: string; readonly price: number };
  /** Names of the guest's earlier active orders, newest first. */
  readonly previousProducts: readonly string[];
  readonly previousComment?: string;
}

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

const newestFirst = (a: CommentedOrder, b: CommentedOrder) => b.created_at.localeCompare(a.created_at);

/** Cuts by characters (code points), as the function counts them, so an emoji is never split. */
function clip(text: string, max: number): string {
  const characters = Array.from(text);
  return characters.length <= max ? text : characters.slice(0, max).join('');
}

/**
 * The body for one order: `earlier` may include the order itself or later ones
 * (a live list); only the orders before it count.
 */
export function buildCommentRequest(
  guest: CommentGuest,
  order: CommentedOrder,
  earlier: readonly CommentedOrder[],
  previousComment?: string,
): CommentRequest {
  const previousProducts = earlier
    .filter((other) => other.id !== order.id && other.created_at <= order.created_at)
    .sort(newestFirst)
    .slice(0, COMMENT_LIMITS.previousProducts)
    .map((other) => other.product_name);
  const comment = clip(previousComment?.trim() ?? '', COMMENT_LIMITS.previousCommentLength);
  return {
    guestId: guest.id,
    name: guest.full_name,
    product: { name: order.product_name, price: order.product_price },
    previousProducts,
    ...(comment === '' ? {} : { previousComment: comment }),
  };
}
