import { describe, expect, it, vi } from 'vitest';
import { registerGuest } from '../../../src/guest/index.ts';
import { GUEST_STORAGE_KEY, parseStoredGuest, saveGuest } from '../../../src/guest/storage.ts';
import { readLocal } from '../../../src/platform/index.ts';

/** The guest as the phone reads it back, through the localStorage that never throws. */
const loadGuest = () => parseStoredGuest(readLocal(GUEST_STORAGE_KEY));

const ID = '8a6e0804-2bd0-4672-b79e-d4b259de3b01';

describe('the stored guest', () => {
  it('round-trips { id, full_name } as JSON under "user"', () => {
    expect(saveGuest({ id: ID, full_name: 'Ana' })).toBe(true);
    expect(JSON.parse(localStorage.getItem(GUEST_STORAGE_KEY) ?? '')).toEqual({ id: ID, full_name: 'Ana' });
    expect(loadGuest()).toEqual({ id: ID, full_name: 'Ana' });
  });

  it('treats anything corrupt or incomplete as no guest', () => {
    const corrupt = [
      'not json',
      '{',
      'null',
      '42',
      '"Ana"',
      '[]',
      '{}',
      JSON.stringify({ id: ID }),
      JSON.stringify({ full_name: 'Ana' }),
      JSON.stringify({ id: 'not-a-uuid', full_name: 'Ana' }),
      JSON.stringify({ id: ID, full_name: 42 }),
      JSON.stringify({ id: ID, full_name: 'Jo' }),
    ];
    for (const raw of corrupt) expect(parseStoredGuest(raw), raw).toBeNull();
    expect(parseStoredGuest(null)).toBeNull();
  });

  it('keeps a guest stored under the earlier name rule, so the phone keeps its tab (the bar may refuse the name)', () => {
    expect(parseStoredGuest(JSON.stringify({ id: ID, full_name: '🍺🍺🍺' }))).toEqual({ id: ID, full_name: '🍺🍺🍺' });
    expect(parseStoredGuest(JSON.stringify({ id: ID, full_name: 'Ana\u200b' }))).toEqual({ id: ID, full_name: 'Ana' });
  });

  it('registers a guest with a phone-made UUID, ignoring short names', () => {
    expect(registerGuest('Jo')).toBeNull();
    expect(localStorage.getItem(GUEST_STORAGE_KEY)).toBeNull();
    const guest = registerGuest('  Ana  ');
    expect(guest).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), full_name: 'Ana' });
    expect(loadGuest()).toEqual(guest);
  });

  it('survives a browser that refuses to store anything', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('quota', 'QuotaExceededError');
    });
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(saveGuest({ id: ID, full_name: 'Ana' })).toBe(false);
    expect(loadGuest()).toBeNull();
    expect(registerGuest('Ana')?.full_name).toBe('Ana');
  });
});
