import { describe, expect, it } from 'vitest';
import {
  clearCommentHistory,
  isResetElsewhere,
  keepComment,
  KEPT_COMMENT_KEY,
  MAX_REMEMBERED_COMMENTS,
  parseCommentHistory,
  pushComment,
  readCommentHistory,
  readKeptComment,
  rememberComment,
} from '../../../src/comments/history.ts';

const comments = (count: number) => Array.from({ length: count }, (_, index) => `comentario ${index + 1}`);

describe('the previous comments (previousJokes)', () => {
  it('adds the newest comment at the end', () => {
    expect(pushComment(['¡Salud!'], 'Otra ronda, campeón')).toEqual(['¡Salud!', 'Otra ronda, campeón']);
  });

  it('keeps only the 20 newest', () => {
    const history = pushComment(comments(MAX_REMEMBERED_COMMENTS), 'el 21');
    expect(history).toHaveLength(20);
    expect(history[0]).toBe('comentario 2');
    expect(history.at(-1)).toBe('el 21');
  });

  it('adds nothing for a blank comment, and trims what it keeps', () => {
    expect(pushComment(['uno'], '  \n ')).toEqual(['uno']);
    expect(pushComment([], '  dos \n')).toEqual(['dos']);
  });

  it('reads a corrupt stored value as no history', () => {
    for (const raw of [null, '', '{', 'null', '"texto"', '{"a":1}', '42']) {
      expect(parseCommentHistory(raw), String(raw)).toEqual([]);
    }
  });

  it('drops stored entries that are not text, and caps a long stored list', () => {
    expect(parseCommentHistory(JSON.stringify(['uno', 2, null, 'tres']))).toEqual(['uno', 'tres']);
    expect(parseCommentHistory(JSON.stringify(comments(25)))).toEqual(comments(25).slice(-20));
  });

  it('remembers in localStorage, over a corrupt value too, and clears it', () => {
    localStorage.setItem('previousJokes', '[[roto');
    expect(rememberComment('Ese pisco te queda bien')).toEqual(['Ese pisco te queda bien']);
    expect(JSON.parse(localStorage.getItem('previousJokes') ?? '')).toEqual(['Ese pisco te queda bien']);
    rememberComment('');
    expect(readCommentHistory()).toEqual(['Ese pisco te queda bien']);
    clearCommentHistory();
    expect(localStorage.getItem('previousJokes')).toBeNull();
  });
});

describe('the comment kept beside previousJokes', () => {
  const GUEST = '8a6e0804-2bd0-4672-b79e-d4b259de3b01';
  const request = { guestId: GUEST, name: 'Ana', product: { name: 'Aperol Spritz', price: 6500 }, previousProducts: [] };

  it('reads back the text on screen or the request waiting, for the same guest only', () => {
    keepComment({ guestId: GUEST, orderId: 'o1', text: 'Salud, Ana.' });
    expect(readKeptComment(GUEST)).toEqual({ guestId: GUEST, orderId: 'o1', text: 'Salud, Ana.' });
    expect(readKeptComment('2f1c4b7e-93d2-4c36-9d5f-0e8e2f4a6b17')).toBeNull();
    keepComment({ guestId: GUEST, orderId: 'o2', request });
    expect(readKeptComment(GUEST)).toEqual({ guestId: GUEST, orderId: 'o2', request });
  });

  it('reads anything corrupt or half-written as nothing kept', () => {
    for (const raw of [
      '{',
      'null',
      '[]',
      '{"guestId":"x"}',
      JSON.stringify({ guestId: GUEST, orderId: 3, text: 'x' }),
      JSON.stringify({ guestId: GUEST, orderId: 'o', request: { ...request, previousProducts: 'Guinness' } }),
      JSON.stringify({ guestId: GUEST, orderId: 'o', request: { ...request, guestId: 'otro' } }),
    ]) {
      localStorage.setItem(KEPT_COMMENT_KEY, raw);
      expect(readKeptComment(GUEST), raw).toBeNull();
    }
  });

  it('is cleared with the history, and a removal of it in another tab reads as a reset there', () => {
    keepComment({ guestId: GUEST, orderId: 'o1', text: 'Salud, Ana.' });
    rememberComment('Uno');
    clearCommentHistory();
    expect(localStorage.getItem(KEPT_COMMENT_KEY)).toBeNull();
    expect(isResetElsewhere(new StorageEvent('storage', { key: KEPT_COMMENT_KEY, newValue: null }))).toBe(true);
    expect(isResetElsewhere(new StorageEvent('storage', { key: null, newValue: null }))).toBe(true);
    expect(isResetElsewhere(new StorageEvent('storage', { key: KEPT_COMMENT_KEY, newValue: '{}' }))).toBe(false);
    expect(isResetElsewhere(new StorageEvent('storage', { key: 'user', newValue: null }))).toBe(false);
  });
});
