import { describe, expect, it } from 'vitest';
import { guestList, nameMatches, stillOwes } from '../../../src/host/list.ts';
import { withMark } from '../../../src/host/marks.ts';
import { guestRow } from './fixtures.ts';

const row = (id: string, full_name: string, tipped: number, paid_amount: number | null = null) =>
  guestRow({ id, full_name, tipped, paid_amount, paid_at: paid_amount === null ? null : '2026-11-22T02:00:00Z' });

describe('the order of the host’s list', () => {
  it('puts who owes most first and who paid last; the same debt by name, in es-CL', () => {
    const guests = [row('1', 'Zoe', 5000, 5000), row('2', 'ñandú', 3000), row('3', 'Nico', 3000), row('4', 'Óscar', 9000, 4000), row('5', 'Beto', 8000)];
    expect(guestList(guests, [], '').map(({ guest }) => guest.full_name)).toEqual(['Beto', 'Óscar', 'Nico', 'ñandú', 'Zoe']);
    expect(stillOwes(guests[3] ?? row('x', 'x', 0))).toBe(5000);
  });

  it('counts a mark still on the phone as made', () => {
    const guests = [row('a', 'Ana', 5000), row('b', 'Beto', 4000)];
    const marks = withMark([], { guestId: 'a', paid: true, amount: 5000 }, Date.parse('2026-11-22T02:00:00Z'));
    const listed = guestList(guests, marks, '');
    expect(listed.map(({ guest }) => [guest.full_name, guest.paid_amount])).toEqual([
      ['Beto', null],
      ['Ana', 5000],
    ]);
    expect(listed[1]?.mark?.guestId).toBe('a');
  });
});

describe('the name search', () => {
  it('ignores accents, capitals and extra spaces', () => {
    expect(nameMatches('Fernández Lagos', 'fernandez')).toBe(true);
    expect(nameMatches('Fernández Lagos', ' FERNÁNDEZ   lagos ')).toBe(true);
    expect(nameMatches('José Ñuñoa', 'nunoa')).toBe(true);
    expect(nameMatches('Ana Pérez', 'beto')).toBe(false);
    expect(nameMatches('Ana Pérez', '')).toBe(true);
  });
});
