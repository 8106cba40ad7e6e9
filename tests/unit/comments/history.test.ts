import { describe, expect, it } from 'vitest';
import {
  clearCommentHistory,
  MAX_REMEMBERED_COMMENTS,
  parseCommentHistory,
  pushComment,
  readCommentHistory,
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
