/**
 * What the phone keeps of the comments, all in localStorage: earlier comments
 * under `previousJokes` (spec §3), and beside them the comment on screen or the
 * one waiting for the signal, so a reload keeps it.
 */
import { parseStoredJson, readLocal, removeLocal, writeLocal } from '../platform/index.ts';
import { isKeptComment, type KeptComment } from './kept.ts';

export const HISTORY_STORAGE_KEY = 'previousJokes';
export const KEPT_COMMENT_KEY = 'currentJoke';
export const MAX_REMEMBERED_COMMENTS = 20;

/** The stored history, oldest first; anything corrupt means no history, never a crash. */
export function parseCommentHistory(raw: string | null): string[] {
  const value = parseStoredJson(raw);
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

/** The comment kept for this guest, or null (none, another guest's, or corrupt). */
export function readKeptComment(guestId: string): KeptComment | null {
  const value = parseStoredJson(readLocal(KEPT_COMMENT_KEY));
  return isKeptComment(value, guestId) ? value : null;
}

export function keepComment(kept: KeptComment): void {
  writeLocal(KEPT_COMMENT_KEY, JSON.stringify(kept));
}

/** What a reset of the tab cleared, so its 'Deshacer' can put it back. */
export interface ClearedComments {
  /** `previousJokes` as it was, oldest first. */
  readonly history: readonly string[];
  /** The comment that was kept (on screen, or waiting for the signal), raw; null when none. */
  readonly kept: string | null;
}

/** Forgets every earlier comment and the one on screen, as a reset of the tab does (in every open tab); returns what it forgot. */
export function clearCommentHistory(): ClearedComments {
  const cleared = { history: readCommentHistory(), kept: readLocal(KEPT_COMMENT_KEY) };
  removeLocal(HISTORY_STORAGE_KEY);
  removeLocal(KEPT_COMMENT_KEY);
  return cleared;
}

/**
 * 'Deshacer' after a reset: the history comes back, before any comment made
 * since (newest 20 kept), and the kept comment too when none was kept since
 * (nothing was picked after the reset). Returns the kept comment restored, if any.
 */
export function restoreCommentHistory(cleared: ClearedComments): string | null {
  const since = readCommentHistory();
  const history = [...cleared.history, ...since].slice(-MAX_REMEMBERED_COMMENTS);
  if (history.length > 0) writeLocal(HISTORY_STORAGE_KEY, JSON.stringify(history));
  if (cleared.kept === null || readLocal(KEPT_COMMENT_KEY) !== null) return null;
  writeLocal(KEPT_COMMENT_KEY, cleared.kept);
  return cleared.kept;
}

/** True for a storage event saying another tab reset the comments. */
export function isResetElsewhere(event: StorageEvent): boolean {
  return event.newValue === null && (event.key === KEPT_COMMENT_KEY || event.key === null);
}
