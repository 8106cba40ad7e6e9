import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { env } from '../config/env.ts';
import { clearCommentHistory } from './history.ts';
import type { CommentedOrder, CommentGuest } from './request.ts';
import { createCommentSession, type CommentSession } from './session.ts';
import { IDLE_COMMENT, type CommentState } from './state.ts';
import { commentEndpoint, streamComment } from './stream.ts';

export interface OrderComment {
  readonly comment: CommentState;
  /** False when no backend is configured: no comments at all. */
  readonly enabled: boolean;
  /** Call after each saved order, with the guest's active orders (it may be among them). */
  readonly commentOn: (order: CommentedOrder, earlier: readonly CommentedOrder[]) => void;
  /** Forgets the comment history and the comment showing. */
  readonly reset: () => void;
}

function startSession(): CommentSession | null {
  if (!env.backend) return null;
  const endpoint = commentEndpoint(env.backend);
  return createCommentSession({
    stream: (request, signal, onChunk) => streamComment(endpoint, request, { signal, onChunk }),
    isOnline: () => navigator.onLine,
  });
}

const noSubscription = () => () => undefined;
const idle = () => IDLE_COMMENT;

/** The streamed comment on the guest's latest order. */
export function useOrderComment(guest: CommentGuest): OrderComment {
  const [session] = useState(startSession);
  const comment = useSyncExternalStore(session?.subscribe ?? noSubscription, session?.current ?? idle);

  useEffect(() => {
    if (!session) return undefined;
    const reconnected = () => session.reconnected();
    window.addEventListener('online', reconnected);
    return () => {
      window.removeEventListener('online', reconnected);
      session.stop();
    };
  }, [session]);

  const { id, full_name: fullName } = guest;
  const commentOn = useCallback(
    (order: CommentedOrder, earlier: readonly CommentedOrder[]) => session?.ordered({ id, full_name: fullName }, order, earlier),
    [session, id, fullName],
  );
  const reset = useCallback(() => (session ? session.reset() : clearCommentHistory()), [session]);
  return { comment, enabled: session !== null, commentOn, reset };
}
