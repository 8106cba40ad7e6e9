/**
 * The comment on the latest order, kept outside React: at each order the
 * comment showing goes to the history, a newer order aborts the older stream,
 * and an order made offline is asked about once the connection returns. What
 * a reload must find (the text on screen, or the request still unanswered) is
 * kept beside the history as it changes.
 */
import { createListeners } from '../platform/index.ts';
import { clearCommentHistory, keepComment, readKeptComment, rememberComment, restoreCommentHistory, type ClearedComments } from './history.ts';
import type { KeptComment } from './kept.ts';
import { buildCommentRequest, type CommentedOrder, type CommentGuest, type CommentRequest } from './request.ts';
import { commentReducer, IDLE_COMMENT, type CommentEvent, type CommentState } from './state.ts';

export type CommentStream = (request: CommentRequest, signal: AbortSignal, onChunk: (text: string) => void) => Promise<void>;

export interface CommentSessionOptions {
  readonly stream: CommentStream;
  /** False only when the browser knows it has no connection. */
  readonly isOnline: () => boolean;
  /** The guest whose kept comment (from before a reload) to show again. */
  readonly guestId?: string;
  /**
   * Picks closer together than this (a burst of 'Otra') are asked about once,
   * for the last of them, when the burst is over; 0 asks at every pick.
   */
  readonly askSpacingMs?: number;
}

export interface CommentSession {
  readonly current: () => CommentState;
  readonly subscribe: (listener: () => void) => () => void;
  /** A new order was saved: ask for its comment, or keep it for when the signal returns. */
  readonly ordered: (guest: CommentGuest, order: CommentedOrder, earlier: readonly CommentedOrder[]) => void;
  /** The connection is back (or the page just opened): a comment still unanswered is asked for. */
  readonly reconnected: () => void;
  /** The tab was reset (here or in another tab): no history, no comment, no stream. Returns what it cleared. */
  readonly reset: () => ClearedComments;
  /** The reset was undone: the history back, and the comment it cleared unless a newer pick has one. */
  readonly undoReset: (cleared: ClearedComments) => void;
  /** Aborts the running stream (the view is going away). */
  readonly stop: () => void;
}

/** The comment a reload kept: its text, or its request, asked again as soon as there is signal. */
function restored(guestId: string | undefined, online: boolean): CommentState {
  const kept = guestId === undefined ? null : readKeptComment(guestId);
  if (!kept) return IDLE_COMMENT;
  if (!('request' in kept)) return { phase: 'done', orderId: kept.orderId, text: kept.text };
  return { phase: online ? 'waiting' : 'offline', orderId: kept.orderId, request: kept.request, text: '' };
}

/** What a reload should find: the request until the answer is complete, then the text; null while it streams. */
function keptOf(state: CommentState, guestId: string | undefined): KeptComment | null {
  switch (state.phase) {
    case 'waiting':
    case 'offline':
      return { guestId: state.request.guestId, orderId: state.orderId, request: state.request };
    case 'done':
    case 'failed':
      return guestId === undefined ? null : { guestId, orderId: state.orderId, text: state.text };
    default:
      return null;
  }
}

export function createCommentSession(options: CommentSessionOptions): CommentSession {
  let state = restored(options.guestId, options.isOnline());
  let guestId = options.guestId;
  let newestOrderAt = '';
  const { subscribe, notify } = createListeners();

  const dispatch = (event: CommentEvent) => {
    const next = commentReducer(state, event);
    if (next === state) return;
    state = next;
    const kept = keptOf(state, guestId);
    if (kept) keepComment(kept);
    notify();
  };

  // The stream running, or the one that waits for a burst of picks to end.
  let running: AbortController | null = null;
  let waiting: ReturnType<typeof setTimeout> | null = null;
  let lastAskAt = Number.NEGATIVE_INFINITY;

  const stop = () => {
    running?.abort();
    running = null;
    if (waiting !== null) clearTimeout(waiting);
    waiting = null;
  };

  const stream = async (orderId: string, request: CommentRequest) => {
    const controller = new AbortController();
    running = controller;
    lastAskAt = Date.now();
    try {
      await options.stream(request, controller.signal, (text) => dispatch({ type: 'chunk', orderId, text }));
      dispatch({ type: 'finished', orderId });
    } catch {
      // Quiet by design (spec §8). An aborted stream changes nothing: a newer order took over, or the
      // view went away and the kept request is asked again when it is back.
      if (!controller.signal.aborted) dispatch({ type: 'failed', orderId, offline: !options.isOnline() });
    } finally {
      if (running === controller) running = null;
    }
  };

  const ask = (orderId: string, request: CommentRequest) => {
    stop();
    dispatch({ type: 'asked', orderId, request });
    const spacing = options.askSpacingMs ?? 0;
    if (Date.now() - lastAskAt >= spacing) {
      void stream(orderId, request);
      return;
    }
    lastAskAt = Date.now();
    waiting = setTimeout(() => {
      waiting = null;
      void stream(orderId, request);
    }, spacing);
  };

  function reconnected(): void {
    if (!options.isOnline()) return;
    const idle = running === null && waiting === null;
    if (state.phase === 'offline' || (state.phase === 'waiting' && idle)) ask(state.orderId, state.request);
  }

  return {
    current: () => state,
    subscribe,
    ordered: (guest, order, earlier) => {
      // Saving is async: an older order reported late must not replace a newer one's comment.
      if (order.created_at < newestOrderAt) return;
      newestOrderAt = order.created_at;
      guestId = guest.id;
      const history = rememberComment(state.text);
      const request = buildCommentRequest(guest, order, earlier, history);
      if (options.isOnline()) {
        ask(order.id, request);
      } else {
        stop();
        dispatch({ type: 'missed', orderId: order.id, request });
      }
    },
    reconnected,
    reset: () => {
      stop();
      newestOrderAt = '';
      const cleared = clearCommentHistory();
      dispatch({ type: 'reset' });
      return cleared;
    },
    undoReset: (cleared) => {
      const kept = restoreCommentHistory(cleared);
      if (kept === null || state.phase !== 'idle' || guestId === undefined) return;
      dispatch({ type: 'restored', state: restored(guestId, options.isOnline()) });
      // A comment the reset cut off before it came is asked for again.
      reconnected();
    },
    stop,
  };
}
