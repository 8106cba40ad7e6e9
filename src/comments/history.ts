import { readLocal, removeLocal, writeLocal } from '../platform/index.ts';

/** Earlier generated comments, kept in localStorage under `previousJokes` (spec §3), oldest first. */
export const HISTORY_STORAGE_KEY = 'previousJokes';
export const MAX_REMEMBERED_COMMENTS = 20;

/** The stored history; anything corrupt means no history, never a crash. */
export function parseCommentHistory(raw: string | null): string[] {
  if (raw === null) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  return value.filter((item): item is string => typeof item === 'string').slice(-MAX_REMEMBERED_COMMENTS);
}

/** The history with one more comment at the end, keeping the newest 20; a blank comment adds nothing. */
export function pushComment(history: readonly string[], comment: string): string[] {
  const text = comment.trim();
  const longer = text === '' ? [...history] : [...history, text];
  return longer.slice(-MAX_REMEMBERED_COMMENTS);
}

export function readCommentHistory(): string[] {
  return parseCommentHistory(readLocal(HISTORY_STORAGE_KEY));
}

/** Keeps the comment that was showing; returns the history, newest last. */
export function rememberComment(comment: string): string[] {
  const history = pushComment(readCommentHistory(), comment);
  if (comment.trim() !== '') writeLocal(HISTORY_STORAGE_KEY, JSON.stringify(history));
  return history;
}

/** Forgets every earlier comment, as a reset of the tab does. */
export function clearCommentHistory(): void {
  removeLocal(HISTORY_STORAGE_KEY);
}
