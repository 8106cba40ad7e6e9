export { clearCommentHistory, HISTORY_STORAGE_KEY, KEPT_COMMENT_KEY, type ClearedComments } from './history.ts';
export type { CommentedOrder } from './request.ts';
export type { CommentState } from './state.ts';
export { useCommentState, useOrderComment, type CommentWatch, type OrderComment } from './useOrderComment.ts';
