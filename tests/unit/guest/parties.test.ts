/** Which guest the phone opens into, party by party: the pure rules, and what localStorage keeps. */
import { describe, expect, it } from 'vitest';
import { arriveByLink, registerGuest, undoArrival, type PhoneGuests } from '../../../src/guest/index.ts';
import { arriveAtParty } from '../../../src/guest/parties.ts';
import { parseStoredGuest } from '../../../src/guest/storage.ts';
import { partyLinkIn } from '../../../src/party/index.ts';

const A = 'Q3uX1lG0aN-5y_8ZkP2mWw';
const B = 'zz9Y8x7W6v5U4t3S2r1Q0p';
const ana = { id: '8a6e0804-2bd0-4672-b79e-d4b259de3b01', full_name: 'Ana en A', party: A };
const beto = { id: 'c7d4b1f0-0000-4000-8000-00000000b370', full_name: 'Beto por defecto' };

describe('arriving by a party’s link', () => {
  it('changes nothing in the party the phone is in', () => {
    const phone: PhoneGuests = { guest: ana, party: A, earlier: [] };
    expect(arriveAtParty(phone, A)).toBe(phone);
  });

  it('starts a new guest in another party, keeping the current one first among the earlier ones', () => {
    const phone: PhoneGuests = { guest: ana, party: A, earlier: [beto] };
    expect(arriveAtParty(phone, B)).toEqual({ guest: null, party: B, earlier: [ana, beto] });
  });

  it('opens into the guest the phone already had in that party', () => {
    const phone: PhoneGuests = { guest: beto, party: null, earlier: [ana] };
    expect(arriveAtParty(phone, A)).toEqual({ guest: ana, party: A, earlier: [beto] });
  });

  it('keeps no one when no name was typed in the party it leaves', () => {
    expect(arriveAtParty({ guest: null, party: A, earlier: [beto] }, B)).toEqual({ guest: null, party: B, earlier: [beto] });
  });
});

describe('the phone’s guests in localStorage', () => {
  it('keeps a guest of the default party exactly as before parties, and one by a link with its party', () => {
    expect(registerGuest('Beto por defecto')).not.toHaveProperty('party');
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toEqual({ id: expect.any(String), full_name: 'Beto por defecto' });
    arriveByLink(A);
    expect(localStorage.getItem('user')).toBeNull();
    const guest = registerGuest('Ana en A');
    expect(guest?.party).toBe(A);
    expect(parseStoredGuest(localStorage.getItem('user'))).toEqual(guest);
    expect(JSON.parse(localStorage.getItem('earlierGuests') ?? '[]')).toEqual([{ id: expect.any(String), full_name: 'Beto por defecto' }]);
  });

  it('opens into the link’s party even before a name is typed there (the app reopened from `/`)', () => {
    registerGuest('Beto por defecto');
    arriveByLink(B);
    expect(localStorage.getItem('party')).toBe(B);
    expect(registerGuest('Carla en B')?.party).toBe(B);
  });

  it('gives back what the phone held when no party has the code, unless a guest was made there since', () => {
    const before = (registerGuest('Beto por defecto'), arriveByLink(A));
    undoArrival(before, A);
    expect(parseStoredGuest(localStorage.getItem('user'))?.full_name).toBe('Beto por defecto');
    expect(localStorage.getItem('party')).toBeNull();
    expect(localStorage.getItem('earlierGuests')).toBeNull();

    const again = arriveByLink(B);
    registerGuest('Dora en B');
    undoArrival(again, B);
    expect(parseStoredGuest(localStorage.getItem('user'))).toMatchObject({ full_name: 'Dora en B', party: B });
  });

  it('reads a corrupt party as the default party', () => {
    expect(parseStoredGuest(JSON.stringify({ ...ana, party: 'no es un código' }))).toEqual({ id: ana.id, full_name: ana.full_name });
  });
});

describe('a page’s address', () => {
  it('names a party only as /f/<code>', () => {
    expect(partyLinkIn('/')).toEqual({ kind: 'none' });
    expect(partyLinkIn('/anfitrion')).toEqual({ kind: 'none' });
    expect(partyLinkIn(`/f/${A}`)).toEqual({ kind: 'party', code: A });
    expect(partyLinkIn(`/f/${A}/`)).toEqual({ kind: 'party', code: A });
    expect(partyLinkIn('/f/corto')).toEqual({ kind: 'malformed' });
    expect(partyLinkIn('/f/%E0%A4%A')).toEqual({ kind: 'malformed' });
    expect(partyLinkIn(`/f/${A}/otra`)).toEqual({ kind: 'none' });
  });
});
