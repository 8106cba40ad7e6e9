import { describe, expect, it } from 'vitest';
import { mayHaveTypo, withinOneEdit } from '../../../src/catalogue/typo.ts';

describe('one typo', () => {
  it('accepts one letter changed, missing, added, or two neighbours swapped', () => {
    expect(withinOneEdit('pisko', 'pisco')).toBe(true);
    expect(withinOneEdit('sumer', 'summer')).toBe(true);
    expect(withinOneEdit('summmer', 'summer')).toBe(true);
    expect(withinOneEdit('chlea', 'chela')).toBe(true);
    expect(withinOneEdit('pisco', 'pisco')).toBe(true);
    expect(withinOneEdit('pisc', 'pisco')).toBe(true);
  });

  it('refuses two slips', () => {
    expect(withinOneEdit('pskio', 'pisco')).toBe(false);
    expect(withinOneEdit('piskko', 'pisco')).toBe(false);
    expect(withinOneEdit('sumr', 'summer')).toBe(false);
    expect(withinOneEdit('abcd', 'dcba')).toBe(false);
    expect(withinOneEdit('', 'ab')).toBe(false);
  });

  it('gives a typo only to words of 4 letters or more, counted as characters', () => {
    expect(mayHaveTypo('ron')).toBe(false);
    expect(mayHaveTypo('rons')).toBe(true);
    expect(mayHaveTypo('🍺🍺🍺')).toBe(false);
  });
});
