import { removeLocal } from '../platform/index.ts';

/** Earlier generated comments, kept in localStorage under `previousJokes` (spec §3). */
export const HISTORY_STORAGE_KEY = 'previousJokes';

/** Forgets every earlier comment, as a reset of the tab does. */
export function clearCommentHistory(): void {
  removeLocal(HISTORY_STORAGE_KEY);
}
