export type { ClearedComments } from './history.ts';
export type { CommentState } from './state.ts';
export { useCommentState, useOrderComment, type CommentWatch } from './use-order-comment.ts';
