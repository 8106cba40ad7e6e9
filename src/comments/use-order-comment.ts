import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { env } from '../config/env.ts';
import { clearCommentHistory, isResetElsewhere, restoreCommentHistory, type ClearedComments } from './history.ts';
import type { CommentedOrder, CommentGuest } from './request.ts';
import { createCommentSession, type CommentSession } from './session.ts';
import { IDLE_COMMENT, type CommentState } from './state.ts';
import { commentEndpoint, streamComment } from './stream.ts';

/** Where the comment on screen can be followed; null without a backend (no comments at all). */
export type CommentWatch = Pick<CommentSession, 'subscribe' | 'current'> | null;

export interface OrderComment {
  /** Followed by the view that shows the comment (`useCommentState`), so its words render only that view. */
  readonly watch: CommentWatch;
  /** False when no backend is configured: no comments at all. */
  readonly enabled: boolean;
  /** Call after each saved order, with the guest's active orders (it may be among them). */
  readonly commentOn: (order: CommentedOrder, earlier: readonly CommentedOrder[]) => void;
  /** Forgets the comment history and the comment showing, in every open tab; returns what it forgot. */
  readonly reset: () => ClearedComments;
  /** The reset was undone: what it forgot comes back (the comment showing, only if no pick came since). */
  readonly undoReset: (cleared: ClearedComments) => void;
}

/** 'Otra' tapped three times in a row asks for one comment, on the last, not three. */
const BURST_MS = 400;

function startSession(guestId: string): CommentSession | null {
  if (!env.backend) return null;
  const endpoint = commentEndpoint(env.backend);
  return createCommentSession({
    stream: (request, signal, onChunk) => streamComment(endpoint, request, { signal, onChunk }),
    isOnline: () => navigator.onLine,
    guestId,
    askSpacingMs: BURST_MS,
  });
}

const noSubscription = () => () => undefined;
const idle = () => IDLE_COMMENT;

/** The streamed comment on the guest's latest order, as a reload left it. */
export function useCommentState(watch: CommentWatch): CommentState {
  return useSyncExternalStore(watch?.subscribe ?? noSubscription, watch?.current ?? idle);
}

/** The comment session of the guest's screen: it asks after each order; `useCommentState` shows it. */
export function useOrderComment(guest: CommentGuest): OrderComment {
  const [session] = useState(() => startSession(guest.id));

  useEffect(() => {
    if (!session) return undefined;
    const reconnected = () => session.reconnected();
    const resetElsewhere = (event: StorageEvent) => {
      if (isResetElsewhere(event)) session.reset();
    };
    window.addEventListener('online', reconnected);
    window.addEventListener('storage', resetElsewhere);
    // A comment the reload interrupted is asked for again.
    session.reconnected();
    return () => {
      window.removeEventListener('online', reconnected);
      window.removeEventListener('storage', resetElsewhere);
      session.stop();
    };
  }, [session]);

  const { id, full_name: fullName } = guest;
  const commentOn = useCallback(
    (order: CommentedOrder, earlier: readonly CommentedOrder[]) => session?.ordered({ id, full_name: fullName }, order, earlier),
    [session, id, fullName],
  );
  const reset = useCallback(() => (session ? session.reset() : clearCommentHistory()), [session]);
  const undoReset = useCallback((cleared: ClearedComments) => (session ? session.undoReset(cleared) : void restoreCommentHistory(cleared)), [session]);
  return { watch: session, enabled: session !== null, commentOn, reset, undoReset };
}
