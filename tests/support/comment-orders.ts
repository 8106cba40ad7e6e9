/** Orders to ask the `comment` function about, and requests that carry them. */
import type { CommentOrder } from '../../supabase/functions/_shared/comment-request.ts';

export const GUEST_ID = '6f1c1c8e-3b1a-4c2e-9a57-0c6f7b1d2e3f';

export interface OrderBody {
  guestId: string;
  orderId?: string;
  name: string;
  product: { name: string; price: number };
  previousProducts: string[];
  previousComment?: string;
}

/** A valid request body: Ana's Summer Ale 500cc after one Guinness. */
export function anOrder(overrides: Partial<OrderBody> = {}): OrderBody {
  return {
    guestId: GUEST_ID,
    name: 'Ana María',
    product: { name: 'Summer Ale 500cc', price: 4400 },
    previousProducts: ['Guinness 300cc'],
    ...overrides,
  };
}

/** The same order as the function sees it once validated. */
export function aValidOrder(overrides: Partial<OrderBody> = {}): CommentOrder {
  return anOrder(overrides);
}

export const FUNCTION_URL = 'http://functions.test/functions/v1/comment';

export function commentRequest(body: unknown, init: RequestInit & { url?: string } = {}): Request {
  const { url = FUNCTION_URL, headers, ...rest } = init;
  return new Request(url, {
    method: 'POST',
    body: typeof body === 'string' ? body : JSON.stringify(body),
    headers: { 'Content-Type': 'application/json', ...(headers as Record<string, string> | undefined) },
    ...rest,
  });
}
