/**
 * The comment on the latest order, as a pure state machine:
 * idle → waiting → streaming → done | failed, or offline until the signal is back.
 * Every stream event names its order; only the current order's stream may change the text.
 */
import type { CommentRequest } from './request.ts';

interface Asking {
  readonly orderId: string;
  readonly request: CommentRequest;
  readonly text: '';
}

interface Telling {
  readonly orderId: string;
  readonly text: string;
}

/** Asked, no text yet: the waiting message shows. */
type Waiting = { readonly phase: 'waiting' } & Asking;
type Streaming = { readonly phase: 'streaming' } & Telling;
/** No connection: the request is kept for when it returns. */
type Offline = { readonly phase: 'offline' } & Asking;

export type CommentState = { readonly phase: 'idle'; readonly text: '' } | Waiting | Streaming | Offline | ({ readonly phase: 'done' | 'failed' } & Telling);

export type CommentEvent =
  | { readonly type: 'asked' | 'missed'; readonly orderId: string; readonly request: CommentRequest }
  | { readonly type: 'chunk'; readonly orderId: string; readonly text: string }
  | { readonly type: 'finished'; readonly orderId: string }
  | { readonly type: 'failed'; readonly orderId: string; readonly offline: boolean }
  | { readonly type: 'reset' }
  /** A reset undone: the comment it cleared, if no newer one came meanwhile. */
  | { readonly type: 'restored'; readonly state: CommentState };

type StreamEvent = Extract<CommentEvent, { type: 'chunk' | 'finished' | 'failed' }>;

export const IDLE_COMMENT: CommentState = { phase: 'idle', text: '' };

export function commentReducer(state: CommentState, event: CommentEvent): CommentState {
  switch (event.type) {
    case 'asked':
      return { phase: 'waiting', orderId: event.orderId, request: event.request, text: '' };
    case 'missed':
      return { phase: 'offline', orderId: event.orderId, request: event.request, text: '' };
    case 'reset':
      return IDLE_COMMENT;
    case 'restored':
      return state.phase === 'idle' ? event.state : state;
    default:
      return isStreamOf(state, event.orderId) ? streamed(state, event) : state;
  }
}

function isStreamOf(state: CommentState, orderId: string): state is Waiting | Streaming {
  return (state.phase === 'waiting' || state.phase === 'streaming') && state.orderId === orderId;
}

function streamed(state: Waiting | Streaming, event: StreamEvent): CommentState {
  const { orderId, text } = state;
  switch (event.type) {
    case 'chunk':
      return event.text === '' ? state : { phase: 'streaming', orderId, text: text + event.text };
    case 'finished':
      return { phase: 'done', orderId, text };
    case 'failed':
      // Lost the signal before a word came: ask again when it returns, as if never asked.
      if (event.offline && state.phase === 'waiting') return { ...state, phase: 'offline' };
      return { phase: 'failed', orderId, text };
  }
}
