/**
 * The comment on the latest order, kept outside React: at each order the
 * comment showing goes to the history, a newer order aborts the older stream,
 * and an order made offline is asked about once the connection returns.
 */
import { clearCommentHistory, rememberComment } from './history.ts';
import { buildCommentRequest, type CommentedOrder, type CommentGuest, type CommentRequest } from './request.ts';
import { commentReducer, IDLE_COMMENT, type CommentEvent, type CommentState } from './state.ts';

export type CommentStream = (request: CommentRequest, signal: AbortSignal, onChunk: (text: string) => void) => Promise<void>;

export interface CommentSessionOptions {
  readonly stream: CommentStream;
  /** False only when the browser knows it has no connection. */
  readonly isOnline: () => boolean;
}

export interface CommentSession {
  readonly current: () => CommentState;
  readonly subscribe: (listener: () => void) => () => void;
  /** A new order was saved: ask for its comment, or keep it for when the signal returns. */
  readonly ordered: (guest: CommentGuest, order: CommentedOrder, earlier: readonly CommentedOrder[]) => void;
  /** The connection is back: the latest order still without a comment gets one. */
  readonly reconnected: () => void;
  /** The tab was reset: no history, no comment, no stream. */
  readonly reset: () => void;
  /** Aborts the running stream (the view is going away). */
  readonly stop: () => void;
}

export function createCommentSession(options: CommentSessionOptions): CommentSession {
  let state = IDLE_COMMENT;
  let running: AbortController | null = null;
  let newestOrderAt = '';
  const listeners = new Set<() => void>();

  const dispatch = (event: CommentEvent) => {
    const next = commentReducer(state, event);
    if (next === state) return;
    state = next;
    for (const listener of listeners) listener();
  };

  const stop = () => {
    running?.abort();
    running = null;
  };

  const ask = async (orderId: string, request: CommentRequest) => {
    stop();
    const controller = new AbortController();
    running = controller;
    dispatch({ type: 'asked', orderId, request });
    try {
      await options.stream(request, controller.signal, (text) => dispatch({ type: 'chunk', orderId, text }));
      dispatch({ type: 'finished', orderId });
    } catch {
      // Quiet by design (spec §8); an aborted stream's failure names an old order and changes nothing.
      dispatch({ type: 'failed', orderId, offline: !options.isOnline() });
    } finally {
      if (running === controller) running = null;
    }
  };

  return {
    current: () => state,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    ordered: (guest, order, earlier) => {
      // Saving is async: an older order reported late must not replace a newer one's comment.
      if (order.created_at < newestOrderAt) return;
      newestOrderAt = order.created_at;
      const history = rememberComment(state.text);
      const request = buildCommentRequest(guest, order, earlier, history.at(-1));
      if (options.isOnline()) {
        void ask(order.id, request);
      } else {
        stop();
        dispatch({ type: 'missed', orderId: order.id, request });
      }
    },
    reconnected: () => {
      if (state.phase === 'offline') void ask(state.orderId, state.request);
    },
    reset: () => {
      stop();
      newestOrderAt = '';
      clearCommentHistory();
      dispatch({ type: 'reset' });
    },
    stop,
  };
}
