export { clearCommentHistory, HISTORY_STORAGE_KEY } from './history.ts';
